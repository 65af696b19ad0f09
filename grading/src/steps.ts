import { findQuantities, normaliseMaths, readQuantity, sameValue, valueIn, type Quantity } from './quantity';

/**
 * A key written as its steps, each with its marks, as mark schemes are: "390 × 0.9 (M1) = £351 (A1); (351 − 300)/300 ×
 * 100 (M1) = 17% (A1)", "E = P × t (1); 2200 W or 180 s conversion (1); E = 396 000 J (1); = 396 kJ (1)". An answer
 * whose final value is not the key's earns the marks of the steps it shows: a value of a step written, a calculation of
 * the key written or worked out, a formula used; a right value implies the step before it (the schemes' "implied by").
 */

export type KeyStep = {
  marks: number;
  code: string;
  text: string;
  /** The value the step ends with ("= £351", "E = 396 000 J"), or its alternatives ("2200 W or 180 s"). */
  values: Quantity[];
  /** A calculation with numbers ("390 × 0.9"), its value. */
  calculation?: Quantity;
  /** A formula in letters ("E = P × t"): the operation it names. */
  formula?: string;
  /** The values are named ("2200 W or 180 s conversion"), not a result: any number of the working may show them. */
  named?: boolean;
};

/** "(1)", "(M1)", "(A1)", "(B1)" after a step. */
const MARK = /\(\s*([MABCP]?)(\d)\s*\)/g;

const flat = (t: string) =>
  normaliseMaths(t)
    .replace(/\s+/g, '')
    .replace(/\^\((-?\d+)\)/g, '^$1')
    .replace(/(\d)[xX](?=\d)/g, '$1*');

/** The steps of a key marked step by step, or null when it is not (fewer than two marked steps, or words after them). */
export function keySteps(written: string): KeyStep[] | null {
  // "… (A1) (4)": the total after the last step's marks is no step.
  const key = written.replace(/(\(\s*[MABCP]?\d\s*\))\s*\(\s*\d+\s*(?:marks?)?\s*\)\s*$/i, '$1');
  const marks = [...key.matchAll(MARK)];
  if (marks.length < 2 || /[a-z0-9]/i.test(key.slice(marks[marks.length - 1]!.index + marks[marks.length - 1]![0].length))) return null;
  const steps: KeyStep[] = [];
  let from = 0;
  for (const m of marks) {
    const text = key
      .slice(from, m.index)
      .replace(/^[\s;,.]+|[\s;,.]+$/g, '')
      .trim();
    from = m.index + m[0].length;
    if (!text) return null;
    steps.push(readStep(text, m[1] || 'B', Number(m[2])));
  }
  return steps;
}

function readStep(text: string, code: string, marks: number): KeyStep {
  const step: KeyStep = { marks, code, text, values: [] };
  const sides = text.split('=');
  const right = sides[sides.length - 1]!.trim();
  if (sides.length > 1) {
    const value = readQuantity(right);
    if (value) step.values.push(value);
    else if (/^[\sa-z×x*/÷+\-^()²³]+$/i.test(right) && /[×x*/÷+-]/.test(right.replace(/^[a-z]$/i, '')))
      step.formula = /[÷/]/.test(right) ? '/' : /[×x*]/.test(right) ? '*' : /\+/.test(right) ? '+' : '-';
    return step;
  }
  const calculation = readQuantity(text);
  // "97 km/h": a value with its unit (whose "/" is no division), not a calculation.
  const bare = calculation?.unit ? text.replace(/\s*[^\d\s)]+$/, '') : text;
  if (calculation && calculation.unit && bare !== text && !/[+\-*/^]/.test(flat(bare).replace(/^-/, ''))) {
    step.values.push(calculation);
    return step;
  }
  if (calculation && /[+\-*/^]/.test(flat(text).replace(/^-/, ''))) {
    step.calculation = calculation;
    return step;
  }
  // "2200 W or 180 s conversion": the values it names, any of them.
  for (const part of text.split(/\s+or\s+|,\s*/i)) step.values.push(...findQuantities(part));
  step.named = true;
  return step;
}

/**
 * A value of the answer within one unit of the key value's last written place ("96.6" for 97, "88.8" for 88.9), or the
 * key's value rounded to fewer places ("27" for 27.3).
 */
function withinLastPlace(value: Quantity, given: Quantity[]): boolean {
  return given.some((g) => {
    if (value.unit && (!g.unit || g.unit.dim !== value.unit.dim || g.unit.factor !== value.unit.factor)) return false;
    // Or the key's value rounded to fewer places ("27%" for 27.3%).
    const fewer = Array.from({ length: value.decimals }, (_, d) => Math.round(value.value * 10 ** d) / 10 ** d);
    return Math.abs(g.value - value.value) <= 10 ** -value.decimals + 1e-9 || fewer.some((r) => Math.abs(g.value - r) < 1e-9);
  });
}

/** `part` written in `text`, not inside a longer number ("400/0.51" does not write 400/0.5); `open`: a start only. */
function writes(text: string, part: string, open = false): boolean {
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
    if (!/[\d.]/.test(text[at - 1] ?? '') && (open || !/[\d.]/.test(text[at + part.length] ?? ''))) return true;
  return false;
}

/** A value of the answer is the step's: by value, in the step's unit where both have one. */
function shows(value: Quantity, given: Quantity[], exactUnit: boolean, exact = false): boolean {
  const same = (a: number, b: number) => (exact ? Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a)) : sameValue(a, b, value.decimals));
  return given.some((g) => {
    if (value.unit && g.unit) {
      if (g.unit.dim !== value.unit.dim) return false;
      if (exactUnit && g.unit.factor !== value.unit.factor) return false;
      return same(value.value, valueIn(g, value.unit));
    }
    return same(value.value, g.value) && Number.isInteger(value.value) === Number.isInteger(g.value);
  });
}

export type StepCredit = {
  points: number;
  shown: string[];
  missing: string[];
  unsure: boolean;
  /** The final value near the key's but not written to the precision the question asks for. */
  unrounded?: boolean;
};

/** "Round to 2 d.p.", "to 3 significant figures", "to the nearest whole number", "give your answer to 1 decimal place". */
const ROUNDING = /\bround|\bd\.\s?p\b|\bdecimal places?\b|\bsig(nificant)?\.?\s*fig|\bs\.\s?f\b|\bnearest (whole|integer|tenth|hundredth)/i;

/** The marks of the steps a response shows, or null when the key is not marked step by step. */
export function stepCredit(key: string, response: string, question = ''): StepCredit | null {
  const steps = keySteps(key);
  if (!steps) return null;
  const given = findQuantities(response);
  // Values written, not calculations: "400 ÷ 0.5 = 200" writes 200, and its 400 ÷ 0.5 is no value of 800.
  // ("96.6 km/h" is a value: its unit's "/" is no division.)
  const values = given.filter(
    (g) =>
      !/[+\-*/]|\^(?!-?\d+$)/.test(
        flat(g.unit && /^[-\d.,\s]+[^\d\s]+$/.test(g.text.trim()) ? g.text.trim().replace(/\s*[^\d\s]+$/, '') : g.text)
          .replace(/^-/, '')
          .replace(/^\d+(?:\.\d+)?\*10\^/, ''),
      ),
  );
  const written = flat(response);
  // The numbers of the working, but not the question's own ("1.5 km or 1500 m" is not shown by the 1.5 km it gives).
  const asked = new Set((normaliseMaths(question).match(/\d+(?:\.\d+)?/g) ?? []).map(Number));
  const numbers = (normaliseMaths(response).match(/\d+(?:\.\d+)?/g) ?? []).map(Number).filter((n) => !asked.has(n));
  const credited = steps.map(() => false);
  let unsure = false;
  // The last value step is the final answer, in the unit the key gives it.
  const lastValue = steps.map((s) => s.values.length > 0).lastIndexOf(true);
  // "Round to 1 d.p.": the final value counts only as written to the key's precision ("89%" or "88.8%" for 88.9% is
  // not it), though a value that near implies the method before it.
  const precise = ROUNDING.test(question);
  const near = steps.map(() => false);
  let unrounded = false;
  steps.forEach((s, i) => {
    if (s.named) {
      near[i] = s.values.some((v) => numbers.some((n) => sameValue(v.value, n, v.decimals)));
      credited[i] =
        precise && i === lastValue ? s.values.some((v) => numbers.some((n) => Math.abs(v.value - n) < 1e-9 * Math.max(1, n))) : near[i];
      if (near[i] && !credited[i]) unrounded = true;
    } else if (s.values.length) {
      credited[i] = s.values.some((v) => shows(v, values, i === lastValue, precise && i === lastValue));
      near[i] = s.values.some((v) => shows(v, values, i === lastValue) || (i === lastValue && precise && withinLastPlace(v, values)));
      if (near[i] && !credited[i]) unrounded = true;
    } else if (s.calculation) {
      credited[i] =
        writes(written, flat(s.text)) ||
        given.some((g) => /[+\-*/^]/.test(flat(g.text).replace(/^-/, '')) && sameValue(s.calculation!.value, g.value, 6));
      // "400 ÷ 0.51" for 400 ÷ 0.5: the step begun, then another number, may be the method with a slip: its marks are
      // offered, and a teacher decides.
      const start = /^-?[\d.]+[*/+\-^]/.exec(flat(s.text))?.[0];
      if (!credited[i] && start && writes(written, start, true)) credited[i] = unsure = true;
    }
  });
  // A right value implies the calculation or formula just before it.
  for (let i = steps.length - 1; i > 0; i--)
    if ((credited[i] || near[i]) && steps[i]!.values.length && !steps[i - 1]!.values.length) credited[i - 1] = true;
  steps.forEach((s, i) => {
    if (s.formula && !credited[i]) {
      // A formula used: the numbers of the answer combined by its operation ("2.2 × 3" for E = P × t). A teacher checks.
      const op = s.formula === '*' ? '[*]' : s.formula === '/' ? '[/]' : s.formula === '+' ? '[+]' : '-';
      if (new RegExp(`\\d${op}\\(?\\d`).test(written)) {
        credited[i] = true;
        unsure = true;
      }
    }
  });
  return {
    points: steps.reduce((sum, s, i) => sum + (credited[i] ? s.marks : 0), 0),
    shown: steps.filter((_, i) => credited[i]).map((s) => s.text),
    missing: steps.filter((_, i) => !credited[i]).map((s) => s.text),
    unsure,
    unrounded,
  };
}

/** A key's clause without the marks written after its steps: "400 ÷ 0.5 (M1) = 800 (A1)" → "400 ÷ 0.5 = 800". */
export const withoutStepMarks = (text: string) => (keySteps(text) ? text.replace(/\s*\(\s*[MABCP]?\d\s*\)(?=\s*(?:[;,=]|$))/g, '') : text);
