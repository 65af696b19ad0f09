import type { CheckAnswerResult } from './check';
import { toQuarter } from './points';
import { findQuantities, normaliseMaths, readQuantity } from './quantity';
import { NEGATIONS, isContentWord, stem, words } from './text';
import { synonymsOf } from './wordnet';

/**
 * A key that says what earns each mark after its answer: "They are equal (both 27) - B1 for equal, B1 for showing 27",
 * "Yes, 91 = 7 × 13 (B1 for not prime; B1 for a factor pair)". Each point is marked on its own: a value by the number
 * written, words by the same words or their synonyms (equal / the same). A "not" in the answer needs a teacher's eye.
 */

export type MarkPoint = { marks: number; what: string };

const POINTS = /^(.*?\S)\s*(?:[-–—;:]\s*|\(\s*)((?:[BM]\d\s+for\s+[^,;()]+?(?:\s*[,;]\s*|\s*$|\s*\)))+)\)?\s*$/i;

/**
 * "5/8 (B1) with a valid comparison, e.g. 25/40 and 24/40, or 0.625 and 0.6 (B1).": each mark after what earns it, the
 * first a value (the answer), the others values to be seen, any one of their examples. Null for any other key.
 */
function bracketedPoints(key: string): { answer: string; points: MarkPoint[] } | null {
  const marks = [...key.matchAll(/\(\s*[BM](\d)\s*\)/g)];
  const last = marks[marks.length - 1];
  if (marks.length < 2 || /[a-z0-9]/i.test(key.slice(last!.index + last![0].length))) return null;
  const points: MarkPoint[] = [];
  let from = 0;
  for (const m of marks) {
    const what = key
      .slice(from, m.index)
      .replace(/^[\s.;,]+|[\s.;,]+$/g, '')
      .replace(/^(?:with|and|plus)\s+/i, '')
      .trim();
    from = m.index + m[0].length;
    if (!what || numbersOf(what).length === 0) return null;
    points.push({ marks: Number(m[1]), what });
  }
  return readQuantity(points[0]!.what) ? { answer: points[0]!.what, points } : null;
}

/** The answer of a key and the points its marks are for, or null when it names no two points. */
export function markPoints(key: string): { answer: string; points: MarkPoint[] } | null {
  const m = POINTS.exec(key.trim());
  if (!m) return bracketedPoints(key.trim());
  const points = [...m[2]!.matchAll(/\b[BM](\d)\s+for\s+([^,;()]+)/gi)].map((p) => ({
    marks: Number(p[1]),
    what: p[2]!.replace(/^\s*(?:showing|stating|giving|saying|writing|the|a|an|that)\s+/gi, '').trim(),
  }));
  return points.length >= 2 ? { answer: m[1]!.trim(), points } : null;
}

const numbersOf = (t: string) => (normaliseMaths(t).match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);

/** The point's words, each said by the response in its own form or a synonym. */
function saysWords(point: string, said: string[]): boolean {
  const want = words(point).filter(isContentWord);
  if (want.length === 0) return false;
  const stems = new Set(said.map(stem));
  return want.every((w) => {
    if (stems.has(stem(w))) return true;
    const near = synonymsOf(w, { similar: true, also: true });
    return said.some((s) => near.has(s) || (isContentWord(s) && synonymsOf(s, { similar: true, also: true }).has(w)));
  });
}

export function checkPointMarks(key: string, response: string, possible: number): CheckAnswerResult | null {
  const scheme = markPoints(key);
  if (!scheme || scheme.points.reduce((s, p) => s + p.marks, 0) !== possible) return null;
  const said = words(response);
  const numbers = numbersOf(response);
  const first = findQuantities(response)[0];
  const shown = scheme.points.map((p, i) => {
    // The answer's value is the response's first value ("5/8 because …"), not a number anywhere in it.
    const answer = i === 0 && p.what === scheme.answer ? readQuantity(p.what) : null;
    if (answer) return first !== undefined && Math.abs(first.value - answer.value) <= 1e-9 * Math.max(1, Math.abs(answer.value));
    // "e.g. 25/40 and 24/40, or 0.625 and 0.6": any one example's numbers, all of them.
    const examples = p.what
      .replace(/^.*?\be\.?g\.?,?\s*/i, '')
      .split(/,?\s+or\s+/i)
      .map(numbersOf)
      .filter((e) => e.length > 0);
    if (examples.length > 1) return examples.some((e) => e.every((v) => numbers.includes(v)));
    const values = numbersOf(p.what);
    return values.length ? values.every((v) => numbers.includes(v)) : saysWords(p.what, said);
  });
  const points = toQuarter(
    scheme.points.reduce((s, p, i) => s + (shown[i] ? p.marks : 0), 0),
    possible,
  );
  const negated = said.some((w) => NEGATIONS.has(w));
  const got = scheme.points.filter((_, i) => shown[i]).map((p) => p.what);
  const missing = scheme.points.filter((_, i) => !shown[i]).map((p) => p.what);
  return {
    pointsObtained: points,
    pointsPossible: possible,
    method: 'terms',
    matched: got,
    missing,
    confident: !negated,
    ...(negated ? { reason: 'The answer contains a negation ("not", "no"…): it may say the opposite of a point' } : {}),
    feedback:
      points === possible
        ? `Correct: ${scheme.answer}.`
        : got.length
          ? `Partly correct (${points} of ${possible}): you have ${got.join(' and ')}, but not ${missing.join(' or ')}. The answer is: ${scheme.answer}.`
          : `Not correct: the answer is ${scheme.answer}.`,
  };
}
