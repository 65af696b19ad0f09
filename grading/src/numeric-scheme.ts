/**
 * A mark scheme written as lines or sentences, each mark with what earns it, as exam boards print them:
 *
 *   "M1 for 20% of 60 = 12 or 0.8 × 60 ⏎ A1 £48"
 *   "B1 60 ⏎ B1 km/h (accept kph, km per hour)"
 *   "£51. M1 for 0.15 × 60 (= 9) or 0.85 × 60. A1 £51."
 *   "8 g/cm³. 1 mark for 8; 1 mark for unit (accept g per cm3)."
 *
 * The numeric reader takes a key as its answer with the scheme's notes in brackets after it ("£48 (M1 for …; A1 £48)"):
 * such a key is rewritten to that form, the answer first (the key's opening answer, else its accuracy mark's value, else
 * the value and unit its independent marks name), then its accepted wordings, then its marks; a B mark for a step the
 * working shows ("B1 3200 g seen") is a method mark, and the B marks of a value and of its unit are named so.
 */
import { findQuantities, normaliseMaths, readQuantity, readUnit, valueIn, type Quantity } from './quantity';

type Line = { code: 'M' | 'A' | 'B'; marks: number; what: string };

/** Where a scheme's sentences and lines part: a line break, or a full stop or ";" before a mark or a new sentence. */
const SPLIT =
  /\s*\n\s*|(?<=[^\s.]|\))\.\s+(?=[A-Z([£$]|\d\s+marks?\b|\d\s+for\s)|\s*;\s*(?=[MAB]\d\b|\d\s+marks?\b|\d\s+for\s|\d\s+(?:number|value|unit)s?\b|answer (?:alone|only)\b)|,\s*(?=\d\s+(?:number|value|unit)s?\s*(?:[,;.]|$)|\d\s+for\s+(?:the\s+)?(?:answer|value)\b)/;

const MARK_LINE = /^([MAB])(\d)\b\s*:?\s*(?:for\s+)?(.*)$/s;
/** "1 mark for 8", "1 for km/h", "1 for method": a mark as a count before what earns it. */
const COUNT_LINE = /^(\d)\s+(?:marks?\s+(?:for\s+)?|for\s+)(.*)$/is;
/** "1 number, 1 unit": a mark for the value and one for the unit, named in a word. */
const NAMED_LINE = /^(\d)\s+(?:marks?\s+for\s+(?:the\s+)?)?(number|value|unit)s?\.?$/i;
/** A marker's instruction: what else to accept, what not to, whether units count. */
const INSTRUCTION =
  /^(?:also\s+)?(?:do not|don'?t|not|ignore|accept|allow|condone|award|must|units?\b|oe\b|o\.e\.|ft\b|follow|answer (?:alone|only)\b)/i;

/** "(accept kph, km per hour)", "(= 520)", "(units required for A1)": brackets at the end of a line, taken off. */
function trailingBrackets(text: string): { text: string; brackets: string[] } {
  let t = text.trim().replace(/[.;,]+$/, '');
  const brackets: string[] = [];
  for (;;) {
    const m = /\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*$/.exec(t);
    if (!m || m.index === 0) break;
    brackets.unshift(m[1]!.trim());
    t = t.slice(0, m.index).trim();
  }
  return { text: t, brackets };
}

/** "for correct unit", "unit J", "km/h", "Pa or N/m²", "a correct unit for their value": a mark for the unit. */
function unitOfLine(what: string): { unit: string | null } | null {
  const t = what
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^(?:(?:a|the)\s+)?(?:correct\s+|right\s+|appropriate\s+|suitable\s+)?units?\b/i.test(t)) {
    const named = t.replace(/^.*?\bunits?\b\s*/i, '').split(/\s+or\s+/i)[0]!;
    return { unit: named && readUnit(named) ? named : null };
  }
  const first = t.split(/\s+or\s+|,\s*/i)[0]!.trim();
  return first && !/\d/.test(first) && (readUnit(first) ?? readUnit(normaliseMaths(first))) ? { unit: first } : null;
}

/** "value", "for 75", "60": a mark for the value; the value, when the line names one. */
function valueOfLine(what: string): { value: string | null } | null {
  const t = trailingBrackets(what).text;
  if (/^(?:the\s+)?(?:correct\s+)?(?:numerical\s+)?(?:value|answer)$/i.test(t)) return { value: null };
  // "+ 2", "− 4": a sign set apart from its number is a term of an expression, not a value.
  // "72 000 ÷ 3600", "3/2 × 4/3": a calculation is a step of the method, whatever it comes to.
  return readQuantity(t) && !/^[+\-−–]\s/.test(t) && !/[×÷*+]|\d\s*[-−–]\s*\d|\/.*\//.test(t) ? { value: t } : null;
}

/**
 * The key as its answer followed by its notes ("£48 (M1 for 20% of 60 = 12 or 0.8 × 60; A1 £48)"), or null when it is
 * not a scheme of marks on lines or sentences, or names no value as its answer.
 */
export function schemeLinesKey(key: string): string | null {
  // Marks outside brackets only: "x = 8 (M1 for …; A1 …)" is already an answer with its notes.
  const outside = key.replace(/\([^()]*(?:\([^()]*\)[^()]*)*\)/g, ' ');
  // "30 cm. Ignore missing unit.", "7/20. Do not accept 35/100.": an answer and the marker's instructions are one too.
  const instructed = /^[^.\n]*\d[^.\n]*?(?:\.\s+|\s*\n\s*)(?:do not|don'?t|ignore|accept|allow|condone|units?\b)/i.test(outside);
  // "75 km/h. 1 for 75; 1 for km/h", "10 m²; 1 number, 1 unit": marks as counts after the answer are a scheme too.
  if (!/(?:^|\n|[.;]\s+)(?:[MAB]\d\b|\d\s+marks?\s|\d\s+for\s|\d\s+(?:number|value|unit)s?\b)/.test(outside) && !instructed) return null;
  const parts = key
    .trim()
    .split(SPLIT)
    .map((p) => p.trim())
    .filter(Boolean);
  const lines: Line[] = [];
  const notes: string[] = [];
  let opening: string | null = null;
  parts.forEach((part, i) => {
    const mark = MARK_LINE.exec(part);
    const named = mark || i === 0 ? null : NAMED_LINE.exec(part);
    const count = mark || named ? null : COUNT_LINE.exec(part);
    if (mark) lines.push({ code: mark[1] as Line['code'], marks: Number(mark[2]), what: mark[3]!.trim() });
    else if (named) lines.push({ code: 'B', marks: Number(named[1]), what: /unit/i.test(named[2]!) ? 'unit' : 'value' });
    else if (count) lines.push({ code: 'B', marks: Number(count[1]), what: count[2]!.trim() });
    else if (INSTRUCTION.test(part)) notes.push(part.replace(/[.;]+$/, ''));
    else if (i === 0) opening = part;
    else notes.push(part.replace(/[.;]+$/, ''));
  });
  if (lines.length === 0 && (opening === null || notes.length === 0)) return null;

  const accept: string[] = [];
  const marks: string[] = [];
  let answer: string | null = null;
  let unit: string | null = null;
  if (opening !== null) {
    const { text: written, brackets } = trailingBrackets(opening);
    const text = written.replace(/(?:\s+(?:oe|o\.e\.|cao|c\.a\.o\.|ft|or equivalent))+$/i, '');
    // "1 h 42 min": a quantity in two units is one answer too.
    const compound = findQuantities(text);
    // "3/2 = 1 1/2 = 1.5": one value in several forms, each accepted.
    const forms = text.split(/\s*=\s*/);
    const valueOf = (f: string) => readQuantity(f)?.value ?? NaN;
    const chain =
      forms.length > 1 && forms.every((f) => Math.abs(valueOf(f) - valueOf(forms[0]!)) < 1e-9 * Math.max(1, Math.abs(valueOf(f))));
    if (!chain && !readQuantity(text) && !(compound.length === 1 && compound[0]!.compound && compound[0]!.text.trim() === text.trim()))
      return null;
    answer = chain ? forms[0]! : text;
    if (chain) accept.push(...forms.slice(1));
    // "(102 min)": the answer in another unit, in brackets, is an accepted form of it.
    for (const b of brackets) (/^(?:also\s+)?(?:accept|allow|or)\b/i.test(b) || readQuantity(b)?.unit ? accept : notes).push(b);
  }
  // The accuracy mark's value is the answer, with a unit in brackets ("A1 88 (minutes)") as its own.
  const accuracy = lines.filter((l) => l.code === 'A').pop();
  if (accuracy) {
    const { text: written, brackets } = trailingBrackets(accuracy.what);
    // "13/15 oe", "£48 cao": the marker's abbreviations after the value are no part of it.
    const text = written.replace(/(?:\s+(?:oe|o\.e\.|cao|c\.a\.o\.|ft|or equivalent|or better))+$/i, '');
    const unitOnly = brackets.find((b) => readUnit(b) && !/\d/.test(b));
    const value = unitOnly && readQuantity(`${text} ${unitOnly}`) ? `${text} ${unitOnly}` : text;
    if (answer === null && readQuantity(value)) answer = value;
    for (const b of brackets) if (b !== unitOnly) (/^(?:also\s+)?(?:accept|allow|or)\b/i.test(b) ? accept : notes).push(b);
  }
  for (const l of lines) {
    if (l === accuracy) {
      marks.push(`A${l.marks} ${trailingBrackets(l.what).text}`);
      continue;
    }
    if (l.code === 'M') {
      marks.push(`M${l.marks} for ${l.what}`);
      continue;
    }
    const asUnit = unitOfLine(l.what);
    if (asUnit) {
      unit ??= asUnit.unit;
      marks.push(`B${l.marks} unit`);
      // "(accept kph, km per hour)": other names of the unit, which the unit reader knows; any other wording is kept.
      for (const b of trailingBrackets(l.what).brackets) {
        const names = b.replace(/^(?:also\s+)?(?:accept|allow)\b:?\s*/i, '');
        if (names !== b && !names.split(/\s*,\s*|\s+or\s+/i).every((n) => readQuantity(`1 ${n}`)?.unit)) accept.push(b);
      }
      continue;
    }
    const asValue = valueOfLine(l.what);
    if (asValue && (answer === null || asValue.value === null || sameText(asValue.value, answer))) {
      answer ??= asValue.value;
      marks.push(`B${l.marks} value`);
      continue;
    }
    // "B1 15 009. B1 15 000": with no answer of its own, a scheme of independent values answers in parts, each a value.
    if (asValue?.value && opening === null && !accuracy && lines.every((x) => x.code === 'B')) {
      answer = `${answer} and ${asValue.value}`;
      marks.push(`B${l.marks} value`);
      continue;
    }
    // "B1 3200 g seen", "B1 for 75 or 300 ÷ 4 seen": a mark for a step of the working is a method mark.
    marks.push(`M${l.marks} for ${l.what}`);
  }
  if (answer === null) return null;
  const text = unit && !readQuantity(answer)?.unit && readQuantity(`${answer} ${unit}`) ? `${answer} ${unit}` : answer;
  const brackets = [
    ...accept.map((a) => (/^(?:also\s+)?(?:accept|allow)\b/i.test(a) ? a : `accept ${a}`)),
    [...marks, ...notes].join('; '),
  ];
  return `${text} ${brackets.map((b) => `(${b})`).join(' ')}`;
}

const sameText = (a: string, b: string) => {
  const [x, y] = [readQuantity(a), readQuantity(b)];
  // "1 for 6/15" beside the answer 2/5: a fraction in other terms is the step before simplifying, not the answer.
  const fraction = (t: string) => /\d\s*\/\s*\d/.test(t);
  if (x && y && (fraction(a) || fraction(b)) && a.replace(/\s+/g, '') !== b.replace(/\s+/g, '')) return false;
  return x !== null && y !== null && Math.abs(x.value - y.value) < 1e-9 * Math.max(1, Math.abs(x.value));
};

/** A method mark of a key's notes: its marks, what it is for as written, the calculations and values it names. */
export type MethodMark = { marks: number; what: string; calculations: string[]; values: Quantity[] };

const flatCalc = (t: string) =>
  normaliseMaths(t)
    .replace(/\s+/g, '')
    .replace(/\^\((-?\d+)\)/g, '^$1')
    .replace(/(\d)[xX](?=\d)/g, '$1*')
    .replace(/%/g, '');

/**
 * The method marks a key's notes list, each read into what can be checked: "M1 for 20% of 60 = 12 or 0.8 × 60" names
 * the calculations 20% of 60 and 0.8 × 60 and the value 12; "M1 500 × 1.04 (= 520)" the calculation and 520; "M1 for
 * total 96.25", "M1 for 320 (seconds) seen" a value; "M1 for a correct common denominator, e.g. 8/12 + 3/12" its example.
 */
export function methodMarksOf(notes: readonly string[]): MethodMark[] {
  const out: MethodMark[] = [];
  for (const note of notes)
    for (const m of note.matchAll(/\bM(\d)\b\s*(?:for\s+)?((?:[^;()]|\((?:[^()]|\([^()]*\))*\))*?)(?=;|\s*\b[MAB]\d\b|$)/g)) {
      const what = m[2]!.trim();
      const calculations: string[] = [];
      const values: Quantity[] = [];
      // "(= 520)", "(= 72 000 m/h)": the value a calculation comes to.
      const plain = what.replace(/\(\s*=\s*([^()]*)\)/g, (_, v: string) => {
        const q = readQuantity(v.trim());
        if (q) values.push(q);
        return ' ';
      });
      for (let alternative of plain.split(/\s+or\s+|,\s+or\s+|\(\s*or\s+|,\s+(?=\d+\s*(?:[a-z]+\s+)?seen\b)/i)) {
        alternative = alternative
          .replace(/^.*\be\.?g\.?\s*/i, '')
          .replace(/\b(?:their|oe|o\.e\.|or equivalent|cao|seen|total|implied)\b/gi, ' ')
          // "(× 100)", "(seconds)", "(improper fractions)": a note in brackets, no part of the step's numbers.
          .replace(/\(\s*[×x*÷/]\s*\d+\s*\)|\([a-z\s]*\)/gi, ' ')
          .replace(/\s+/g, ' ')
          .trim();
        alternative = balanced(alternative).replace(/(\d)\s*%\s*of\s*(?=\d)/gi, '$1%of');
        if (!alternative) continue;
        const sides = alternative.split('=').map((s) => s.trim());
        // "5x = 25": a step of an equation in letters is the algebra reader's.
        // "1 h 28 min": a quantity in two units is one value.
        const compound = (side: string) => {
          const found = findQuantities(side);
          return found.length === 1 && found[0]!.compound && found[0]!.text.trim() === side.trim() ? found[0]! : null;
        };
        if (sides.length === 1 && compound(sides[0]!)) {
          values.push(compound(sides[0]!)!);
          continue;
        }
        const letters = (side: string) => side.replace(/%of/g, '');
        if (sides.some((side) => /[a-z]/i.test(letters(side)) && !readQuantity(side) && !/^[-\d.\s]+\s[a-z]{2,}(?:\s[a-z]+)*$/i.test(side)))
          continue;
        // "20% of 60 = 12": the calculation and the value it gives.
        const result = sides.length > 1 ? readQuantity(sides[sides.length - 1]!) : null;
        if (result) values.push(result);
        for (const side of result ? sides.slice(0, -1) : sides) {
          const calc = side.replace(/(\d+(?:\.\d+)?)%of(\d+(?:\.\d+)?)/gi, '$1/100*$2');
          const value = readQuantity(calc);
          if (value && /[+\-*/^]/.test(flatCalc(calc).replace(/^-/, ''))) {
            calculations.push(flatCalc(side));
            values.push(value);
          } else if (value && !/[a-z]{3,}/i.test(side.replace(/^[\d.\s]+[a-z]+$/i, ''))) values.push(value);
          else {
            // "60 inches", "320 (seconds)": a value with the noun it counts.
            const counted = /^(-?[\d.]+(?:\s\d{3})*)\s+[a-z]+(?:\s+[a-z]+)?$/i.exec(side);
            if (counted) values.push(readQuantity(counted[1]!)!);
          }
        }
      }
      out.push({ marks: Number(m[1]), what, calculations: calculations.filter(Boolean), values: values.filter(Boolean) });
    }
  return out;
}

/** Brackets without their pair taken off: "(or 72000 seen" → "or 72000 seen". */
function balanced(text: string): string {
  const open: number[] = [];
  const drop = new Set<number>();
  [...text].forEach((c, i) => {
    if (c === '(') open.push(i);
    else if (c === ')' && open.pop() === undefined) drop.add(i);
  });
  for (const i of open) drop.add(i);
  return [...text]
    .filter((_, i) => !drop.has(i))
    .join('')
    .trim();
}

/** `part` written in `text`, not inside a longer number ("-8-12" does not write 8-12). */
function writes(text: string, part: string): boolean {
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
    if (!/[\d.]/.test(text[at - 1] ?? '') && !/[\d.]/.test(text[at + part.length] ?? '')) return true;
  return false;
}

/** "Which is larger, 3/7 or 4/9?": the fractions a question gives; one of them in other terms (27/63) is no step of a method. */
export const questionFractions = (question: string) =>
  [...normaliseMaths(question).matchAll(/(?<![\d.])(\d+)\s*\/\s*(\d+)(?![\d.])/g)].map((m) => Number(m[1]) / Number(m[2]));

/**
 * The method marks a response earns by the key's notes, as a teacher gives them: a step whose calculation is written, or
 * whose value is written (in the working or as the answer), earns its marks, and a later step shown implies the steps
 * before it. Values the question gives are no step of the response. Null when the notes list no method mark that can be
 * checked (words only).
 */
export function methodShown(
  notes: readonly string[],
  response: string,
  question: string,
  answer?: Quantity,
): { points: number; shown: string[] } | null {
  const marks = methodMarksOf(notes);
  if (marks.length === 0 || marks.every((m) => m.calculations.length === 0 && m.values.length === 0)) return null;
  const written = flatCalc(response);
  const asked = new Set((normaliseMaths(question).match(/\d+(?:\.\d+)?/g) ?? []).map(Number));
  const askedFractions = questionFractions(question);
  const given = findQuantities(response);
  const exact = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
  const shown = marks.map(
    (m) =>
      m.calculations.some((c) => writes(written, c)) ||
      m.values.some(
        (v) =>
          // The question's own numbers, and the key's answer, are no step of the response.
          !asked.has(v.value) &&
          !askedFractions.some((f) => Math.abs(f - v.value) <= 1e-9 * Math.max(1, Math.abs(f))) &&
          // (A step written in two units, "1 h 28 min seen", is the conversion, whatever it comes to.)
          !(answer && exact(v.value, answer.value) && !v.compound) &&
          given.some((g) =>
            v.unit && g.unit
              ? g.unit.dim === v.unit.dim && exact(valueIn(g, v.unit), v.value)
              : g.unit?.dim !== 'percent' && exact(g.value, v.value),
          ),
      ),
  );
  const last = shown.lastIndexOf(true);
  const points = marks.reduce((s, m, i) => s + (i <= last ? m.marks : 0), 0);
  return { points, shown: marks.filter((_, i) => i <= last).map((m) => m.what) };
}
