/** Finding a key's phrase in a response: word by word, allowing word forms and spelling slips, minding negation. */
import { createRequire } from 'node:module';
import { NEGATIONS, isContentWord, relate, words, type WordRelation } from './text';
import { synonymsOf } from './wordnet';

export type Token = { word: string; clause: number; negated: boolean };
export type Slip = { key: string; got: string };

/** The response as tokens; a token is negated when "not", "no", "never"… comes up to three words before it in its clause. */
export function tokenize(text: string, keepNumbers = false): Token[] {
  const tokens: Token[] = [];
  phrasal(text)
    // "3.25", "1,250": with `keepNumbers`, a point or comma between digits is the number's, not a clause's end.
    .split(
      keepNumbers
        ? /[;:!?()\n]|(?<!\d)[,.]|[,.](?!\d)|\s(?:but|however|although|though|whereas)\s/i
        : /[,;:.!?()\n]|\s(?:but|however|although|though|whereas)\s/i,
    )
    .forEach((clause, i) => {
      const ws = words(clause);
      ws.forEach((word, j) => tokens.push({ word, clause: i, negated: ws.slice(Math.max(0, j - 3), j).some((w) => NEGATIONS.has(w)) }));
    });
  return tokens;
}

/** Phrasal verbs as the one word a key uses: "goes round" → orbit, "given off" → release, "goes up" → increase. */
const PHRASAL: [RegExp, string][] = [
  [/\b(?:go|goes|going|went|travels?|moves?|moving)\s+(?:a?round)\b/gi, 'orbit'],
  [/\b(?:gets?|getting|got)\s+to\b/gi, 'reach'],
  [/\b(?:gives?|given|giving|gave)\s+(?:off|out)\b/gi, 'release'],
  [/\b(?:takes?|taken|taking|took)\s+in\b/gi, 'absorb'],
  [/\b(?:gets?|getting|got)\s+rid\s+of\b/gi, 'remove'],
  [/\b(?:goes|go|going|went|gone)\s+up\b/gi, 'increase'],
  [/\b(?:goes|go|going|went|gone)\s+down\b/gi, 'decrease'],
  [/\b(?:runs?|running|ran)\s+out\b/gi, 'used up'],
  [/\b(?:breaks?|breaking|broke|broken)\s+down\b/gi, 'decompose'],
  [/\b(?:(?:is|are|was|were|be|been|being|gets?|getting|got)\s+)?used\s+up\b/gi, 'consumed'],
  [/\b(?:slows?|slowing|slowed)\s+down\b/gi, 'decelerate'],
  // "the bone belongs to the dog", "owned by": possession.
  [/\b(?:belongs?|belonging|belonged)\s+to\b|\bowned\s+by\b/gi, 'possession'],
  [/\b(?:heat(?:s|ed|ing)?|warm(?:s|ed|ing)?)\s+(?:(?:it|them|this|the\s+\w+)\s+)?up\b/gi, 'increase temperature'],
  [/\b(?:speeds?|speeding|sped)\s+up\b/gi, 'accelerate'],
  // "the same fossils on both continents", "identical rocks": matching ones.
  [/\b(?:the\s+same|identical|alike)\b/gi, 'matching'],
  // A rate is a frequency: "collisions per second", "more often" say "frequent collisions".
  [/\b(?:per|each|every|a)\s+(?:second|minute|unit\s+(?:of\s+)?time)\b|\bmore\s+often\b/gi, 'frequent'],
];
/**
 * Phrases said in place of one idea, replaced by it: "not enough jobs" is a lack of jobs (no denial of jobs).
 */
const INSTEAD: [RegExp, string][] = [
  [/\b(?:not\s+enough|too\s+(?:few|little)|(?:a\s+)?shortage\s+of|(?:a\s+)?scarcity\s+of)\b/gi, 'lack of'],
];
/** The text with the one word each phrasal verb or rate phrase says added after it. */
export const phrasal = (text: string) =>
  PHRASAL.reduce(
    (t, [re, word]) => t.replace(re, (m) => `${m} ${word}`),
    INSTEAD.reduce((t, [re, said]) => t.replace(re, said), text),
  );

export type PhraseMatch = {
  /** Every content word of the phrase was found (not negated). */
  found: boolean;
  /** Share of the phrase's content words found. */
  share: number;
  /** Some content word was found only after a negation. */
  negated: boolean;
  slips: Slip[];
  /** Response words close to a key word but a different real word (effect for affect). */
  otherWords: Slip[];
  /** Compounds taken for the key word ("sunlight" for "light"): to be confirmed by a teacher. */
  compounds: Slip[];
  /** The response tokens used. */
  used: Set<number>;
};

export const contentWords = (phrase: string) => {
  const all = words(phrase);
  const content = all.filter(isContentWord);
  if (content.length) return content;
  // "lots of": small words only, less the ones that only join them.
  const joined = all.filter((w) => !/^(?:of|a|an|the|to|in|on|at|for|and|or)$/.test(w));
  return joined.length ? joined : all;
};

/** wink-lemmatizer's verb lemma, loaded on first use: "worn" and "wearing" → "wear". */
let verbs: { verb: (w: string) => string } | undefined;
const verbLemma = (w: string) => (verbs ??= createRequire(import.meta.url)('wink-lemmatizer') as { verb: (w: string) => string }).verb(w);
/** "worn" for "wearing" in a marking point: forms of one verb, irregular ones too. */
const sameVerb = (a: string, b: string) =>
  a.length >= 4 && b.length >= 4 && a !== b && verbLemma(a) === verbLemma(b) && verbLemma(a).length >= 3;
/**
 * "transports" for "carries": verbs the thesaurus puts in one of the key verb's first two senses. Only verbs of five
 * letters or more (not "take", "make", "give", whose senses are everything).
 */
const verbSynonym = (a: string, b: string) => {
  const [la, lb] = [verbLemma(a), verbLemma(b)];
  return (
    la.length >= 5 &&
    lb.length >= 5 &&
    la !== lb &&
    synonymsOf(la, { pos: 'v', depth: 2 }).has(lb) &&
    synonymsOf(lb, { pos: 'v', depth: 2 }).has(la)
  );
};

export function matchPhrase(
  phrase: string,
  tokens: readonly Token[],
  allowSlips = true,
  /** A marking point's word: any form of the same verb counts ("worn away" for "wearing away"). */
  verbForms = false,
): PhraseMatch {
  const want = contentWords(phrase);
  // "No reaction": a key that says "no" itself is not negated by the same "no" in the answer.
  const keyNegates = words(phrase).some((w) => NEGATIONS.has(w));
  const isNegated = (t: Token) => t.negated && !keyNegates;
  const slips: Slip[] = [];
  const otherWords: Slip[] = [];
  const compounds: Slip[] = [];
  const used = new Set<number>();
  let hits = 0;
  let negated = false;
  for (const w of want) {
    let best: { i: number; rel: WordRelation } | null = null;
    let other: string | null = null;
    // Each distinct word of the response compared once; then, in the response's order, only the tokens it relates to.
    const relations = new Map<string, WordRelation>();
    const at: number[] = [];
    for (const [word, where] of placesOf(tokens)) {
      const rel = relate(w, word, allowSlips) ?? (verbForms && (sameVerb(w, word) || verbSynonym(w, word)) ? 'form' : null);
      if (!rel) continue;
      relations.set(word, rel);
      for (const i of where) at.push(i);
    }
    at.sort((a, b) => a - b);
    at.forEach((i) => {
      const t = tokens[i]!;
      const rel = relations.get(t.word)!;
      if (rel === 'other-word' && !isNegated(t)) other = t.word;
      else if (
        rel &&
        rel !== 'other-word' &&
        (!best || rank(rel) > rank(best.rel) || (rank(rel) === rank(best.rel) && isNegated(tokens[best.i]!) && !isNegated(t)))
      )
        best = { i, rel };
    });
    const hit = best as { i: number; rel: WordRelation } | null;
    if (!hit) {
      if (other) otherWords.push({ key: w, got: other });
      continue;
    }
    if (isNegated(tokens[hit.i]!)) {
      negated = true;
      continue;
    }
    hits++;
    used.add(hit.i);
    if (hit.rel === 'slip') slips.push({ key: w, got: tokens[hit.i]!.word });
    if (hit.rel === 'compound') compounds.push({ key: w, got: tokens[hit.i]!.word });
  }
  const found = want.length > 0 && hits === want.length;
  return { found, share: want.length ? hits / want.length : 0, negated, slips, otherWords, compounds, used };
}

/** The places of each distinct word of a response's tokens, in order; computed once per token list. */
const places = new WeakMap<readonly Token[], { length: number; of: Map<string, number[]> }>();
function placesOf(tokens: readonly Token[]): Map<string, number[]> {
  const known = places.get(tokens);
  if (known && known.length === tokens.length) return known.of;
  const of = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    const list = of.get(t.word);
    if (list) list.push(i);
    else of.set(t.word, [i]);
  });
  places.set(tokens, { length: tokens.length, of });
  return of;
}

const rank = (r: WordRelation) => (r === 'exact' ? 4 : r === 'form' ? 3 : r === 'slip' ? 2 : r === 'compound' ? 1 : 0);

/** The best of an item's wordings. */
export function matchAny(
  wordings: readonly string[],
  tokens: readonly Token[],
  allowSlips = true,
  /** Verbs in any form or a near sense, as in a marking point ("transport" for "to carry"). */
  verbForms = false,
): PhraseMatch & { wording: string } {
  // "hydro-electric" or "hydro electric" for "hydroelectric": a word written in two parts is the one word.
  const whole = new Set(wordings.flatMap((w) => words(w)));
  if (tokens.some((t, i) => tokens[i + 1]?.clause === t.clause && whole.has(t.word + tokens[i + 1]!.word) && !whole.has(t.word)))
    tokens = tokens.map((t, i) =>
      tokens[i + 1]?.clause === t.clause && whole.has(t.word + tokens[i + 1]!.word) && !whole.has(t.word)
        ? { ...t, word: t.word + tokens[i + 1]!.word }
        : i > 0 && tokens[i - 1]!.clause === t.clause && whole.has(tokens[i - 1]!.word + t.word) && !whole.has(tokens[i - 1]!.word)
          ? { ...t, word: '' }
          : t,
    );
  let best: (PhraseMatch & { wording: string }) | null = null;
  for (const wording of wordings) {
    const m = { ...matchPhrase(wording, tokens, allowSlips, verbForms), wording };
    if (!best || score(m) > score(best)) best = m;
  }
  return best!;
}

const score = (m: PhraseMatch) => (m.found ? 10 - m.slips.length * 0.1 - m.compounds.length * 0.2 : m.share);

/** The flag for compounds taken for key words. */
export const compoundReason = (compounds: readonly Slip[]) =>
  compounds.length ? `Took ${compounds.map((c) => `"${c.got}" for "${c.key}"`).join(', ')}: a teacher should confirm` : '';

/** "photosynthesis, not photosynthesys" notes for the feedback. */
export const slipNote = (slips: readonly Slip[]) =>
  slips.length ? `Check the spelling: ${slips.map((s) => `"${s.key}", not "${s.got}"`).join('; ')}.` : '';
