import type { CheckAnswerResult } from './check';
import { toQuarter } from './points';
import { keyNotes } from './scheme';
import { normaliseMaths, readQuantity } from './quantity';

/**
 * Ratios ("3 : 5", "3 to 5"): a key that is a ratio of numbers is marked as one. Equal ratios are proportional term by
 * term, in the order written (5 : 3 is not 3 : 5); where the question asks for the simplest form (or the form 1 : n) an
 * equal ratio in another form is the form the question did not ask for: the method's share of two marks or more, as a
 * fraction not simplified is.
 */

const SEPARATOR = /\s*(?::|∶|\bto\b)\s*/i;
const TERM = String.raw`-?\d+(?:\.\d+)?(?:\s*\/\s*\d+)?`;
const RATIO = new RegExp(String.raw`(?<![\d.])${TERM}(?:\s*(?::|∶|\bto\b)\s*${TERM})+`, 'gi');

/** The terms of a ratio written as the whole of `text`, or null. */
export function readRatio(text: string): number[] | null {
  const plain = normaliseMaths(text).replace(/\s+/g, ' ').trim();
  if (!new RegExp(String.raw`^${TERM}(?:\s*(?::|∶|\bto\b)\s*${TERM})+$`, 'i').test(plain)) return null;
  const terms = plain.split(SEPARATOR).map((t) => readQuantity(t)?.value);
  return terms.every((t): t is number => t !== undefined && Number.isFinite(t)) ? terms : null;
}

/** The last ratio a response writes ("250 : 2000 = 1 : 8" → 1 : 8), with its terms as written. */
function lastRatio(response: string): { terms: number[]; text: string } | null {
  const plain = normaliseMaths(response);
  const found = [...plain.matchAll(RATIO)].map((m) => m[0]);
  for (let i = found.length - 1; i >= 0; i--) {
    const terms = readRatio(found[i]!);
    if (terms) return { terms, text: found[i]!.trim() };
  }
  return null;
}

const proportional = (a: number[], b: number[]) =>
  a.length === b.length && a.every((x, i) => Math.abs(x * b[0]! - b[i]! * a[0]!) <= 1e-9 * Math.max(1, Math.abs(x * b[0]!)));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** Whole terms with no common factor: 3 : 5, not 6 : 10 or 1.5 : 2.5. */
const simplest = (terms: number[]) => terms.every((t) => Number.isInteger(t)) && terms.reduce((g, t) => gcd(g, Math.abs(t)), 0) === 1;

export function checkRatio(question: string, key: string, response: string, possible: number): CheckAnswerResult | null {
  const want = readRatio(keyNotes(key).text);
  // Only where the question is about ratios ("ratio", "proportion", "1 : n", one written): "15:30" for a clock is a time.
  if (!want || !/\bratios?\b|\bproportion|\d\s*[:∶]\s*\d|\b1\s*:\s*n\b|\bn\s*:\s*1\b/i.test(question)) return null;
  if (/\bclock\b|\btimes?\b|\b[ap]\.?m\b/i.test(question) && /^\s*\d{1,2}\s*:\s*\d{2}\s*$/.test(keyNotes(key).text)) return null;
  const base = { pointsPossible: possible, method: 'numeric' as const };
  const keyText = keyNotes(key).text.trim();
  const got = lastRatio(response);
  if (!got) {
    // A number alone, or words: not a ratio; a teacher decides what it is worth.
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [keyText],
      confident: false,
      reason: 'The answer is not written as a ratio',
      feedback: `Write your answer as a ratio: the expected answer is ${keyText}.`,
    };
  }
  const result = (points: number, feedback: string, confident = true): CheckAnswerResult => ({
    ...base,
    pointsObtained: toQuarter(points, possible),
    matched: points === possible ? [keyText] : [],
    missing: points === possible ? [] : [keyText],
    confident,
    ...(confident ? {} : { reason: 'A ratio a teacher should check' }),
    feedback,
  });
  if (!proportional(want, got.terms)) {
    if (proportional(want, [...got.terms].reverse()))
      return result(0, `${got.text} is the ratio the other way round: the order matters, and the expected answer is ${keyText}.`);
    return result(0, `${got.text} is not equal to the ratio ${keyText}.`);
  }
  const oneToN = /\b1\s*:\s*n\b|\bn\s*:\s*1\b/i.test(question);
  const formAsked = oneToN || /\bsimplest form\b|\blowest terms\b|\bsimplif/i.test(question);
  const inForm = oneToN ? got.terms.some((t) => t === 1) : simplest(got.terms) || !simplest(want);
  if (formAsked && !inForm) {
    const share = possible >= 2 ? Math.floor(possible / 2) : 0;
    return result(
      share,
      `${got.text} is equal to ${keyText}, but not in the form the question asks: ${oneToN ? 'make one term 1' : 'divide every term by their common factor'} (the expected answer is ${keyText}).`,
    );
  }
  return result(
    possible,
    `Correct: ${got.text}${got.text.replace(/\s/g, '') === keyText.replace(/\s/g, '') ? '' : ` is the ratio ${keyText}`}.`,
  );
}
