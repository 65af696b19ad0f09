import type { CheckAnswerResult } from './check';
import { atomsOf } from './chemistry';
import { toQuarter } from './points';
import { keyNotes, schemeMarks, type SchemeMark } from './scheme';

/**
 * Chemical equations ("2H2 + O2 → 2H2O"): the formulas on each side, then the balance. The right formulas,
 * unbalanced, earn the formula mark of a question worth two or more (the usual mark scheme), flagged for a
 * teacher to confirm; a balanced equation of the key's formulas in other proportions (4H2 + 2O2 → 4H2O) is right.
 */

type Species = { formula: string; count: number; atoms: Map<string, number>; state?: string };
type Equation = { left: Species[]; right: Species[] };

const ARROW = /\s*(?:→|⟶|->|-->|=>|⇌|⟷|<=>|=)\s*/;
const SUBSCRIPT = /[₀-₉]/g;

/** "2H2 + O2 → 2H2O" → its species with their coefficients; null when it is not an equation of real formulas. */
export function readEquation(text: string): Equation | null {
  const plain = text
    .replace(SUBSCRIPT, (c) => String(c.charCodeAt(0) - 0x2080))
    .trim()
    .replace(/\.$/, '');
  const sides = plain.split(ARROW);
  if (sides.length !== 2) return null;
  const side = (s: string): Species[] | null => {
    const out: Species[] = [];
    for (const raw of s.split(/\s+\+\s+|\s*\+\s*(?=\d*\s*[A-Z(])/)) {
      // "2HCl(aq)": the state symbol is kept apart from the formula.
      const m = /^(\d*)\s*(\S+?)\s*(?:\((s|l|g|aq)\))?$/i.exec(raw.trim());
      if (!m) return null;
      const atoms = atomsOf(m[2]!);
      if (!atoms) return null;
      out.push({ formula: m[2]!, count: m[1] ? Number(m[1]) : 1, atoms, ...(m[3] ? { state: m[3].toLowerCase() } : {}) });
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

export function checkEquation(rawKey: string, response: string, possible: number, question = ''): CheckAnswerResult | null {
  // Only a key with an arrow is an equation: "P = VI" or "F = ma" are formulas of physics, whatever their letters.
  if (!/→|⟶|->|⇌|⟷/.test(rawKey)) return null;
  // "(1 correct formulae, 1 balanced)": the key's notes say what each mark is for.
  const { text: keyText, marks } = equationNotes(rawKey);
  const formulaMarks = marks.find((m) => /formula/i.test(m.what))?.marks;
  const balanceMarks = marks.find((m) => /balanc/i.test(m.what))?.marks;
  const stateMarks = marks.find((m) => /state/i.test(m.what))?.marks;
  const stated = formulaMarks !== undefined && balanceMarks !== undefined;
  const want = readEquation(keyText);
  if (!want) return null;
  const base = { pointsPossible: possible, method: 'terms' as const };
  const got = readEquation(response) ?? blanksFilled(keyText, response);
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
    // Of one mark nothing is shared; where the key says what each mark is for, the formulae and balancing marks need
    // every formula right (only state symbols written may still earn theirs).
    const statesWritten = stateMarks !== undefined && [...got.left, ...got.right].some((x) => x.state);
    const some = possible >= 2 && (!stated || statesWritten) && shared > 0 && shared >= wanted.size / 2;
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
  // "with state symbols" and a mark for them: each substance's state as the key's, or that mark is lost.
  const wantsStates =
    [...want.left, ...want.right].every((s) => s.state) &&
    (stateMarks !== undefined || /\bstate symbols?\b/i.test(`${rawKey} ${question}`));
  const statesRight = !wantsStates || sameStates(want, got);
  if (wantsStates && possible < 2 && !statesRight && balanced)
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [keyText],
      confident: false,
      reason: 'The state symbols the question asks for are missing or wrong: teachers differ on a mark of one',
      feedback: `The formulas and balance are right, but the state symbols are missing or wrong (${keyText}).`,
    };
  if (wantsStates && possible >= 2 && (!statesRight || !balanced)) {
    const stateShare = stateMarks ?? 1;
    const balanceShare = balanceMarks ?? 1;
    const points = Math.max(0, possible - (statesRight ? 0 : stateShare) - (balanced ? 0 : balanceShare));
    const lost = [
      ...(balanced ? [] : ['the equation is not balanced']),
      ...(statesRight ? [] : ['the state symbols are missing or wrong']),
    ];
    return {
      ...base,
      pointsObtained: toQuarter(points, possible),
      matched: [],
      missing: [keyText],
      // The key says what each mark is for: the mark is the key's.
      confident: stateMarks !== undefined,
      ...(stateMarks !== undefined
        ? {}
        : { reason: 'The right formulas, but the balance or the state symbols are not: teachers split the marks differently' }),
      feedback: `Partly correct: the formulas are right, but ${lost.join(' and ')} (${keyText}).`,
    };
  }
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

/** The key's equation and its notes: "(1 formulae, 1 balancing, 1 state symbols)" is a scheme, never part of the equation. */
function equationNotes(rawKey: string): { text: string; marks: SchemeMark[] } {
  const notes = keyNotes(rawKey);
  const m = /^(.*?)\s*\(([^()]*\b(?:formulae?|balanc\w*|state symbols?)\b[^()]*)\)\s*$/i.exec(notes.text);
  if (!m) return { text: notes.text, marks: notes.marks };
  return { text: m[1]!.trim(), marks: [...notes.marks, ...schemeMarks(m[2]!)] };
}

/** Every substance in the state the key gives it. */
function sameStates(want: Equation, got: Equation): boolean {
  const states = (side: Species[]) =>
    side
      .map((s) => `${key(s.atoms)}:${s.state ?? ''}`)
      .sort()
      .join(' ');
  return states(want.left) === states(got.left) && states(want.right) === states(got.right);
}

/**
 * "Balance: __Na + __Cl2 -> __NaCl" answered "2, 1, 2": the numbers fill the key's blanks in order, giving the
 * equation the student means. Null when the response is not one number for each substance.
 */
function blanksFilled(keyText: string, response: string): Equation | null {
  const numbers = response
    .trim()
    .split(/\s*[,;\s]\s*/)
    .filter(Boolean);
  if (numbers.length < 2 || !numbers.every((n) => /^\d+$/.test(n))) return null;
  const want = readEquation(keyText);
  if (!want || want.left.length + want.right.length !== numbers.length) return null;
  const fill = (side: Species[], from: number) => side.map((s, i) => ({ ...s, count: Number(numbers[from + i]) }));
  return { left: fill(want.left, 0), right: fill(want.right, want.left.length) };
}
