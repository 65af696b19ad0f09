import type { CheckAnswerResult } from './check';
import { atomsOf, substancesIn } from './chemistry';
import { toQuarter } from './points';
import { withoutWordNote } from './algebra-scheme';
import { keyNotes, schemeMarks, type SchemeMark } from './scheme';

/**
 * Chemical equations ("2H2 + O2 → 2H2O"): the formulas on each side, then the balance. The right formulas,
 * unbalanced, earn the formula mark of a question worth two or more (the usual mark scheme), flagged for a
 * teacher to confirm; a balanced equation of the key's formulas in other proportions (4H2 + 2O2 → 4H2O) is right.
 */

type Species = { formula: string; count: number; atoms: Map<string, number>; state?: string };
type Equation = { left: Species[]; right: Species[] };
const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

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
    // "4H2 + 2O2 → 4H2O": balanced, but a multiple of the lowest ratio; some teachers take a mark off for it.
    const counts = [...got.left, ...got.right].map((sp) => sp.count);
    const wantCounts = [...want.left, ...want.right].map((sp) => sp.count);
    const multiple = counts.reduce(gcd, 0) > 1 && wantCounts.reduce(gcd, 0) === 1;
    return {
      ...base,
      pointsObtained: possible,
      matched: [keyText],
      missing: [],
      confident: !multiple,
      ...(multiple ? { reason: 'The equation is balanced but not in its lowest whole-number ratio: teachers differ on it' } : {}),
      feedback: multiple
        ? `The formulas are right and the equation is balanced, but its numbers can all be divided down: ${keyText}.`
        : `Correct: the formulas are right and the equation is balanced (${keyText}).`,
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
function equationNotes(written: string): { text: string; marks: SchemeMark[] } {
  // "…: [1] formulae, [1] balancing, [1] state symbols": the marks before what earns them, after the equation, are the
  // same scheme as "(1 formulae, 1 balancing, 1 state symbols)".
  const rawKey = written.replace(
    /\s*[:;.]?\s*((?:[([]\s*\d\s*[)\]]\s*(?:for\s+)?[a-z][a-z ]*?(?:,\s*|;\s*|\s+and\s+|\s*$))+)$/i,
    (m, list: string) =>
      /\b(?:formulae?|balanc\w*|state symbols?)\b/i.test(list) ? ` (${list.replace(/[([]\s*(\d)\s*[)\]]\s*/g, '$1 ').trim()})` : m,
  );
  const notes = keyNotes(rawKey);
  const m = /^(.*?)\s*\(([^()]*\b(?:formulae?|balanc\w*|state symbols?)\b[^()]*)\)\s*$/i.exec(notes.text);
  if (!m) return { text: withoutWordNote(notes.text), marks: notes.marks };
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

type Named = { atoms: Map<string, number>; written: string; name: boolean };

/** The substances of each side of a word equation; null unless it has two sides with a substance in each part. */
function wordSides(text: string): { left: Named[][]; right: Named[][] } | null {
  const sides = text.split(/\s*(?:→|⟶|->|-->|=>|=)\s*/);
  if (sides.length !== 2) return null;
  const side = (s: string) => {
    const parts = s
      .split(/\s+\+\s+|\s+and\s+|\s*,\s*/i)
      .map((p) => p.trim())
      .filter(Boolean);
    const found = parts.map((p) => substancesIn(p));
    return found.length > 0 ? found : null;
  };
  const [left, right] = [side(sides[0]!), side(sides[1]!)];
  return left && right ? { left, right } : null;
}

const sameSubstance = (a: Named, b: Named) => a.atoms.size === b.atoms.size && [...a.atoms].every(([el, n]) => b.atoms.get(el) === n);

/**
 * A word equation ("zinc + hydrochloric acid → zinc chloride + hydrogen"), marked as its key's notes split the marks:
 * one mark a product ("1 mark per product", "B1 zinc chloride. B1 hydrogen"), or one for the reactants and one for the
 * products ("1 mark for reactants, 1 mark for product"); where the key says neither, the sides share the marks, flagged
 * unless the whole equation is right. A name that is another substance ("zinc chlorine") is wrong. Null unless both the
 * key and the response are equations whose parts each name one substance.
 */
export function checkWordEquation(rawKey: string, response: string, possible: number): CheckAnswerResult | null {
  const notes = keyNotes(rawKey);
  const keyText = notes.text.replace(/[.;]\s*$/, '');
  if (!/→|⟶|->|⇌/.test(keyText) || /\d/.test(keyText)) return null;
  const want = wordSides(keyText);
  if (!want || [...want.left, ...want.right].some((p) => p.length !== 1 || !p[0]!.name)) return null;
  if (!/→|⟶|->|-->|=>|=/.test(response)) return null;
  const got = wordSides(response);
  if (!got) return null;
  const wanted = { left: want.left.map((p) => p[0]!), right: want.right.map((p) => p[0]!) };
  const given = { left: got.left.flat(), right: got.right.flat() };
  // A part of the answer that names nothing ("zinc chlorine" names chlorine, "a salt" nothing): that part is wrong.
  const unread = { left: got.left.some((p) => p.length === 0), right: got.right.some((p) => p.length === 0) };
  const sideRight = (w: Named[], g: Named[], blank: boolean) =>
    !blank && w.length === g.length && w.every((x) => g.some((y) => sameSubstance(x, y)));
  const all = notes.notes.join('; ');
  const perProduct = /\bper product\b|\beach product\b/i.test(all);
  // "B1 zinc chloride. B1 hydrogen": a mark named for each product.
  const what = (m: SchemeMark) => lower(m.what.replace(/^for\s+/i, ''));
  const named = notes.marks.filter((m) => m.code === 'B' && m.marks > 0 && wanted.right.some((r) => lower(r.written) === what(m)));
  const bySide = /\breactants?\b/i.test(all) && /\bproducts?\b/i.test(all);
  const base = { pointsPossible: possible, method: 'terms' as const, missing: [] as string[], matched: [] as string[] };
  const reactants = sideRight(wanted.left, given.left, unread.left);
  const products = sideRight(wanted.right, given.right, unread.right);
  if (reactants && products)
    return { ...base, pointsObtained: possible, confident: true, matched: [keyText], feedback: `Correct: ${keyText}.` };
  let points: number;
  let sure = true;
  if (perProduct || named.length === wanted.right.length) {
    // Each product of the key on the answer's right side earns its mark; a wrong one beside it earns nothing.
    const each = perProduct ? possible / wanted.right.length : 0;
    points = wanted.right.reduce(
      (sum, r) =>
        sum +
        (given.right.some((g) => sameSubstance(r, g)) ? (perProduct ? each : named.find((m) => what(m) === lower(r.written))!.marks) : 0),
      0,
    );
  } else if (bySide && possible === 2) points = (reactants ? 1 : 0) + (products ? 1 : 0);
  else {
    points = ((reactants ? 1 : 0) + (products ? 1 : 0)) * (possible / 2);
    sure = points === 0;
  }
  points = toQuarter(Math.min(points, possible), possible);
  const missing = [...wanted.left, ...wanted.right].filter((w) => ![...given.left, ...given.right].some((g) => sameSubstance(w, g)));
  return {
    ...base,
    pointsObtained: points,
    confident: sure,
    ...(sure ? {} : { reason: 'A word equation partly right: teachers split its marks differently' }),
    missing: [keyText],
    feedback: `${points > 0 ? `Partly correct (${points} of ${possible} marks)` : 'Not correct'}: the equation is ${keyText}.${
      missing.length ? ` Check ${missing.map((m) => m.written).join(' and ')}.` : ''
    }`,
  };
}

const lower = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
