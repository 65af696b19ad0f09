/**
 * Explanations marked point by point, as a teacher marks them: the key is cut into its marking points ("… (1); … (1)",
 * numbered points, or one sentence per mark) and each point earns its marks when the response says it, by its content
 * words with word forms, spelling slips and everyday synonyms. A point clearly made or clearly absent is marked with
 * confidence; a point half made is flagged.
 */
import type { CheckAnswerResult } from './check';
import { keyCompound } from './chemistry';
import { andList, phrase, sentences } from './feedback';
import { matchPhrase, phrasal, slipNote, type Slip, type Token } from './match';
import { fmt } from './points';
import {
  NEGATIONS,
  antonyms,
  bases,
  isBaseVerb,
  isContentWord,
  isRealWord,
  kin,
  nounLemma,
  relate,
  sameComparison,
  stem,
  words,
} from './text';
import { antonymsOf, hypernymsOf, senses, synonymsOf } from './wordnet';

/** `any`: one of a list of which any n earn the marks ("any two, 1 mark each: …"). */
export type MarkingPoint = { text: string; marks: number; any?: boolean };

const MARKS = /\(\s*(\d)\s*(?:marks?)?\s*\)|\[\s*(\d)\s*(?:marks?)?\s*\]/gi;

/** The key's marking points, or null when they cannot be told apart from its wording. */
export function markingPoints(key: string, possible: number): MarkingPoint[] | null {
  const any = anyPoints(key, possible);
  if (any) return any;
  const text = key.replace(/\s+/g, ' ').trim();
  if (MARKS.test(text)) {
    MARKS.lastIndex = 0;
    const points: MarkingPoint[] = [];
    let last = 0;
    for (const m of text.matchAll(MARKS)) {
      const part = text.slice(last, m.index).replace(/^[\s;,.]+|[\s;,.]+$/g, '');
      last = m.index! + m[0].length;
      // "without being used up (1)": a point of small words is a point too.
      if (words(part).some(isContentWord) || words(part).length >= 3) points.push({ text: part, marks: Number(m[1] ?? m[2]) });
    }
    const sum = points.reduce((s, p) => s + p.marks, 0);
    return points.length > 0 && sum === possible ? points : null;
  }
  const numbered = text.split(/(?:^|\s)(?:\d[.)]|\([a-z]\)|[a-z]\))\s+/).filter((p) => words(p).some(isContentWord));
  const parts =
    numbered.length > 1
      ? numbered
      : text
          .replace(/\([^)]*\)/g, (b) => b.replace(/[.;]/g, ' '))
          .split(/(?<!\d)[.;](?!\d)|\n/)
          .filter((p) => words(p).some(isContentWord));
  if (parts.length === possible && possible >= 1) return parts.map((p) => ({ text: p.trim(), marks: 1 }));
  return null;
}

const COUNTS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * "any two, 1 mark each:" over a list of points, one a line ("- fertile soil for farming"): each line a point of its
 * marks, any n of them earning the question's marks. Null for another key.
 */
function anyPoints(key: string, possible: number): MarkingPoint[] | null {
  // The lines may come joined into one ("any two: - a - b"): a dash between spaces opens a line.
  const head = /^\s*any\s+(one|two|three|four|five|six|\d)\b([^:\n-]*)(?::\s*|\s*\n)(?=\s*[-•*–]\s)/i.exec(key);
  if (!head) return null;
  const n = COUNTS[head[1]!.toLowerCase()] ?? Number(head[1]);
  const each = Number(/\b(\d)\s*marks?\s*(?:each|per)\b/i.exec(head[2]!)?.[1] ?? 1);
  const lines = key
    .slice(head[0].length)
    .split(/\n|\s[-•*–](?=\s)/)
    .map((l) => l.replace(/^\s*[-•*–]?\s*/, '').trim())
    .filter((l) => words(l).some(isContentWord));
  if (lines.length <= n || n * each !== possible) return null;
  return lines.map((text) => ({ text, marks: each, any: true }));
}

export type PointMatch = {
  point: MarkingPoint;
  share: number;
  hits: number;
  size: number;
  negated: boolean;
  slips: Slip[];
  /** The response tokens it used. */
  used: Set<number>;
  /** 'made': earned with confidence; 'absent': not made; 'unsure': half made, to be looked at. */
  verdict: 'made' | 'absent' | 'unsure';
  /** Made by one half of a "so" only: the cause or the effect the point states. */
  half?: boolean;
  /** Its key word swapped for another word of the response: clearly not made. */
  swapped?: boolean;
};

/** Content words of a wording, one per stem, without those the question already says. */
function pointWords(text: string, questionWords: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of words(text).filter(isContentWord)) {
    const s = stem(w);
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(w);
  }
  // The question's words in any form ("Earth's" for "Earth", "enzyme" for "enzymes") earn nothing when echoed.
  const fresh = out.filter(
    (w) => !questionWords.some((q) => q === w || (relate(w, q, false) !== null && ['exact', 'form'].includes(relate(w, q) ?? ''))),
  );
  return fresh.length ? fresh : out;
}

/**
 * A word's weight in its point: longer words are the technical ones that carry it ("photosynthesis", "conductor"),
 * short ones the everyday words around them ("good", "gives").
 */
const weight = (w: string) => (/^[0-9]/.test(w) ? 2 : Math.max(1, Math.min(w.length, 11) - 3));

/** How far the response makes one point: its best wording ("melts / does not freeze"), bracketed words as alternatives. */
export function matchPoint(
  point: MarkingPoint,
  tokens: readonly Token[],
  question: string,
  earlier = '',
  /** A one-point definition or a list's item: a key word swapped for another word of the response unmakes it. */
  whole = false,
): PointMatch {
  const questionWords = words(question).filter(isContentWord);
  // A word an earlier point already has ("the water" again) carries no new idea in this one.
  const earlierStems = new Set(words(earlier).filter(isContentWord).map(stem));
  let best: PointMatch | null = null;
  const wordings = point.text.split(/\s+\/\s+|\s+or\s+(?=\w+\s+\w+)/).flatMap(variants);
  // "Add water and stir so the salt dissolves": either half of a "so" states the step.
  const halves = wordings.flatMap((w) => {
    const parts = w.split(/,?\s+so\s+(?:that\s+)?/i).filter((p) => words(p).some(isContentWord));
    return parts.length === 2 ? parts : [];
  });
  // "little infiltration, more surface runoff": a point of two statements side by side, either of which may say it
  // (the one the other leads to); either alone is only a sign of the point, for a teacher to confirm.
  const sides = wordings.flatMap((w) => {
    if (/\s(?:so|and|but|because)\s/i.test(w.replace(/^\s*so\s+/i, ''))) return [];
    // Two short statements, neither a clause of the other ("…, which is an insulator").
    const parts = w.split(/,\s+/).filter((p) => words(p).length >= 2 && words(p).length <= 5 && words(p).some(isContentWord));
    return parts.length === 2 && w.split(/,\s+/).length === 2 && !parts.some((p) => /^\s*(?:which|who|that|where|as|than)\b/i.test(p))
      ? parts
      : [];
  });
  // "runs off" for "runoff", "soaks in" for "soak-in": a verb and its particle written as the key's one word.
  const joined = new Set(
    [...wordings, ...halves, ...sides].flatMap((w) => words(phrasal(w)).filter(isContentWord)).flatMap((w) => [w, nounLemma(w)]),
  );
  tokens = tokens.map((t, i) => {
    const next = tokens[i + 1];
    if (next?.clause === t.clause && PARTICLES.has(next.word) && [...bases(t.word)].some((b) => joined.has(b + next.word)))
      return { ...t, word: [...bases(t.word)].map((b) => b + next.word).find((w) => joined.has(w))! };
    // "quickly" for "faster", "rapidly" for "quick": the adverb of an adjective the key says (or its synonym).
    const adjective = /^[a-z]{3,}ly$/.test(t.word) ? [t.word.slice(0, -2), t.word.replace(/ily$/, 'y')].find(isRealWord) : undefined;
    const says = (w: string) => [...joined].some((k) => !['other-word', null].includes(relate(k, w)));
    if (adjective && !says(t.word) && says(adjective)) return { ...t, word: adjective };
    return t;
  });
  const all = [...wordings, ...halves, ...sides];
  for (const [n, raw] of all.entries()) {
    // The key's phrasal verbs and rates read as the response's do ("used up", "per second").
    // "(ratio y/x is constant) (1)": a point written wholly in brackets is the point, not a note beside one.
    const wholly = !words(raw.replace(/\([^)]*\)/g, ' ')).some(isContentWord);
    const wording = phrasal(wholly ? raw.replace(/[()]/g, ' ') : raw);
    const brackets = [...wording.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!).join(' ');
    const own = pointWords(wording.replace(/\([^)]*\)/g, ' '), questionWords);
    const fresh = own.filter((w) => !earlierStems.has(stem(w)));
    // "when one quantity is zero the other is zero": a placeholder noun stands for whatever the answer names ("x", "y").
    const said = fresh.length ? fresh : own;
    const main = said.some((w) => !PLACEHOLDERS.test(w)) ? said.filter((w) => !PLACEHOLDERS.test(w)) : said;
    const extra = pointWords(brackets, questionWords).filter((w) => !main.includes(w));
    // "cannot continue" in the key: the response's own "can't" agrees with it rather than negating it.
    const seen = words(wording).some((w) => NEGATIONS.has(w)) ? tokens.map((t) => ({ ...t, negated: false })) : tokens;
    let hits = 0;
    let got = 0;
    let negated = false;
    const slips: Slip[] = [];
    const used = new Set<number>();
    const hitWords: string[] = [];
    const kindIn = (t: Token, i: number, w: string) => !t.negated && !used.has(i) && !questionWords.includes(t.word) && kindOf(t.word, w);
    for (const w of main) {
      const m = matchPhrase(w, seen, true, true);
      if (m.found) {
        m.used.forEach((i) => used.add(i));
        hitWords.push(w);
        hits++;
        got += weight(w);
        slips.push(...m.slips);
      } else if (isNoun(w) && seen.some((t, i) => kindIn(t, i, w))) {
        // "heat" for "energy": a kind of the point's word says it (the thesaurus files one under the other); not the
        // question's own word ("water" is no "liquid" said).
        used.add(seen.findIndex((t, i) => kindIn(t, i, w)));
        hits++;
        got += weight(w);
      } else if (seen.some((t) => t.negated && antonyms(w, t.word))) {
        // "doesn't get hot" for "stays cool": the opposite, denied.
        hits++;
        got += weight(w);
      } else if (m.negated) negated = true;
    }
    const bonus = extra.filter((w) => matchPhrase(w, seen).found);
    const total = main.reduce((s, w) => s + weight(w), 0);
    got = Math.min(total, got + bonus.reduce((s, w) => s + weight(w), 0));
    hits = Math.min(main.length, hits + bonus.length);
    const size = main.length;
    const share = total ? got / total : 0;
    // One word of several makes the point only when it is the word that carries it (the heaviest).
    const heaviest = Math.max(...main.map(weight));
    const carried = hits >= 2 || size === 1 || got >= heaviest;
    // "faster" of "move faster", "chemically" of "chemically unchanged": a word that only grades or qualifies another
    // says nothing alone ("it reacts faster" restates the question); without the word it qualifies, the point is unsure.
    const modifierOnly = hits === 1 && size >= 2 && hitWords.length === 1 && isModifier(hitWords[0]!);
    const verdict: PointMatch['verdict'] =
      ((share >= 0.5 && carried) || hits >= 3) && !modifierOnly
        ? 'made'
        : hits === 0 || (hits === 1 && share < (whole ? 0.34 : 0.45))
          ? 'absent'
          : 'unsure';
    // "it shows something belongs to someone" for "the bone belongs to the dog": the point's own things, named in
    // the question, said only as "something" / "someone", are not said.
    const named = words(wording.replace(/\([^)]*\)/g, ' ')).filter(
      (w) => isContentWord(w) && questionWords.some((q) => q === w || ['exact', 'form'].includes(relate(w, q) ?? '')),
    );
    const vague =
      main.length <= 2 &&
      named.length >= 2 &&
      !named.some((w) => seen.some((t) => ['exact', 'form', 'slip'].includes(relate(w, t.word) ?? ''))) &&
      seen.some((t) => /^(?:something|someone|somebody|someones|somethings|anything|anyone|things?|stuff)$/.test(t.word));
    const reverse = verdict === 'absent' && reversed(wording, main, seen, question);
    if (reverse) {
      reverse.forEach((i) => used.add(i));
      hits = 1;
    }
    const swap = whole && verdict === 'made' && hits < size && swapped(wording, main, seen, used, questionWords);
    // "sound travels faster than light" for "light travels faster than sound": the comparison turned round.
    // Said with the opposite word and the things swapped ("sound is slower than light") it agrees.
    const comparison = reverse ? 0 : comparisonTurned(wording, seen);
    const turned = comparison < 0;
    const m: PointMatch = {
      ...(swap || turned ? { swapped: true } : {}),
      point,
      share,
      hits,
      size,
      negated,
      slips,
      used,
      verdict: vague || turned ? 'absent' : reverse || comparison > 0 ? 'made' : swap ? 'absent' : verdict,
      half: n >= wordings.length,
    };
    if (n >= wordings.length + halves.length) {
      if (best?.verdict === 'absent' && m.verdict === 'made') best = { ...m, verdict: 'unsure' };
      continue;
    }
    if (!best || m.share > best.share) best = m;
  }
  return best!;
}

/** A comparison's parts: "light travels faster than sound" → light (what is compared), faster, sound (what to). */
type Comparison = { subject: string[]; degree: string; direction: 'more' | 'less' | null; other: string[] };

function comparisonIn(ws: readonly string[]): Comparison | null {
  const at = ws.indexOf('than');
  if (at < 2) return null;
  // "less dense than", "more often than": the direction and its word; "faster than": the word itself.
  const before = ws[at - 2]!;
  const direction = before === 'more' ? 'more' : before === 'less' ? 'less' : null;
  const degree = ws[at - 1]!;
  const subject = ws.slice(0, direction ? at - 2 : at - 1).filter(isContentWord);
  const other = ws.slice(at + 1).filter(isContentWord);
  if (!subject.length || !other.length || !/^[a-z]+$/.test(degree)) return null;
  return { subject, degree, direction, other };
}

/**
 * A comparison of the point said the other way round ("sound travels faster than light" for "light travels faster than
 * sound", "light is slower than sound"): -1, it states the opposite. Said with the opposite word and the things swapped
 * ("sound is slower than light"): 1, it agrees. Otherwise 0.
 */
function comparisonTurned(wording: string, tokens: readonly Token[]): -1 | 0 | 1 {
  const key = comparisonIn(words(wording.replace(/\([^)]*\)/g, ' ')));
  if (!key) return 0;
  const same = (a: string, b: string) => ['exact', 'form', 'slip'].includes(relate(a, b) ?? '');
  const clauses = new Map<number, string[]>();
  for (const t of tokens) {
    const list = clauses.get(t.clause);
    if (list) list.push(t.word);
    else clauses.set(t.clause, [t.word]);
  }
  for (const clauseWords of clauses.values()) {
    const said = comparisonIn(clauseWords);
    if (!said) continue;
    const named = (mine: string[], theirs: string[]) => mine.some((a) => theirs.some((b) => same(a, b)));
    const swapped = named(key.subject, said.other) && named(key.other, said.subject);
    const kept = named(key.subject, said.subject) && named(key.other, said.other);
    if (swapped === kept) continue;
    const alike = same(key.degree, said.degree) || sameComparison(key.degree, said.degree);
    const opposite = antonyms(key.degree, said.degree);
    const sign = (alike ? 1 : opposite ? -1 : 0) * (key.direction && said.direction && key.direction !== said.direction ? -1 : 1);
    if (sign === 0) continue;
    if ((swapped ? -sign : sign) < 0) return -1;
    if (swapped) return 1;
  }
  return 0;
}

const AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'can', 'will', 'do', 'does']);
/** A verb form's base: "gains" → "gain", "moved" → "move". */
const verbBase = (w: string) => [...bases(w)].find((b) => b !== w && senses(b, 'v').length > 0) ?? w;

/** A comparative or an adverb of manner: "faster", "better", "more", "chemically" (not "water", "quickly" alone keys). */
const COMPARATIVES = new Set(['more', 'less', 'better', 'worse', 'further', 'farther', 'fewer']);
function isModifier(w: string): boolean {
  if (COMPARATIVES.has(w)) return true;
  // "faster", "hotter", "larger": an adjective's comparative (not "water", "layer", "answer").
  const base = /^([a-z]{2,})er$/.exec(w)?.[1];
  if (
    base &&
    [base, base + 'e', base.replace(/(.)\1$/, '$1'), base.replace(/i$/, 'y')].some(
      (b) => senses(b, 'a').length > 0 && senses(w, 'n').length === 0,
    )
  )
    return true;
  // "chemically", "rapidly": an adverb formed from an adjective.
  return /^[a-z]{4,}ly$/.test(w) && senses(w, 'r').length > 0 && senses(w, 'n').length === 0;
}

/** Nouns a key uses for "whatever it is": one quantity, the other variable, a thing. */
const PLACEHOLDERS = /^(?:quantit(?:y|ies)|variables?|things?)$/;

/** Words that complete a verb as one word of the key: "run off" → "runoff". */
const PARTICLES = new Set(['off', 'out', 'in', 'up', 'down', 'over', 'back', 'away', 'through']);

const isNoun = (w: string) => w.length >= 4 && senses(nounLemma(w), 'n').length > 0;

/** A noun the thesaurus files, in its first sense, directly under the key's word: "heat" under "energy". */
const kindOf = (got: string, key: string) =>
  got.length >= 4 && isContentWord(got) && nounLemma(got) !== nounLemma(key) && hypernymsOf(nounLemma(got), 1, 1).has(nounLemma(key));

/**
 * One wording of a point as the wordings it stands for: "copper/aluminium/gold is not magnetic" as one per metal, and
 * "reversible - sugar can be recovered" also as its statement before the dash (what follows it elaborates).
 */
function variants(wording: string): string[] {
  let out = [wording];
  // Every "a/b" group, each alternative in its place; one that ends the wording ("very expensive houses/outliers")
  // may also stand alone for the whole phrase ("outliers").
  const alone: string[] = [];
  for (let round = 0; round < 3; round++) {
    const next: string[] = [];
    for (const w of out) {
      const group = /\b[a-z]{3,}(?:\/[a-z]{3,})+\b/i.exec(w);
      if (!group) {
        next.push(w);
        continue;
      }
      const alts = group[0].split('/').slice(0, 4);
      next.push(...alts.map((a) => w.slice(0, group.index) + a + w.slice(group.index + group[0].length)));
      if (
        round === 0 &&
        /^\s*(?:\([^)]*\)\s*)?$/.test(w.slice(group.index + group[0].length)) &&
        words(w.slice(0, group.index)).some(isContentWord)
      )
        alone.push(...alts.slice(1));
    }
    out = next.slice(0, 8);
  }
  out.push(...alone);
  const head = /^(.*?\w.*?)\s+[-–—]\s+\S/.exec(wording);
  if (head && words(head[1]!).some(isContentWord)) out.push(head[1]!);
  return out;
}

/**
 * "wood is an insulator" for "metal is a better conductor" (the question compares metal and wood): the reverse
 * statement, the point's key word's opposite said of the other thing the question names. The tokens it used, or null.
 */
function reversed(wording: string, main: readonly string[], tokens: readonly Token[], question: string): number[] | null {
  if (main.length === 0 || main.length > 3) return null;
  const heaviest = [...main].sort((a, b) => b.length - a.length)[0]!;
  const opposite = antonymsOf(nounLemma(heaviest));
  const at = tokens.findIndex((t) => !t.negated && (opposite.has(t.word) || opposite.has(nounLemma(t.word))));
  if (at < 0) return null;
  // The other words missing are small ones ("better"); the response names something the question names and the point does not.
  if (main.some((w) => w !== heaviest && w.length > 6 && !tokens.some((t) => relate(w, t.word) !== null))) return null;
  const own = words(wording);
  const asked = words(question).filter(isContentWord);
  const other = tokens.findIndex(
    (t, i) =>
      i !== at &&
      isContentWord(t.word) &&
      asked.some((q) => q === t.word || q.startsWith(t.word) || t.word.startsWith(q)) &&
      !own.some((o) => o === t.word || o.startsWith(t.word) || t.word.startsWith(o)),
  );
  return other >= 0 ? [at, other] : null;
}

/** Words the thesaurus links: the same sense, or one a kind of the other ("vapour" is a kind of gas). */
const linked = (a: string, b: string) => {
  const [la, lb] = [nounLemma(a), nounLemma(b)];
  return (
    synonymsOf(la).has(lb) ||
    synonymsOf(lb).has(la) ||
    hypernymsOf(la, 3, 2).has(lb) ||
    hypernymsOf(lb, 3, 2).has(la) ||
    kin(a, b) ||
    relate(a, b) !== null
  );
};

/**
 * "an animal that eats meat" for "an animal that eats only plants", "better jobs" for "lack of jobs": a key word
 * missing where the response has another word of its own, unlinked to it, right beside the key word it goes with.
 * The point says something else there, so it is not made.
 */
function swapped(
  wording: string,
  main: readonly string[],
  tokens: readonly Token[],
  used: Set<number>,
  questionWords: readonly string[],
): boolean {
  if (main.length > 4) return false;
  const all = words(wording);
  const at = main.map((w) => [...matchPhrase(w, tokens, true, true).used].find((i) => used.has(i)) ?? -1);
  const asked = new Set(questionWords);
  const own = (i: number) => {
    const t = tokens[i];
    return t && !used.has(i) && isContentWord(t.word) && !asked.has(t.word) && !NEGATIONS.has(t.word) && isRealWord(t.word) ? t.word : null;
  };
  return main.some((w, k) => {
    if (at[k]! >= 0) return false;
    // "hot dry summer" for "long dry summer": another word before the same noun still names the thing.
    const j = all.indexOf(w);
    if (j >= 0 && k + 1 < main.length && all[j + 1] === main[k + 1]) return false;
    // The response word after the key word before it, or before the key word after it, in the same clause.
    // Small words between are skipped ("add more water" for "add a catalyst").
    const step = (from: number, by: number) => {
      let i = from + by;
      while (
        tokens[i] &&
        tokens[i]!.clause === tokens[from]!.clause &&
        /^(?:a|an|the|more|some|any|much|many|less|few|its|their)$/.test(tokens[i]!.word) &&
        Math.abs(i - from) < 3
      )
        i += by;
      return i;
    };
    const before = k > 0 && at[k - 1]! >= 0 ? step(at[k - 1]!, 1) : -1;
    const after = k + 1 < main.length && at[k + 1]! >= 0 ? step(at[k + 1]!, -1) : -1;
    return [before, after].some((i) => {
      const got = i >= 0 ? own(i) : null;
      const anchor = i === before ? at[k - 1]! : at[k + 1]!;
      return got !== null && tokens[i]!.clause === tokens[anchor]!.clause && !linked(w, got);
    });
  });
}

/** Marks an explanation point by point; null when the key's points cannot be told apart (the caller marks by terms). */
export function checkPoints(
  question: string,
  key: string,
  tokens: readonly Token[],
  possible: number,
): Omit<CheckAnswerResult, 'pointsPossible' | 'method'> | null {
  const points = markingPoints(key, possible);
  if (!points) return null;
  const results = points.map((p, i) =>
    matchPoint(
      p,
      tokens,
      question,
      points
        .slice(0, i)
        .map((q) => q.text)
        .join(' '),
      points.length === 1,
    ),
  );
  const credited = results.filter((r) => r.verdict === 'made' || (r.verdict === 'unsure' && r.share >= 0.4 && r.hits >= 2));
  // "particles collide with the walls" makes the collision point, not also "each collision exerts a force on the wall":
  // a later point met only by the words an earlier point used says nothing of its own.
  const echoes = credited.filter((r, i) => r.used.size > 0 && credited.slice(0, i).some((e) => [...r.used].every((t) => e.used.has(t))));
  const made = credited.filter((r) => !echoes.includes(r));
  // "an obtuse angle is more than 90°" when the response reasons with "two obtuse angles add to more than 180": a point
  // that only says what a term of the question means is shown by the term used right in a point made (teachers differ).
  const defined = made.length ? results.filter((r) => !made.includes(r) && definesTerm(r.point.text, question, tokens, made)) : [];
  const earned = [...made, ...defined];
  // "any two of" the key's points: more points made earn no more marks.
  const marks = Math.min(
    possible,
    earned.reduce((s, r) => s + r.point.marks, 0),
  );
  const reasons: string[] = [];
  if (defined.length)
    reasons.push('A point saying what a word of the question means was taken as shown by its use in a point made: teachers differ');
  if (echoes.length) reasons.push('A marking point was met only by the words of another point: it may not be made');
  // "particles gain energy / move faster": the second wording's subject is the first's. Met without "particles" (and
  // the question does not name them), "it goes quicker" may say something of another thing, or restate the question.
  const subjectless = earned.filter((r) => {
    // Wordings set apart by " / " ("gain energy / move faster"); "rock/soil" is one word's alternatives.
    const [first, second] = r.point.text.replace(/\([^)]*\)/g, ' ').split(/\s+\/\s+/);
    if (!second) return false;
    // The first wording opens with its subject, a noun ("particles gain energy"; not "they contain …", "to stop …",
    // "thin walls"); the second is a predicate of two words or more with no noun of the first ("move faster"; not
    // "mountains", "balloon becomes charged").
    const lead = words(first!).filter((w) => !/^(?:the|a|an)$/.test(w));
    const subject = lead[0];
    if (!subject || !isContentWord(subject) || lead.length < 2 || !isNoun(subject)) return false;
    const rest = words(second).filter((w) => !/^(?:the|a|an)$/.test(w));
    if (rest.length < 2 || rest.length < words(second).length || rest.some((w) => isContentWord(w) && lead.includes(w))) return false;
    // Subject and verb, then a verb of the same subject: "particles gain … / move …" (not "release CO2 … / climate change").
    const verb = (w: string | undefined) => !!w && !NEGATIONS.has(w) && (AUXILIARIES.has(w) || senses(verbBase(w), 'v').length > 0);
    if (!verb(lead[1]) || !verb(rest[0])) return false;
    if (words(second).includes(subject) || words(question).some((w) => relate(subject, w))) return false;
    return !tokens.some((t) => ['exact', 'form', 'slip'].includes(relate(subject, t.word) ?? ''));
  });
  if (subjectless.length) reasons.push('A marking point is met without the thing it is about: it may restate the question');
  // Of "any two" points, those not made once the marks are all earned are beside the point.
  const pending = marks < possible ? results : earned;
  const unsure = pending.filter((r) => r.verdict === 'unsure');
  const touched = pending.filter((r) => !earned.includes(r) && r.verdict === 'absent' && r.hits > 0 && !r.swapped);
  // "the heat is used …" for "energy is used …": a word the thesaurus files under a point's word may say it.
  // Each distinct word's kinds once (a long response says its words again and again).
  const kindsOf = new Map<string, Set<string>>();
  const kinds = (w: string) => {
    let k = kindsOf.get(w);
    if (!k) kindsOf.set(w, (k = hypernymsOf(nounLemma(w), 2, 1)));
    return k;
  };
  const kindOfPointWord = () =>
    results.some((r) => {
      // With another word of the same point beside it ("is used"), however small.
      const all = new Set(words(r.point.text).filter((w) => w.length >= 4));
      const pointWords = new Set(words(r.point.text).filter(isContentWord));
      const kind = tokens.findIndex((t) => isContentWord(t.word) && [...kinds(t.word)].some((h) => pointWords.has(h)));
      if (kind >= 0 && tokens.some((t, i) => i !== kind && all.has(t.word))) return true;
      // "catch more sun" for "absorb light": in a short answer, a noun of which a sense is a kind of the point's main
      // noun (the sun's rays are light) may be the point in everyday words.
      return (
        tokens.length <= 8 &&
        tokens.some(
          (t) =>
            t.word.length >= 3 &&
            isContentWord(t.word) &&
            !words(question).includes(t.word) &&
            senses(t.word, 'a').length === 0 &&
            [...hypernymsOf(nounLemma(t.word), 1, 2)].some((h) => pointWords.has(h)),
        )
      );
    });
  if (marks === 0 && touched.length && tokens.length >= 4)
    reasons.push('The response uses some of the key words: the point may be made in other words');
  else if (marks === 0 && tokens.length >= 3 && kindOfPointWord())
    reasons.push('A word of the response is a kind of a word of the key: the point may be made in other words');
  // A missing point whose words the response uses beyond the points it made: it may be made in other words.
  else if (
    marks > 0 &&
    touched.some(
      (r) =>
        [...r.used].some((i) => !earned.some((e) => e.used.has(i))) &&
        // In a short response, only where it is the point's first word, what it says ("which can move …": "move").
        (tokens.filter((t) => isContentWord(t.word)).length >= 6 ||
          [...r.used].some((i) => relate(words(r.point.text).filter(isContentWord)[0] ?? '', tokens[i]!.word) !== null)),
    )
  )
    reasons.push('The response uses words of a point it was not given: the point may be made in other words');
  // A point of one or two words is easily said in other words: a clause of the response no point used may be it.
  const usedTokens = new Set(results.flatMap((r) => [...r.used]));
  const asked = words(question);
  // The tokens of each clause, once (a response of many clauses is not read again per clause).
  const byClause = new Map<number, number[]>();
  tokens.forEach((t, i) => {
    const list = byClause.get(t.clause);
    if (list) list.push(i);
    else byClause.set(t.clause, [i]);
  });
  const isFree = (i: number) => !usedTokens.has(i) && isContentWord(tokens[i]!.word) && !asked.includes(tokens[i]!.word);
  const freeCounts = new Map<number, number>();
  const freeWords = (c: number) => {
    let n = freeCounts.get(c);
    if (n === undefined) freeCounts.set(c, (n = (byClause.get(c) ?? []).filter(isFree).length));
    return n;
  };
  const freeClause = [...byClause.keys()].some((c) => freeWords(c) >= 2);
  // A clause of words the key does not use may make a missing point in other words, unless none of its words is kin
  // (a form, a synonym in any sense, a derived word: WordNet) to any word of the missing points.
  const missingWords = results
    .filter((r) => !earned.includes(r))
    .flatMap((r) => words(phrasal(r.point.text)).filter((w) => isContentWord(w) && !asked.includes(w)));
  // A denial says a point in opposite terms ("you don't burn your hand" for "it stays cool"): always a candidate.
  const kinClause = (c: number) => {
    const list = byClause.get(c) ?? [];
    return list.some((i) => tokens[i]!.negated) || list.some((i) => isFree(i) && missingWords.some((w) => kin(w, tokens[i]!.word)));
  };
  const wordyClause = [...byClause.keys()].some((c) => freeWords(c) >= 3 && kinClause(c));
  // Its free words must include one kin to the short point's words, or a denial (the point in opposite terms).
  // Or three such words, or a point earned by one word of several (it may be the other point's, in other words).
  const shortKin =
    [...byClause.keys()].some((c) => freeWords(c) >= 3 || (freeWords(c) >= 2 && kinClause(c))) ||
    earned.some((r) => r.hits === 1 && r.size >= 2);
  if (marks > 0 && freeClause && shortKin && pending.some((r) => r.verdict === 'absent' && r.size <= 2))
    reasons.push('A short marking point may be made in other words');
  else if (marks < possible && wordyClause) reasons.push('Part of the response is in other words than the key: it may make a point');
  // "(ratio y/x is constant) (1)": a point the key writes wholly in brackets, missing, may be said loosely.
  if (pending.some((r) => !earned.includes(r) && !words(r.point.text.replace(/\([^)]*\)/g, ' ')).some(isContentWord)) && tokens.length >= 4)
    reasons.push('A marking point the key gives in brackets is missing: it may be made in other words');
  if (unsure.length) reasons.push('A marking point is only partly made: the wording may differ from the key');
  // "so the balloon becomes charged" without "rubbing transfers electrons": the point's effect without its cause.
  else if (earned.some((r) => r.half && r.share < 1 && !isStep(clause(r.point.text))))
    reasons.push('A marking point is made in part (its cause or its effect): a teacher should confirm the mark');
  if (pending.some((r) => r.negated && r.verdict !== 'made')) reasons.push('The response negates a word of the key');
  if (tokens.length > 90) reasons.push('The response is long');
  if (marks === 0 && tokens.length > 12) reasons.push('A longer response: the ideas may be in other words');
  // "static" for "the balloon becomes charged": a bare term may name a point; teachers differ on crediting it.
  if (
    marks === 0 &&
    tokens.length === 1 &&
    tokens[0]!.word.length >= 5 &&
    isContentWord(tokens[0]!.word) &&
    !words(question).includes(tokens[0]!.word)
  )
    reasons.push('A one-word answer may be a term for a point: teachers differ on a bare term');
  const said = earned.map((r) => clause(r.point.text));
  const notSaid = results.filter((r) => !earned.includes(r)).map((r) => clause(r.point.text));
  const any = points.some((p) => p.any);
  const slips = earned.flatMap((r) => r.slips);
  const steps = points.every((p) => isStep(clause(p.text)));
  const feedback =
    marks === possible
      ? sentences(
          steps
            ? `Correct: your answer has every step: ${said.join('; ')}.`
            : `Correct: your answer makes ${any ? 'enough points of the key' : points.length > 1 ? 'each point of the key' : 'the point of the key'}: ${andList(said)}.`,
          slipNote(slips),
        )
      : sentences(
          marks > 0
            ? `Partly correct (${fmt(marks)} of ${fmt(possible)}): ${steps ? `your answer has the step${said.length > 1 ? 's' : ''}: ${said.join('; ')}` : `you said that ${andList(said)}`}.`
            : 'Not correct.',
          steps
            ? `To earn ${marks > 0 ? 'the other marks' : 'the marks'}, add the step${notSaid.length > 1 ? 's' : ''}: ${notSaid.join('; ')}.`
            : any
              ? `To earn ${marks > 0 ? 'the other marks' : 'the marks'}, explain more of these points: ${notSaid.join('; ')}.`
              : `To earn ${marks > 0 ? 'the other marks' : 'the marks'}, explain that ${andList(notSaid)}.`,
          slipNote(slips),
        );
  return {
    pointsObtained: marks,
    matched: said,
    missing: notSaid,
    feedback,
    confident: reasons.length === 0,
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
  };
}

/**
 * "an obtuse angle is more than 90°": a point whose subject is the question's own term and says only what it is. True
 * when the response uses the term in a clause where it made another point.
 */
function definesTerm(point: string, question: string, tokens: readonly Token[], made: readonly PointMatch[]): boolean {
  const m = /^\s*(?:an?\s+|the\s+)?([a-z][a-z\s]*?)\s+(?:is|are|means)\s+(.+)$/i.exec(point.replace(/\([^)]*\)/g, ' ').trim());
  if (!m) return false;
  const subject = words(m[1]!).filter(isContentWord);
  const asked = words(question);
  const same = (a: string, b: string) => a === b || ['exact', 'form'].includes(relate(a, b) ?? '');
  if (subject.length === 0 || subject.length > 2 || !subject.every((w) => asked.some((q) => same(w, q)))) return false;
  // What it says of the term: a measure ("more than 90°") or a meaning, in a few words; "metal is a better conductor"
  // says a property of the thing, which the response must say.
  if (words(m[2]!).filter(isContentWord).length > 3 || !(/\d/.test(m[2]!) || /\bmeans\b/i.test(m[0]!))) return false;
  const heaviest = [...subject].sort((a, b) => b.length - a.length)[0]!;
  const madeClauses = new Set(made.flatMap((r) => [...r.used].map((i) => tokens[i]!.clause)));
  return tokens.some((t) => !t.negated && madeClauses.has(t.clause) && same(heaviest, t.word));
}

/** A point as a clause of a sentence: "so it transfers heat" → "it transfers heat", "Metal is" → "metal is". */
function clause(text: string): string {
  const t = phrase(text)
    .replace(/^(?:so|and|because|then|therefore)\s+/i, '')
    .replace(/^which\s+/i, 'it ');
  const first = t.split(/\s+/)[0] ?? '';
  return /^[A-Z][a-z]+$/.test(first) && isRealWord(first.toLowerCase()) ? first.toLowerCase() + t.slice(first.length) : t;
}

/** A step of a method, an order: "add water and stir", "filter to remove the sand" (not "metal is a conductor"). */
function isStep(text: string): boolean {
  const [first = '', second = ''] = words(text);
  return isBaseVerb(first) && /^(?:the|a|an|to|it|them|some|in|on|up|water|off|out)$/.test(second);
}

/** A formula in an explanation also read as its name: "CO2" → "CO2 carbon dioxide", "H₂O" → "H₂O water". */
export const withCompoundNames = (text: string) =>
  text.replace(/(?<![A-Za-z0-9])(?:[A-Z][a-z]?[0-9₀-₉]*){1,4}(?![A-Za-z0-9])/g, (m) => {
    if (!/[0-9₀-₉]/.test(m)) return m;
    const name = keyCompound(m)?.names[0];
    return name ? `${m} ${name}` : m;
  });
