import type { CheckAnswerResult } from './check';
import { fmt, toQuarter } from './points';
import { findQuantities, normaliseMaths } from './quantity';
import { NEGATIONS, isContentWord, stem, words } from './text';

/** Answers longer than this many words are judged by a teacher: term overlap says too little. */
const LONG_ANSWER_WORDS = 45;
const MAX_KEY_TERMS = 14;
/** Share of key terms that earns full marks: wording differs, and a key lists more than a good answer needs. */
const FULL_COVERAGE = 0.75;

// ---- key terms ----------------------------------------------------------------------------------

type Term = { word: string; stem: string };

/** The key's content words, stemmed, without those the question already says (echoing it earns nothing). */
export function keyTerms(key: string, question: string): Term[] {
  const questionStems = new Set(words(normaliseMaths(question)).filter(isContentWord).map(stem));
  const all: Term[] = [];
  const seen = new Set<string>();
  for (const word of words(key).filter(isContentWord)) {
    const s = stem(word);
    if (seen.has(s)) continue;
    seen.add(s);
    all.push({ word, stem: s });
  }
  const fresh = all.filter((t) => !questionStems.has(t.stem));
  return fresh.length > 0 ? fresh : all;
}

export function checkTerms(question: string, key: string, response: string, possible: number, type: string): CheckAnswerResult {
  const terms = keyTerms(key, question);
  const tokens = words(normaliseMaths(response));
  const stems = tokens.map(stem);
  const base = { pointsPossible: possible, method: 'terms' as const };
  if (terms.length === 0) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [],
      confident: false,
      reason: 'The answer key has no key terms to look for',
      feedback: 'This answer could not be checked automatically: a teacher will look at it.',
    };
  }
  const matched = terms.filter((t) => stems.some((s) => sameStem(s, t.stem)) || numberIn(t.word, response));
  const missing = terms.filter((t) => !matched.includes(t));
  const coverage = matched.length / terms.length;
  const points = toQuarter(possible * Math.min(1, coverage / FULL_COVERAGE), possible);

  const keyWords = words(key).length;
  const reasons: string[] = [];
  if (type.includes('long') || keyWords > LONG_ANSWER_WORDS || terms.length > MAX_KEY_TERMS)
    reasons.push("Long answers need a teacher's judgement");
  if (tokens.length > LONG_ANSWER_WORDS * 2) reasons.push('The response is long');
  if (coverage > 0.25 && coverage < FULL_COVERAGE) reasons.push('Only some key terms matched: the wording may differ from the key');
  if (negated(tokens, stems, matched) && !words(key).some((w) => NEGATIONS.has(w))) reasons.push('The response negates a key term');
  if (terms.length === 1 && matched.length === 1 && tokens.length > 12) reasons.push('One key term in a long response');

  const feedback =
    points === possible
      ? `Correct. Key points covered: ${matched.map((t) => t.word).join(', ')}.`
      : points > 0
        ? `Partly correct (${fmt(points)} of ${fmt(possible)}). Covered: ${matched.map((t) => t.word).join(', ')}. Missing: ${missing.map((t) => t.word).join(', ')}.`
        : `Not correct. The answer should mention: ${missing.map((t) => t.word).join(', ')}.`;
  return {
    ...base,
    pointsObtained: points,
    matched: matched.map((t) => t.word),
    missing: missing.map((t) => t.word),
    feedback,
    confident: reasons.length === 0,
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
  };
}

/** Equal stems, or one a prefix of the other when both keep 4 letters ('gravity' → grav, 'gravitational' → gravitat). */
function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 4 || b.length < 4 || /^[0-9]/.test(a) || /^[0-9]/.test(b)) return false;
  return a.startsWith(b) || b.startsWith(a);
}

/** A number key term counts when the response holds that value. */
function numberIn(word: string, response: string): boolean {
  if (!/^[0-9]/.test(word)) return false;
  const value = Number(word);
  return Number.isFinite(value) && findQuantities(response).some((q) => q.value === value);
}

/** A negation within three words before a matched term. */
function negated(tokens: string[], stems: string[], matched: Term[]): boolean {
  return stems.some(
    (s, i) => matched.some((t) => sameStem(s, t.stem)) && tokens.slice(Math.max(0, i - 3), i).some((w) => NEGATIONS.has(w)),
  );
}
