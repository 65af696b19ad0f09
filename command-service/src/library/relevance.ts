import { distance } from 'fastest-levenshtein';
import stem from 'wink-porter2-stemmer';
import type { LibraryItem } from './library';

/**
 * Is a library question on the topic a prompt asks for? BM25 ranks, but it gives a question credit for any one
 * word of the prompt, so "linear equations" finds a linear search and a balanced chemical equation. This measures
 * coverage instead: the share of the topic's information (its words weighed by IDF over the library) a question
 * matches, where adjacent words that form one topic of the library ("linear equations", "Newton's law") must match
 * together, words the library never uses still count against every question ("Hamlet" is not "Macbeth"), synonyms
 * count as the word, and a match in the question's topics or subject counts more than one in its text.
 *
 * The prompt's first clause with a topic in the library is the topic. Its other clauses ("factorising, the formula
 * and word problems") widen it within the subjects the topic belongs to, so "the formula" does not bring in
 * chemistry. A subject the prompt names ("maths: fractions") narrows the library to it.
 */
export const RELEVANCE_THRESHOLD = 0.65;

/** A match only in the question's text is weaker evidence than one in its topics: alone it never reaches the threshold. */
const TEXT_MATCH = 0.45;

const STOPWORDS = new Set(
  (
    'a an and are as at be by for from has have how i in is it its of on or that the this to was were what when where ' +
    'which who why will with about into than then them they their there these those can could should would do does ' +
    'make create generate give write set prepare need want like some each any all more most few several many ' +
    'assignment assignments question questions quiz quizzes test tests worksheet worksheets exam exams homework task tasks ' +
    'please marks mark points point total worth out each per apiece students student pupils pupil learners kids ' +
    'grade grades class year level levels form using use based include including my our me we you your us ' +
    'topic topics unit chapter lesson revision revise review practice practise short long answer answers ' +
    'multiple choice mcq mcqs numerical calculation calculations essay essays extended response responses ' +
    'easy easier medium hard harder difficult difficulty simple basic advanced beginner beginners intermediate ' +
    'one two three four five six seven eight nine ten eleven twelve fifteen twenty couple new also just only ' +
    'problems problem exercises exercise items item qs'
  ).split(' '),
);

/** Groups of words that mean the same topic; each word of a group matches any other. */
const SYNONYMS: string[][] = [
  ['genetics', 'genetic', 'inheritance', 'heredity', 'inherited'],
  ['evolution', 'natural selection'],
  ['electricity', 'circuits', 'electric', 'electrical'],
  ['derivative', 'derivatives', 'differentiation', 'differentiate'],
  ['integral', 'integrals', 'integration', 'integrate'],
  ['slope', 'gradient'],
  ['average', 'averages', 'mean'],
  ['percent', 'percentage', 'percentages'],
  ['fraction', 'fractions', 'rational'],
  ['factorise', 'factorize', 'factorising', 'factorizing', 'factorisation', 'factorization', 'factoring', 'factor'],
  ['ww1', 'wwi', 'first world war', 'world war one', 'great war'],
  ['ww2', 'wwii', 'second world war', 'world war two'],
  ['motion', 'kinematics', 'movement'],
  ['heat', 'thermal'],
  ['cell', 'cells', 'cellular'],
  ['algebra', 'algebraic'],
  ['trigonometry', 'trig', 'sine', 'cosine', 'tangent'],
  ['coding', 'programming', 'program'],
  ['stoichiometry', 'moles', 'mole'],
  ['acid', 'acids', 'acidic'],
  ['plant', 'plants'],
];

/** Library subjects and the words that name them in a prompt. */
const SUBJECT_WORDS: Record<string, string[]> = {
  Mathematics: ['mathematics', 'math', 'maths'],
  Physics: ['physics'],
  Chemistry: ['chemistry', 'chem'],
  Biology: ['biology', 'bio'],
  English: ['english', 'literature'],
  History: ['history'],
  'Computer Science': ['computer science', 'computing', 'cs', 'ict'],
};

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/\bworld war (?:1|i|one)\b/g, 'ww1')
    .replace(/\bworld war (?:2|ii|two)\b/g, 'ww2')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !/^\d+$/.test(w));

/** Content words of a text, stemmed (Porter2), stop words and numbers dropped. */
export const terms = (text: string) =>
  words(text)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem);

/** Stem → the stems it also matches. Multi-word synonyms ("first world war") match as their last-word stem set. */
const ALTERNATIVES = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of SYNONYMS) {
    const stems = group.map((g) => terms(g).join(' '));
    for (const s of stems) map.set(s, new Set([...(map.get(s) ?? []), ...stems]));
  }
  return map;
})();
const alternativesOf = (s: string) => ALTERNATIVES.get(s) ?? new Set([s]);

/** One word of a prompt clause, or adjacent words that form one topic of the library, matched together. */
type Unit = { stems: string[] };

type IndexedItem = { item: LibraryItem; topics: string[][]; subject: string[]; text: Set<string> };

/** A library prepared for relevance questions (build once per request). */
export type RelevanceIndex = { items: IndexedItem[]; vocabulary: Set<string> };

export function indexLibrary(library: readonly LibraryItem[]): RelevanceIndex {
  const items = library.map((item) => ({
    item,
    topics: item.topics.map(terms),
    subject: terms(item.subject),
    text: new Set(terms(item.questionText)),
  }));
  const vocabulary = new Set(items.flatMap((i) => [...i.topics.flat(), ...i.subject, ...i.text]));
  return { items, vocabulary };
}

/** Does a set of stems hold this stem or one of its synonyms (one- or multi-word)? */
function holds(stems: readonly string[], s: string): boolean {
  for (const alt of alternativesOf(s)) {
    const parts = alt.split(' ');
    if (parts.every((p) => stems.includes(p))) return true;
  }
  return false;
}

function matchOf(doc: IndexedItem, unit: Unit): number {
  const inOne = (stems: string[]) => unit.stems.every((s) => holds(stems, s));
  if (doc.topics.some(inOne) || inOne(doc.subject)) return 1;
  return inOne([...doc.text]) ? TEXT_MATCH : 0;
}

/**
 * A word the library never uses, one letter away from exactly one word it does ("photosynthesys", "fracions"), is
 * taken as that word. Short words are left alone: one letter turns them into other real words (run, ran).
 */
function spelled(s: string, index: RelevanceIndex): string {
  if (s.length < 6 || index.vocabulary.has(s) || [...alternativesOf(s)].some((a) => index.vocabulary.has(a))) return s;
  const near = [...index.vocabulary].filter((v) => Math.abs(v.length - s.length) <= 1 && distance(v, s) === 1);
  return near.length === 1 ? near[0]! : s;
}

/** Adjacent stems become one unit when some library topic holds all of them: the longest such run, up to three. */
function unitsOf(stems: string[], index: RelevanceIndex): Unit[] {
  const units: Unit[] = [];
  for (let i = 0; i < stems.length;) {
    let taken = 1;
    for (let n = Math.min(3, stems.length - i); n > 1; n--) {
      const run = stems.slice(i, i + n);
      if (index.items.some((d) => d.topics.some((t) => run.every((s) => holds(t, s))))) {
        taken = n;
        break;
      }
    }
    units.push({ stems: stems.slice(i, i + taken) });
    i += taken;
  }
  return units;
}

/** Share of a clause's information (IDF-weighed units) each library question matches, 0 to 1. */
function coverage(units: Unit[], index: RelevanceIndex): number[] {
  const n = index.items.length;
  const scores = new Array<number>(n).fill(0);
  let total = 0;
  for (const unit of units) {
    const matches = index.items.map((d) => matchOf(d, unit));
    const df = matches.filter((m) => m > 0).length;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    // A word the library uses only inside question texts ("human", "time") is a modifier more than a topic: it
    // weighs half. One it never uses weighs in full ("Hamlet" is the topic, and the library lacks it).
    const weight = df > 0 && matches.every((m) => m < 1) ? idf * TEXT_MATCH : idf;
    total += weight;
    matches.forEach((m, i) => (scores[i]! += m * weight));
  }
  return total === 0 ? scores : scores.map((s) => s / total);
}

export type TopicRelevance = {
  /** The topic as the prompt words it (its first clause with a topic), for messages. */
  topic: string;
  /** Relevance of each library question to the topic, 0 to 1, in library order. */
  scores: number[];
  /** Subjects the prompt names, if any: questions of other subjects score 0. */
  subjects: string[];
};

const CLAUSE_SPLIT = /[,;:.!?()[\]\n/&]+|\s+(?:and|or|as well as|plus|including|with|then)\s+/i;

/** Which library subjects a prompt names, and the prompt without those words. */
function namedSubjects(prompt: string): { subjects: string[]; rest: string } {
  let rest = ` ${prompt} `;
  const subjects: string[] = [];
  for (const [subject, names] of Object.entries(SUBJECT_WORDS)) {
    for (const name of names) {
      const pattern = new RegExp(`\\b${name}\\b`, 'gi');
      if (pattern.test(rest)) {
        if (!subjects.includes(subject)) subjects.push(subject);
        rest = rest.replace(pattern, ' ');
      }
    }
  }
  return { subjects, rest };
}

/**
 * Relevance of every library question to what `prompt` asks about (see the module comment). When the prompt names
 * no topic at all, `fallback` (title, description, textbooks) is read instead; a prompt naming only a subject makes
 * every question of it relevant.
 */
export function topicRelevance(index: RelevanceIndex, prompt: string, fallback = ''): TopicRelevance {
  const topicOf = (text: string) => {
    const { subjects, rest } = namedSubjects(text);
    const clauses = keepPairedTopics(rest, index)
      .split(CLAUSE_SPLIT)
      .map((c) => ({ text: topicWords(c), stems: terms(c) }))
      .filter((c) => c.stems.length > 0);
    return { subjects, clauses };
  };
  let { subjects, clauses } = topicOf(prompt);
  // The title, description and textbooks stand in for a prompt with no topic; there a subject alone is enough.
  const fromFallback = clauses.length === 0 && subjects.length === 0;
  if (fromFallback) ({ subjects, clauses } = topicOf(fallback));
  const inSubjects = (d: IndexedItem) => subjects.length === 0 || subjects.includes(d.item.subject);
  const wholeSubjects = () => ({
    topic: subjects.join(', '),
    scores: index.items.map((d) => (subjects.length > 0 && inSubjects(d) ? 1 : 0)),
    subjects,
  });

  if (clauses.length === 0) return wholeSubjects();
  const perClause = clauses.map((c) =>
    coverage(
      unitsOf(
        c.stems.map((s) => spelled(s, index)),
        index,
      ),
      index,
    ),
  );
  const mainAt = perClause.findIndex((scores) => scores.some((s, i) => s >= RELEVANCE_THRESHOLD && inSubjects(index.items[i]!)));
  if (mainAt < 0)
    return fromFallback && subjects.length > 0 ? wholeSubjects() : { topic: clauses[0]!.text, scores: index.items.map(() => 0), subjects };
  const main = perClause[mainAt]!;
  const topicSubjects = new Set(index.items.filter((d, i) => main[i]! >= RELEVANCE_THRESHOLD && inSubjects(d)).map((d) => d.item.subject));
  const scores = index.items.map((d, i) => {
    if (!inSubjects(d)) return 0;
    const widened = topicSubjects.has(d.item.subject) ? Math.max(0, ...perClause.map((c) => c[i]!)) : 0;
    return Math.max(main[i]!, widened);
  });
  return { topic: clauses[mainAt]!.text, scores, subjects };
}

/** Joins words the clause splitter must not part (not white space to it; a word boundary to `words`). */
const WORD_JOINER = '\u2060';

/**
 * "and" joins two topics ("fractions and decimals"), except inside a library topic that holds the words on both
 * sides ("acids and bases", "Romeo and Juliet"): there it stays, as a word the clause splitter does not see.
 */
function keepPairedTopics(text: string, index: RelevanceIndex): string {
  return text.replace(/(\S+)\s+(and|&)\s+(\S+)/gi, (whole, left: string, and: string, right: string) => {
    const pair = [...terms(left), ...terms(right)];
    const together = pair.length === 2 && index.items.some((d) => d.topics.some((t) => pair.every((p) => holds(t, p))));
    return together ? [left, and, right].join(WORD_JOINER) : whole;
  });
}

/** A clause's words from its first content word to its last: "5 questions on fractions for grade 6" → "fractions". */
function topicWords(clause: string): string {
  const all = clause.trim().split(/\s+/);
  const content = all.map((w) => terms(w).length > 0);
  const first = content.indexOf(true);
  const text = first < 0 ? clause.trim() : all.slice(first, content.lastIndexOf(true) + 1).join(' ');
  return text.replaceAll(WORD_JOINER, ' ');
}
