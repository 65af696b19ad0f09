import type { CheckAnswerResult } from './check';
import { fmt, toQuarter } from './points';
import { findQuantities, inBaseUnits, normaliseMaths, readQuantity, sameValue, type Quantity } from './quantity';

// ---- numeric ------------------------------------------------------------------------------------

/**
 * The values a key ends with: the last clause's result(s). "F = ma = 2 × 3 = 6 N" → [6 N];
 * "(x − 2)(x − 3) = 0, so x = 2 or x = 3" → [2, 3]. Null when the key does not end in a value.
 */
export function keyValues(key: string): Quantity[] | null {
  const plain = normaliseMaths(key).replace(/\s+/g, ' ').trim();
  const clauses = plain
    .split(/;|, so |\bso\b|\btherefore\b|\bhence\b|\bgives\b|:\s/i)
    .map((c) => c.trim())
    .filter(Boolean);
  const last = clauses[clauses.length - 1] ?? '';
  const parts = last
    .split(/\s+or\s+|\s+and\s+|,\s+/i)
    .map((p) => p.trim())
    .filter(Boolean);
  const values: Quantity[] = [];
  for (const part of parts) {
    const afterEquals = part.split(/=|≈/).pop()!.trim();
    const q = readQuantity(afterEquals);
    if (!q) return null;
    values.push(q);
  }
  return values.length > 0 && values.length <= 4 ? values : null;
}

function describe(q: Quantity): string {
  return q.text.replace(/\s+/g, ' ');
}

export function checkNumeric(expected: Quantity[], response: string, possible: number, type: string): CheckAnswerResult | null {
  const given = findQuantities(response);
  const base = { pointsPossible: possible, method: 'numeric' as const };
  if (given.length === 0) {
    if (!type.includes('numer')) return null;
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: expected.map(describe),
      confident: false,
      reason: 'No number found in the answer',
      feedback: `No numerical answer was found. Expected ${expected.map(describe).join(' and ')}.`,
    };
  }
  // Final answers count: with one expected value, the response's last value (after its last '=') is the answer.
  const finals = expected.length === 1 ? [finalQuantity(response) ?? given[given.length - 1]!] : given;
  let credit = 0;
  const matched: string[] = [];
  const missing: string[] = [];
  const notes: string[] = [];
  let unsure: string | undefined;
  for (const want of expected) {
    const verdicts = finals.map((q) => compare(want, q));
    const best = verdicts.sort((a, b) => b.score - a.score)[0]!;
    credit += best.score / expected.length;
    if (best.score === 1) matched.push(describe(want));
    else missing.push(describe(want));
    if (best.note) notes.push(best.note);
    if (best.score === 0 && expected.length === 1 && given.some((q) => compare(want, q).score === 1)) {
      unsure = 'The expected value appears in the working but not as the final answer';
    }
  }
  const points = toQuarter(credit * possible, possible);
  const allRight = points === possible;
  const feedback = allRight
    ? `Correct: ${matched.join(' and ')}.`
    : [
        points > 0 ? `Partly correct (${fmt(points)} of ${fmt(possible)}).` : 'Not correct.',
        ...notes,
        missing.length ? `Expected ${missing.join(' and ')}.` : '',
      ]
        .filter(Boolean)
        .join(' ');
  return { ...base, pointsObtained: points, matched, missing, feedback, confident: !unsure, ...(unsure ? { reason: unsure } : {}) };
}

/** The value after the response's last '=' (or the whole response when that is one value). */
function finalQuantity(response: string): Quantity | null {
  const plain = normaliseMaths(response).trim();
  const tail = plain
    .split(/=|≈|\bis\b|:/)
    .pop()!
    .trim();
  return (
    readQuantity(tail) ??
    readQuantity(plain) ??
    (() => {
      const inTail = findQuantities(tail);
      return inTail.length === 1 ? inTail[0]! : null;
    })()
  );
}

function compare(want: Quantity, got: Quantity): { score: number; note?: string } {
  if (want.unit && got.unit && want.unit.dim === got.unit.dim) {
    return sameValue(inBaseUnits(want), inBaseUnits(got), decimalsInBase(want)) ? { score: 1 } : { score: 0 };
  }
  if (!sameValue(want.value, got.value, want.decimals)) return { score: 0 };
  if (!want.unit || (want.unit.dim === 'percent' && !got.unit)) return { score: 1 };
  if (!got.unit) return { score: 0.75, note: `The value is right but the unit is missing (${want.unit.label}).` };
  return { score: 0.5, note: `The value is right but the unit is wrong: ${got.unit.label} instead of ${want.unit.label}.` };
}

const decimalsInBase = (q: Quantity) => (q.unit ? Math.max(0, q.decimals - Math.round(Math.log10(q.unit.factor))) : q.decimals);
