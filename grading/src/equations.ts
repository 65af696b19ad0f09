import type { CheckAnswerResult } from './check';
import { atomsOf } from './chemistry';
import { toQuarter } from './points';
import { keyNotes } from './scheme';

/**
 * Chemical equations ("2H2 + O2 → 2H2O"): the formulas on each side, then the balance. The right formulas,
 * unbalanced, earn the formula mark of a question worth two or more (the usual mark scheme), flagged for a
 * teacher to confirm; a balanced equation of the key's formulas in other proportions (4H2 + 2O2 → 4H2O) is right.
 */

type Species = { formula: string; count: number; atoms: Map<string, number> };
type Equation = { left: Species[]; right: Species[] };

const ARROW = /\s*(?:→|⟶|->|-->|=>|⇌|⟷|<=>|=)\s*/;
const SUBSCRIPT = /[₀-₉]/g;

/** "2H2 + O2 → 2H2O" → its species with their coefficients; null when it is not an equation of real formulas. */
export function readEquation(text: string): Equation | null {
  const plain = text
    .replace(SUBSCRIPT, (c) => String(c.charCodeAt(0) - 0x2080))
    .replace(/\((?:s|l|g|aq)\)/gi, '')
    .trim()
    .replace(/\.$/, '');
  const sides = plain.split(ARROW);
  if (sides.length !== 2) return null;
  const side = (s: string): Species[] | null => {
    const out: Species[] = [];
    for (const raw of s.split(/\s+\+\s+|\s*\+\s*(?=\d*\s*[A-Z(])/)) {
      const m = /^(\d*)\s*(\S+)$/.exec(raw.trim());
      if (!m) return null;
      const atoms = atomsOf(m[2]!);
      if (!atoms) return null;
      out.push({ formula: m[2]!, count: m[1] ? Number(m[1]) : 1, atoms });
    }
    return out.length ? out : null;
  };
  const left = side(sides[0]!);
  const right = side(sides[1]!);
  return left && right ? { left, right } : null;
}

const key = (atoms: Map<string, number>) =>
  [...atoms]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([el, n]) => `${el}${n}`)
    .join('');

/** Atoms on one side, counted with the coefficients. */
function tally(species: Species[]): Map<string, number> {
  const t = new Map<string, number>();
  for (const s of species) for (const [el, n] of s.atoms) t.set(el, (t.get(el) ?? 0) + n * s.count);
  return t;
}
const sameTally = (a: Map<string, number>, b: Map<string, number>) => a.size === b.size && [...a].every(([el, n]) => b.get(el) === n);
const formulas = (species: Species[]) =>
  species
    .map((s) => key(s.atoms))
    .sort()
    .join(' + ');

export function checkEquation(rawKey: string, response: string, possible: number): CheckAnswerResult | null {
  // Only a key with an arrow is an equation: "P = VI" or "F = ma" are formulas of physics, whatever their letters.
  if (!/→|⟶|->|⇌|⟷/.test(rawKey)) return null;
  // "(1 correct formulae, 1 balanced)": the key's notes say what each mark is for.
  const notes = keyNotes(rawKey);
  const keyText = notes.text;
  const formulaMarks = notes.marks.find((m) => /formula/i.test(m.what))?.marks;
  const stated = formulaMarks !== undefined && notes.marks.some((m) => /balanc/i.test(m.what));
  const want = readEquation(keyText);
  if (!want) return null;
  const base = { pointsPossible: possible, method: 'terms' as const };
  const got = readEquation(response);
  if (!got) {
    if (!ARROW.test(response) || !/[A-Z]/.test(response)) return null;
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [keyText],
      confident: false,
      reason: 'The equation could not be read',
      feedback: `Your equation could not be read automatically, so a teacher will check it. The expected equation is ${keyText}.`,
    };
  }
  const sameFormulas = formulas(want.left) === formulas(got.left) && formulas(want.right) === formulas(got.right);
  if (!sameFormulas) {
    const wanted = new Set([...want.left, ...want.right].map((s) => key(s.atoms)));
    const shared = [...got.left, ...got.right].filter((s) => wanted.has(key(s.atoms))).length;
    const some = shared > 0 && shared >= wanted.size / 2;
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [keyText],
      confident: !some,
      ...(some ? { reason: 'Some of the formulas are right: partial credit may be due' } : {}),
      feedback: `Not correct: the expected equation is ${keyText}. Check the formula of each substance and which side it is on.`,
    };
  }
  const balanced = sameTally(tally(got.left), tally(got.right));
  if (balanced) {
    return {
      ...base,
      pointsObtained: possible,
      matched: [keyText],
      missing: [],
      confident: true,
      feedback: `Correct: the formulas are right and the equation is balanced (${keyText}).`,
    };
  }
  const note = `The formulas are right, but the equation is not balanced: count the atoms of each element on both sides and put numbers in front of the formulas (${keyText}).`;
  if (possible < 2) return { ...base, pointsObtained: 0, matched: [], missing: [keyText], confident: true, feedback: note };
  return {
    ...base,
    pointsObtained: toQuarter(stated ? Math.min(formulaMarks, possible) : possible / 2, possible),
    matched: [],
    missing: [keyText],
    // Where the key says what the formulae earn, the mark is the key's; otherwise the usual scheme's, for a teacher to confirm.
    confident: stated,
    ...(stated ? {} : { reason: 'The right formulas, not balanced: the formula mark may be due' }),
    feedback: `Partly correct. ${note}`,
  };
}
