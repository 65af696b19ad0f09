import type { CheckAnswerResult } from './check';
import type { MarkingPolicy } from './policy';
import { readExpression } from './algebra';
import { decimalComma, hasNumberWords, misspeltNumberWords, normaliseDigits, numberWordsToDigits } from './numbers';
import { fmt, toQuarter } from './points';
import { keyNotes, methodMarks, schemeOf, type SchemeMark } from './scheme';
import { methodShown, questionFractions, schemeLinesKey } from './numeric-scheme';
import { stepCredit, withoutStepMarks } from './steps';
import { findQuantities, normaliseMaths, readQuantity, readUnit, sameValue, valueIn, type Quantity, type Unit } from './quantity';

// ---- numeric ------------------------------------------------------------------------------------

/**
 * The values a key ends with: the last clause's result(s). "F = ma = 2 × 3 = 6 N" → [6 N];
 * "(x − 2)(x − 3) = 0, so x = 2 or x = 3" → [2, 3]. Null when the key does not end in a value.
 */
export function keyValues(written: string): Quantity[] | null {
  // "M1 for 0.8 × 60 ⏎ A1 £48": a scheme on lines, read as its answer with the marks as notes.
  const key = schemeLinesKey(written) ?? written;
  // "400 ÷ 0.5 (M1) = 800 (A1)": the marks after a key's steps are no part of its values.
  // "20p (accept £0.20)": a key in pence, read in pounds.
  const notes = keyNotes(withoutStepMarks(/^\s*\d+(?:\.\d+)?\s*(?:p|pence)\b/i.test(key) ? penceAsPounds(key) : key));
  // "13/15 oe", "£48 cao": the marker's abbreviations after the answer are no part of it.
  // "x = ±7": both roots, "x = 7 or −7".
  const plain = normaliseMaths(notes.text.replace(/(^|=\s*)(?:±|\+\/-)\s*(\d[\d.]*)(?![\d.]*\s*[+\-−×÷*/^(])/g, '$1$2 or -$2'))
    .replace(/\s+/g, ' ')
    // "four thousand (and) fifty": the "and" a number in words may leave out, given in brackets, is part of it.
    .replace(/([a-z])\s*\(and\)\s*(?=[a-z])/gi, '$1 and ')
    .replace(/(?:\s+(?:oe|o\.e\.|cao|c\.a\.o\.|ft|or equivalent))+$/i, '')
    .trim();
  const labelled = partValues(plain);
  if (labelled) return labelled;
  const values = lastValues(plain);
  // "12 (accept 12.5)": a note that accepts another value than the key's is an alternative, which the values alone
  // would lose; such a key is read as words and alternatives instead.
  const accepts = notes.notes.filter((n) => /^(?:also\s+)?(?:accept|allow)\b/i.test(n));
  if (values && accepts.length) {
    const also: Quantity[] = [];
    for (const n of accepts) {
      // "100 J (N·m accepted)", "(accept kph, km/hr)": units alone, the key's value in each of them.
      const v = values[0]!;
      const units = /\d/.test(n) ? [] : n.replace(/^(?:also\s+)?(?:accept|allow)\b:?\s*/i, '').split(/\s*,\s*|\s+or\s+|\s+\/\s+/);
      const named = units.map((u) => readUnit(u.trim()));
      if (values.length === 1 && v.unit && named.length && named.every((u) => u && u.dim !== v.unit!.dim)) {
        also.push(...named.map((u) => ({ ...v, unit: u!, text: `${v.text.split(/\s/)[0]} ${u!.label}` })));
        continue;
      }
      for (const q of findQuantities(acceptedValues(normaliseMaths(n)))) {
        // "224 g (accept 225 g)": one value's accepted others, of its kind, are answers too.
        if (values.length === 1 && (v.unit ? q.unit?.dim === v.unit.dim : !q.unit || q.unit.dim === 'percent')) also.push(q);
        else if (!values.some((v) => sameValue(v.value, v.unit && q.unit?.dim === v.unit.dim ? valueIn(q, v.unit) : q.value, v.decimals)))
          return null;
      }
    }
    if (also.length) return [{ ...values[0]!, also }];
  }
  return values;
}

const PENCE = /(?<![\w.£])(\d+(?:\.\d+)?)\s*(?:p|pence)\b(?!\s*[+\-*/^=²]|\()/gi;
/** "20p", "45 pence": an amount of money in pence, written as pounds ("£0.2") so that it compares with a key in pounds. */
export const penceAsPounds = (text: string) => text.replace(PENCE, (_, n: string) => `£${String(Number(n) / 100)}`);
/** "20p (accept £0.20)" where the question is about money: a key in pence, not the expression 20·p. */
export const moneyInPence = (key: string, question: string) =>
  /^\s*\d+(?:\.\d+)?\s*(?:p|pence)\b(?!\s*[+\-*/^=²]|\()/i.test(key) &&
  /£|\bpence\b|\bcosts?\b|\bprice\b|\bpays?\b|\bspends?\b/i.test(question);

/** "3 hundreds", "4 thousands": a count of a place's units is its value (300, 4000). */
const placeValues = (text: string) =>
  text.replace(/\b(\d+)\s+(hundred|thousand)s\b/gi, (_, n: string, scale: string) => String(Number(n) * (/^h/i.test(scale) ? 100 : 1000)));

/**
 * An accepting note's values as values: "3 hundreds" is 300; a range of whole numbers ("70-72%", "70 to 72") is each
 * number in it.
 */
function acceptedValues(note: string): string {
  return placeValues(note).replace(/\b(\d+)\s*(?:-|to)\s*(\d+)(\s*%)?/g, (m, a: string, b: string, pc: string | undefined) => {
    const [lo, hi] = [Number(a), Number(b)];
    if (!(hi > lo && hi - lo <= 20)) return m;
    return Array.from({ length: hi - lo + 1 }, (_, i) => `${lo + i}${pc ? '%' : ''}`).join(', ');
  });
}

function lastValues(plain: string): Quantity[] | null {
  const clauses = plain
    .split(/;|, so |\bso\b|\btherefore\b|\bhence\b|\bgives\b|:\s/i)
    .map((c) => c.trim())
    .filter(Boolean);
  // "12 cm²; allow 12.0": a last clause that only allows alternatives leaves the value before it.
  let last = clauses[clauses.length - 1] ?? '';
  if (clauses.length > 1 && /^(also )?(allow|accept|award|ignore|condone)\b/i.test(last)) last = clauses[clauses.length - 2]!;
  // "x = 7, y = 3; 1 each", "…; 1 mark each": the marks written after the values are no value.
  // "x = 7 or x = −7; both for 2, one for 1": so are marks by how many values are right.
  else if (clauses.length === 2 && /^(?:\d\s+(?:marks?\s+)?each|(?:both|all)\s+for\s+\d(?:\s*,\s*(?:one|\d)\s+for\s+\d)*)\.?$/i.test(last))
    last = clauses[0]!;
  // "36.5 (thirty-six and a half)": the same value again in words is an alternative form.
  last = last.replace(/(-?[\d.]+)\s*\(([a-z][a-z\s-]*)\)/gi, (m, head: string, inner: string) => {
    const [a, b] = [readQuantity(head), readQuantity(inner)];
    return a && b && !a.unit && !b.unit && sameValue(a.value, b.value, Math.max(a.decimals, 2)) ? head : m;
  });
  // "three hundred and six", "forty thousand, six hundred and seven": a key that is one number in words, whose "and"
  // and commas join no two values; "nought point six / zero point six": its wordings of one value are that value.
  if (!/\d/.test(last)) {
    const whole = readQuantity(last);
    if (whole && !/,|\bor\b|\//i.test(numberWordsToDigits(last))) return [whole];
    const wordings = last.split(/\s*\/\s*|\s+or\s+/i).map(readQuantity);
    if (wordings.length > 1 && wordings.every((q) => q && !q.unit && sameValue(q.value, wordings[0]!.value, Math.max(q.decimals, 2))))
      return [wordings[0]!];
  }
  // "6 / six", "12 or twelve": the value in figures and in words, set apart, is one value (not 6 ÷ 6).
  const forms = last.split(/\s+\/\s+|\s+or\s+/i);
  if (forms.length === 2 && forms.some((f) => !/\d/.test(f)) && forms.some((f) => /\d/.test(f))) {
    const [a, b] = forms.map((f) => readQuantity(f));
    if (a && b && a.value === b.value && !a.unit === !b.unit) return [/\d/.test(forms[0]!) ? a : b];
  }
  // "7 hundredths / 0.07", "3 tenths or 0.3": a place value's name and its figures, one value (not 0.07 ÷ 0.07).
  if (forms.length === 2 && forms.every((f) => /\d/.test(f)) && forms.some((f) => /[a-z]{3,}/i.test(f))) {
    const [a, b] = forms.map((f) => readQuantity(f));
    if (a && b && !a.unit && !b.unit && sameValue(a.value, b.value, Math.max(a.decimals, b.decimals, 2)))
      return [/[a-z]/i.test(forms[0]!) ? b : a];
  }
  const parts = last
    .split(/\s+or\s+|\s+and\s+|,\s+/i)
    .map((p) => p.trim())
    .filter(Boolean);
  const values: Quantity[] = [];
  for (const part of parts) {
    let afterEquals = part.split(/=|≈/).pop()!.trim();
    // "2/5 (0.4)": the same value again in brackets is an alternative form, not a factor.
    const alt = /^(.*\S)\s*\(([^()]+)\)$/.exec(afterEquals);
    if (alt) {
      const [head, inner] = [readQuantity(alt[1]!), readQuantity(alt[2]!)];
      if (head && inner && !head.unit && !inner.unit && sameValue(head.value, inner.value, Math.max(head.decimals, inner.decimals, 2)))
        afterEquals = alt[1]!;
      // "1½ cups (1.5)": a number with the noun it counts, then the number alone: the number is the value.
      const counted = /^(.*\S)\s+[a-z]+$/i.exec(alt[1]!);
      const number = counted ? readQuantity(counted[1]!) : null;
      if (!head && inner && number && !inner.unit && !number.unit && sameValue(number.value, inner.value, Math.max(inner.decimals, 2)))
        afterEquals = alt[2]!;
    }
    // "The answer is 12 cm", "approximately 3.14": the value after the words that introduce it.
    const q =
      readQuantity(afterEquals) ??
      readQuantity(afterEquals.replace(/^.*\b(?:is|are|equals|approximately|about|roughly)\s+/i, '')) ??
      compoundOnly(afterEquals);
    if (!q) return null;
    const name = /^([a-zA-Z])\s*=/.exec(part)?.[1];
    values.push(name ? { ...q, name } : q);
  }
  if (values.length === 0 || values.length > 4) return null;
  // Names matter only where they tell values apart (x = 4, y = 2), not for one value or roots of one letter.
  return new Set(values.map((q) => q.name)).size > 1 && values.every((q) => q.name) ? values : values.map(({ name: _, ...q }) => q);
}

/** "2 hours 30 minutes": a key that is one compound quantity and nothing else. */
function compoundOnly(text: string): Quantity | null {
  const found = findQuantities(text);
  return found.length === 1 && found[0]!.compound && found[0]!.text.trim() === text.trim() ? found[0]! : null;
}

/** A quantity as people write it: "6.02 × 10^23", "9.8 m/s²". */
const describe = (q: Quantity) =>
  (q.name ? (q.name.startsWith('(') ? `${q.name} ` : `${q.name} = `) : '') +
  q.text
    .replace(/\s+/g, ' ')
    .replace(/\s*\*\s*/g, ' × ')
    .replace(/\^\(2\)/g, '²')
    .replace(/\^\(3\)/g, '³')
    .replace(/\^\((-?\d+)\)/g, '^$1');
const marks = (n: number) => `${fmt(n)} ${n === 1 ? 'mark' : 'marks'}`;
const withUnit = (value: number, unit: Unit | undefined) => `${fmt(value)}${unit ? (unit.label === '%' ? '%' : ` ${unit.label}`) : ''}`;

const DIMENSION_NAMES: Record<string, string> = {
  speed: 'the speed',
  length: 'the length',
  mass: 'the mass',
  time: 'the time',
  force: 'the force',
  energy: 'the energy',
  power: 'the power',
  pressure: 'the pressure',
  temperature: 'the temperature',
  acceleration: 'the acceleration',
  current: 'the current',
  voltage: 'the voltage',
  resistance: 'the resistance',
  volume: 'the volume',
  area: 'the area',
  density: 'the density',
  angle: 'the angle',
};
const dimensionName = (unit: Unit) => DIMENSION_NAMES[unit.dim] ?? 'the answer';

/** onlyWithWorking: the flag is for a method the working may show, so a bare value (no working) is not flagged. */
type Verdict = { score: number; note?: string; flag?: string; praise?: string; onlyWithWorking?: boolean };

export function checkNumeric(
  keyExpected: Quantity[],
  response: string,
  possible: number,
  type: string,
  question = '',
  writtenKey = '',
  policy: MarkingPolicy = {},
): CheckAnswerResult | null {
  let expected = keyExpected;
  const key = schemeLinesKey(writtenKey) ?? writtenKey;
  // "How many seconds are there in 2.5 minutes?" with the key "150": the key's number is in the unit the question counts.
  // Only for an answer with a unit of its own: a bare number is in the unit the question counts.
  const counted = /\bhow many\s+([^\s,.?;:]+)(?:\s+([a-z]+))?/i.exec(normaliseMaths(question).replace(/\^\((-?\d+)\)/g, '^$1'));
  const countedUnit =
    counted && expected.length === 1 && !expected[0]!.unit && findQuantities(response).some((q) => q.unit)
      ? (readUnit(counted[1]!) ?? (counted[2] ? readUnit(`${counted[1]} ${counted[2]}`) : undefined))
      : undefined;
  if (countedUnit && countedUnit.dim !== 'percent') expected = [{ ...expected[0]!, unit: countedUnit }];
  const scheme = schemeOf(key, question);
  const unitRule = unitRuleOf(keyNotes(key).notes, scheme);
  // "1.500 ml" for 1500 ml: points grouping thousands, the only reading that is the key's whole number (the decimal
  // reading, 1.5 ml, makes no sense of the answer), as most teachers read it.
  const dotted = /^\s*(\d{1,3})((?:\.\d{3})+)(?![\d.])(\s*[^\d.].*)?$/.exec(response);
  const thousands =
    expected.length === 1 && dotted && Number.isInteger(expected[0]!.value) && expected[0]!.value >= 1000
      ? `${dotted[1]}${dotted[2]!.replace(/\./g, '')}${dotted[3] ?? ''}`
      : null;
  // "540p", "20 pence" where the key is money ("£5.40", "20p"): the amount in pounds.
  const money = /£|\d\s*(?:p|pence)\b/i.test(writtenKey) && PENCE.test(response);
  PENCE.lastIndex = 0;
  if (money) response = penceAsPounds(response);
  const comma =
    expected.length === 1
      ? (decimalComma(placeValues(response)) ?? (thousands && readQuantity(thousands)?.value === expected[0]!.value ? thousands : null))
      : null;
  // "x = ±7" gives both roots where the key has two values.
  // "3 and 3/4" is the mixed number 3 3/4 where one value is expected.
  const written =
    expected.length > 1
      ? (comma ?? placeValues(response)).replace(/(?:±|\+\/-|\+-|plus or minus)\s*(\d[\d.]*)/g, '$1, -$1')
      : (comma ?? placeValues(response)).replace(/\b(\d+)\s+and\s+(\d+\s*\/\s*\d+)(?!\s*\/)/g, (m, whole: string, part: string) => {
          const [top, bottom] = part.split('/').map(Number);
          return top! < bottom! ? `${whole} ${part}` : m;
        });
  // "37 1/2%": a mixed number of per cent is one value (37.5%), not 37 and ½%.
  const percents = written.replace(
    /(?<![\d./])(\d+)\s+(\d+)\s*\/\s*(\d+)\s*(%|per\s?cent\b)/gi,
    (m, whole: string, top: string, bottom: string, pc: string) =>
      Number(top) < Number(bottom) && Number(bottom) > 0 ? `${String(Number(whole) + Number(top) / Number(bottom))}${pc}` : m,
  );
  // "2:30" for a time in hours and minutes.
  const timed =
    expected.length === 1 && expected[0]!.unit?.dim === 'time' ? percents.replace(/\b(\d{1,2}):([0-5]\d)\b/g, '$1 h $2 min') : percents;
  // "3.6 × 10−4" where standard form is asked or is the key's: the power's minus typed on the line, not a subtraction.
  const text =
    standardFormAsked(question) || expected.some((q) => inStandardForm(q.text))
      ? timed.replace(/(\d)\s*([×x*])\s*10\s*[−–-]\s*(\d+)(?![\d.])/g, '$1 $2 10^-$3')
      : timed;
  const given = findQuantities(text);
  const base = { pointsPossible: possible, method: 'numeric' as const };
  // "Write 306 in words": digits are not the form asked for; "write one and a quarter million in figures": "1.25
  // million" is not either.
  const wrongForm =
    /\bin words\b/i.test(question) && /\d/.test(response) && !/\d/.test(key)
      ? 'in words, but your answer uses digits'
      : /\bin (?:figures|digits|numerals)\b/i.test(question) && /\d/.test(key) && hasNumberWords(response)
        ? 'in figures, but your answer uses words'
        : null;
  if (wrongForm) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: expected.map(describe),
      confident: true,
      feedback: `The question asks for the number ${wrongForm}: write ${key}.`,
    };
  }
  // "five or six", "10 or 11": two answers, one of them right, is a hedge: nothing, as most teachers give it (flagged,
  // as not every policy says so).
  const hedged = expected.length === 1 ? numberWordsToDigits(text).split(/\s+or\s+/i) : [];
  if (hedged.length === 2) {
    const [a, b] = hedged.map((h) => findQuantities(h));
    if (a!.length === 1 && b!.length === 1 && !sameValue(a![0]!.value, b![0]!.value, Math.max(a![0]!.decimals, 2))) {
      const right = [a![0]!, b![0]!].filter((q) => compare(expected[0]!, q, question, possible, unitRule, policy).score === 1);
      if (right.length === 1)
        return {
          ...base,
          pointsObtained: 0,
          matched: [],
          missing: expected.map(describe),
          confident: false,
          reason: 'Two answers, one of them right ("5 or 6"): a hedge, which most teachers mark 0',
          feedback: `Give one answer: of two answers, only one can be marked, and the expected answer is ${describe(expected[0]!)}.`,
        };
    }
  }
  if (given.length === 0) {
    if (!type.includes('numer')) return null;
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: expected.map(describe),
      confident: false,
      reason: 'No number found in the answer',
      feedback: `No number could be found in your answer. The question asks for a value: the expected answer is ${expected.map(describe).join(' and ')}.`,
    };
  }
  // Final answers count: with one expected value, the response's last value (after its last '=') is the answer.
  // With several values expected, the last clause holds them ("(x-2)(x-3) = 0 so x = 2, 3"), not the working before it.
  const lastClauseValues = findQuantities(lastClauseOf(text));
  let finals =
    expected.length === 1
      ? [answerBeforeReason(text) ?? finalQuantity(text) ?? given[given.length - 1]!]
      : lastClauseValues.length >= expected.length
        ? lastClauseValues
        : given;
  // "The speed is 60 km/h because 120/2 = 60": the final value without a unit, given with its unit earlier.
  if (expected.length === 1 && expected[0]!.unit && !finals[0]!.unit) {
    const withUnit = given.find((q) => q.unit && q.unit.dim !== 'percent' && sameValue(q.value, finals[0]!.value, q.decimals));
    if (withUnit) finals = [withUnit];
  }
  // "Write these in order, smallest first": the values in another order are not the order asked for.
  if (
    expected.length > 1 &&
    /\bin (?:ascending |descending )?order\b|\b(?:smallest|largest|lowest|highest) first\b/i.test(question) &&
    finals.length === expected.length &&
    expected.every((w) => finals.some((f) => sameValue(w.value, f.value, Math.max(w.decimals, 2)))) &&
    !expected.every((w, i) => sameValue(w.value, finals[i]!.value, Math.max(w.decimals, 2)))
  ) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: expected.map(describe),
      confident: true,
      feedback: `Your values are right, but not in the order the question asks for: the expected order is ${expected.map(describe).join(', ')}.`,
    };
  }
  let credit = 0;
  const matched: string[] = [];
  const missing: string[] = [];
  const notes: string[] = [];
  const flags: string[] = [];
  const praise: string[] = [];
  // "x = 4, y = 2": each value against the response's value of the same letter, so swapped values are wrong.
  const names = new Set(expected.map((q) => q.name).filter(Boolean));
  const named = names.size > 1 ? namedValues(text) : new Map<string, Quantity>();
  if (names.size > 1 && named.size === 0) flags.push('The key names its values (x = …, y = …) but the answer does not say which is which');
  for (const want of expected) {
    const own = want.name ? named.get(want.name) : undefined;
    const candidates = named.size > 0 ? (own ? [own] : []) : finals;
    const verdicts = candidates.length
      ? candidates.flatMap((q) => [want, ...(want.also ?? [])].map((w) => compare(w, q, question, possible, unitRule, policy)))
      : [{ score: 0 }];
    const best = verdicts.sort((a, b) => b.score - a.score || Number(Boolean(b.flag)) - Number(Boolean(a.flag)))[0]!;
    credit += best.score / expected.length;
    if (best.score === 1) matched.push(describe(want));
    else missing.push(describe(want));
    if (best.note) notes.push(best.note);
    if (best.praise) praise.push(best.praise);
    if (best.flag && !(best.onlyWithWorking && !showsWorking(text))) flags.push(best.flag);
    if (
      best.score === 0 &&
      expected.length === 1 &&
      given.some(
        (q) =>
          // Another value than the final one (not the final answer itself, read without the key's rule on units).
          !candidates.some((c) => c.text === q.text && c.value === q.value) &&
          compare(want, q, question, possible, NO_UNIT_RULE, policy).score === 1,
      )
    ) {
      flags.push('The expected value appears in the working but not as the final answer');
      notes.push(
        `The expected value ${describe(want)} appears in your working, but your final answer is different: make the last line your answer.`,
      );
    }
  }
  if (credit > 0 && /\b(not|isn'?t|never|no)\s+(?:\S+\s+)?[-\d.(]/i.test(normaliseMaths(text)) && /\b(not|isn'?t|never)\b/i.test(text)) {
    flags.push('The answer may negate its value ("not …")');
  }
  if (finals.length > expected.length && credit > 0 && expected.length > 1 && named.size <= expected.length) {
    flags.push('The answer gives more values than the key expects');
  }
  // Several values, not all right: the scheme's marks for each value and for the method, or the method's share.
  if (credit < 1 && expected.length > 1 && flags.length === 0) {
    const step = correctStep(normaliseMaths(text), expected, question);
    const right = matched.length;
    const valueMarks = scheme.filter((m) => m.code === 'B' || m.code === 'A');
    const methodShare = methodMarks(scheme);
    let points: number | null = null;
    // "x = 4, y = 3 (M1 for eliminating a variable)" of 3 marks: the rest split over the values, the method implied by a
    // right value (the schemes' "implied by a correct answer"), so no flag; the key's values swapped between the letters
    // or with their signs changed ("x = −2, x = −3" for 2 and 3) show the method with a slip: its marks, flagged.
    const rest = possible - (methodShare ?? 0);
    let implied = false;
    // The method written down ("(x − 2)(x − 3) = 0", "3x = 12 so x = 4"): its marks are sure. Only a method read from
    // slipped values, with no step shown, is for a teacher to confirm.
    const shown = Boolean(step) || (right > 0 && workingShown(normaliseMaths(text)));
    if (methodShare !== null && valueMarks.length === expected.length)
      points = (shown ? methodShare : 0) + right * (valueMarks[0]!.marks ?? 1);
    else if (step && possible >= 2) points = Math.max(credit * possible, possible - 1);
    else if (methodShare !== null && valueMarks.length === 0 && rest > 0 && Number.isInteger(rest / expected.length)) {
      implied = right > 0;
      const slipped = right === 0 && sameMagnitudes(expected, finals);
      points = (right > 0 || slipped ? methodShare : 0) + right * (rest / expected.length);
    }
    if (points !== null && points !== credit * possible && (implied || shown)) {
      credit = Math.min(1, points / possible);
      if (shown)
        notes.push(`Your method is right, but not every value is: the expected answer is ${expected.map(describe).join(' and ')}.`);
    } else if (points !== null && points !== credit * possible) {
      credit = Math.min(1, points / possible);
      flags.push('A correct method with a wrong value: method marks may be due');
      notes.push(`Your method is right, but not every value is: the expected answer is ${expected.map(describe).join(' and ')}.`);
    }
  }
  // The value of one expected answer wrong: the scheme's marks for the unit may still be due (below).
  const valueWrong = expected.length === 1 && credit === 0;
  const schemeMethod = methodMarks(scheme);
  let methodByNotes = false;
  if (expected.length === 1 && possible >= 2 && schemeMethod !== null && flags.every(inWorkingFlag)) {
    const final = finals[0]!;
    const want = expected[0]!;
    const shown = methodShown(keyNotes(key).notes, text, question, want);
    // "500 × 1.04²" for £540.80: the key's method written but never worked out earns the method marks, not the answer's.
    if (credit === 1 && unevaluated(final, want)) {
      credit = Math.min(1, (shown && shown.points > 0 ? shown.points : schemeMethod) / possible);
      methodByNotes = true;
      notes.push(`${describe(final)} is the right calculation, but it is not worked out: the answer is ${describe(want)}.`);
    } else if (credit === 0) {
      // "Do not award A1 for £530": that answer is the method with the wrong finish, the marks but the accuracy mark's.
      const accuracy = unitRule.accuracy;
      const withheld = keyNotes(key)
        .notes.flatMap((n) => [...n.matchAll(/\bdo not (?:award|give) (?:the )?A\d? (?:mark )?(?:for|to)\s+([^;]+)/gi)])
        .flatMap((m) => findQuantities(m[1]!));
      const points = withheld.some((q) => sameValue(q.value, final.value, Math.max(q.decimals, 2)))
        ? possible - Math.max(1, accuracy)
        : (shown?.points ?? 0);
      if (points > 0) {
        credit = Math.min(1, points / possible);
        methodByNotes = true;
        flags.length = 0;
        notes.length = 0;
        notes.push(
          `Your method is right (${shown?.shown.join('; ') || 'the key’s method'}), but the final answer is not: the expected answer is ${describe(want)}.`,
        );
      }
    }
  }
  // "M1 for 15% = £36 or 240 × 1.15": a final value that is a step the key's method note names earns its method marks.
  if (credit === 0 && expected.length === 1 && flags.length === 0 && possible >= 2) {
    const step = noteStepValue(key, expected[0]!, finals[0]!, question);
    if (step !== null) {
      credit = Math.min(1, step / possible);
      notes.push(
        `${describe(finals[0]!)} is a step of the method, but not the final answer: the expected answer is ${describe(expected[0]!)}.`,
      );
    }
  }
  // "How much interest is earned?" answered with the total ("£460" for £60 on £400): the interest worked out, then added
  // on, the method's marks without the answer's, as teachers give it ("do not award A1 for £530").
  if (
    credit === 0 &&
    expected.length === 1 &&
    possible >= 2 &&
    /\binterest\b/i.test(question) &&
    !/\btotal\b|\bin the account\b|\bworth\b/i.test(question)
  ) {
    const principal = findQuantities(normaliseMaths(question)).filter((q) => !q.unit || q.unit.dim !== 'percent');
    const want = expected[0]!;
    if (principal.some((a) => a.value > want.value && sameValue(a.value + want.value, finals[0]!.value, 2))) {
      credit = Math.min(1, Math.max(1, possible - Math.max(1, unitRule.accuracy)) / possible);
      flags.length = 0;
      notes.push(
        `${describe(finals[0]!)} is the amount with the interest added: the question asks for the interest only, ${describe(want)}.`,
      );
    }
  }
  // "5000 × 1.06 = 5300" for £5304.50 (M1 for 5000 × 1.03²): a value near the key from working that attempts the key's
  // own step and gets it wrong is another method for sure, not one a teacher might credit.
  const near = flags.findIndex((f) => / is near the key .* another method's value/.test(f));
  if (credit === 0 && near >= 0 && flags.length === 1 && possible >= 2) {
    const step = methodStep(key, text, finals[0]!);
    if (step && !step.shown && step.sure) flags.splice(near, 1);
  }
  // "M1 for 720 ÷ 8", "M1 for 5x = 25": the key names its method step, so the working is checked for it.
  let stepChecked = methodByNotes;
  const inWorking = inWorkingFlag;
  // With several values too ("£45 and £27 (M1 for 72 ÷ 8 = 9)"): the step is the key's, whatever the values.
  if (credit === 0 && flags.every(inWorking) && possible >= 2) {
    const step = methodStep(key, text, finals[0]!);
    if (step) {
      stepChecked = true;
      if (step.shown) {
        // "720 ÷ 8 = 80": the step named by the key, its value slipped: the method marks, as the note gives them.
        if (flags.length) {
          flags.length = 0;
          notes.length = 0;
        }
        credit = Math.min(1, step.marks / possible);
        notes.push(
          `Your method is right (${step.what}), but the final answer is not: the expected answer is ${expected.map(describe).join(' and ')}.`,
        );
      } else {
        notes.push(`The method the answer needs is ${step.what}, which your working does not show.`);
        // Another way may be an equivalent method, which a teacher credits: only a wrong attempt at the step is sure.
        // A bare value ("£432") shows no method at all, equivalent or not: a wrong answer without working earns none.
        if (!step.sure && expected.length === 1 && showsWorking(text))
          flags.push('The working does not show the step the key names; it may be an equivalent method');
      }
    }
  }
  // A wrong final value may still earn method marks: a teacher decides, so the checker offers its share and flags it.
  if (
    !stepChecked &&
    credit === 0 &&
    expected.length === 1 &&
    flags.every((f) => f.startsWith('The expected value appears in the working'))
  ) {
    const method = methodCredit(expected[0]!, text, finals[0]!, question, possible, scheme);
    if (method) {
      credit = method.score;
      if (method.flag && (flags.length === 0 || method.score > 0)) flags.push(method.flag);
      notes.push(method.note);
    }
  }
  // "Show how you decide" with a mark for the working and one for the answer: the bare answer earns the answer's
  // mark; teachers differ (a right answer alone may take all), so it is flagged.
  if (credit === 1 && expected.length === 1 && possible >= 2 && /\bshow (?:how|your working|working|that|why)\b/i.test(question)) {
    const listed = keyNotes(key)
      .notes.flatMap((n) => n.split(/;/))
      .flatMap((n) =>
        [...n.matchAll(/\b([MAB]?)(\d)\s*(?:marks?\s+)?(?:for\s+(.+)|(value)\s*)$/gi)].map((m) => ({
          marks: Number(m[2]),
          what: (m[3] ?? m[4]!).trim(),
        })),
      );
    // "B1 value": the mark a scheme of counted marks ("1 for 4/9") gives the answer itself.
    const isAnswer = (what: string) => {
      if (/^value$/i.test(what)) return true;
      const q = readQuantity(what);
      return q !== null && sameValue(expected[0]!.value, q.value, Math.max(expected[0]!.decimals, 2));
    };
    const answerMarks = listed.filter((m) => isAnswer(m.what));
    const bare = given.length === 1 && !/[=<>]|\band\b|\bbecause\b|\bsince\b/i.test(text);
    if (bare && answerMarks.length === 1 && listed.length > 1) {
      credit = answerMarks[0]!.marks / possible;
      flags.push('The answer alone where the question asks to show the working and the key gives a mark for it (teachers differ)');
      notes.push('Your answer is right, but the question asks you to show how you decide, and that earns a mark of its own.');
    }
  }
  // "0.082" for "8.2 × 10^-2 (M1 for …, or 0.082)", "18/80" for "22.5% (M1 for 18/80)": the answer is, as written, what
  // the key's method note gives its marks for: those marks, sure.
  if (credit < 1 && expected.length === 1 && possible >= 2) {
    const answer = flatMaths(finals[0]!.text);
    for (const note of keyNotes(key).notes)
      for (const m of note.matchAll(/\bM(\d)\b\s*(?:for\s+)?(.*?)(?=;|\s*\b[MAB]\d\b|$)/g))
        if (m[2]!.split(/,?\s+or\s+|,\s+/).some((a) => flatMaths(a.split('=').pop()!) === answer) && Number(m[1]) / possible >= credit) {
          credit = Math.min(1, Number(m[1]) / possible);
          flags.length = 0;
          notes.length = 0;
          notes.push(
            `${describe(finals[0]!)} is a step of the method, but not the answer asked: the expected answer is ${describe(expected[0]!)}.`,
          );
        }
  }
  // "390 × 0.9 (M1) = £351 (A1); … = 17% (A1)": a key marked step by step gives the marks of the steps shown, whatever
  // the other readings of the working made of it.
  // The right amount in another unit than the one the question names, where the key marks the conversion as a step of
  // its own ("= 396 kJ (1)" after "E = 396 000 J (1)"), misses that step.
  const otherUnit =
    expected.length === 1 &&
    finals[0]?.unit !== undefined &&
    expected[0]!.unit !== undefined &&
    finals[0].unit.factor !== expected[0]!.unit.factor &&
    unitInQuestion(question, expected[0]!.unit);
  const steps = (credit < 1 || otherUnit) && expected.length === 1 ? stepCredit(key, text, question) : null;
  if (steps) {
    credit = Math.min(1, steps.points / possible);
    flags.length = 0;
    notes.length = 0;
    if (steps.unrounded)
      flags.push('The final value near the key’s but not rounded as the question asks: the answer mark lost (some teachers take off half)');
    else if (steps.unsure)
      flags.push(
        'A step of the key credited from working that only partly shows it (a formula used, or the step begun with another number)',
      );
    notes.push(
      steps.shown.length
        ? `Your working shows ${steps.shown.join('; ')}, but not ${steps.missing.join('; ')}: the expected answer is ${describe(expected[0]!)}.`
        : `Your answer shows none of the steps of the method: ${steps.missing.join('; ')}.`,
    );
  }
  // A wrong final value of two marks or more after a list of values worked through (factors, multiples), or in standard
  // form with the key's digits and another power of ten ("8.2 × 10^-1" for 8.2 × 10^-2): method marks may be due, which
  // a teacher decides.
  if (credit === 0 && expected.length === 1 && flags.length === 0 && possible >= 2 && !steps) {
    const others = findQuantities(text).filter((q) => q !== finals[0]);
    const ratio = Math.log10(Math.abs(finals[0]!.value / expected[0]!.value));
    if (inStandardForm(finals[0]!.text) && Math.abs(ratio - Math.round(ratio)) < 1e-9 && Math.round(ratio) !== 0)
      flags.push('The key’s digits in standard form with another power of ten: a method mark may be due');
    else if (others.length >= 3 && /\d\s*,\s*\d+\s*,\s*\d/.test(text))
      flags.push('A list of values worked through before a wrong final answer: method marks may be due');
  }
  // "108 000 g/cm³" for 2.7 g/cm³ (1 value, 1 unit): the unit right, the value wrong. Whether a unit mark stands alone
  // is a policy teachers differ on (some give it, some give it only with the value): none, flagged.
  // Most teachers give it ("the unit mark stands alone"), with the method marks the working shows: that mark, flagged.
  // The assignment's policy may say which: given without a flag, or not given.
  if (
    unitRule.marks > 0 &&
    valueWrong &&
    credit < 1 &&
    flags.length === 0 &&
    finals[0]!.unit &&
    finals[0]!.unit.dim === expected[0]!.unit?.dim &&
    policy.unitMarkStandsAlone !== false
  ) {
    credit = Math.min(1, credit + unitRule.marks / possible);
    if (policy.unitMarkStandsAlone === undefined)
      flags.push('The unit is right and the value wrong: the unit mark stands alone for most teachers, not for all');
  }
  // "one milion": a misspelt number word was read as the word nearest it; when that makes the answer wrong, the slip may
  // have been of another word, so a teacher should look.
  const guessed = misspeltNumberWords(response);
  if (credit < 1 && guessed.length && flags.length === 0)
    flags.push(`A misspelt number word was read as ${guessed.map((g) => `"${g.as}" (${g.written})`).join(', ')}`);
  // "Write 4070 in words" answered with "fourty", "hundrid": the words are what is asked. Some teachers take the slip,
  // the value being plain; others, the spelling being the point, give nothing: the mark kept, flagged.
  else if (credit === 1 && guessed.length && /\bin words\b/i.test(question)) {
    // The assignment's policy may say which: the spelling exact (0), or the slip taken.
    if (policy.numberWordSpelling === 'exact') {
      credit = 0;
      missing.push(...matched.splice(0));
      notes.push(
        `The question asks for the number in words, spelt exactly: ${guessed.map((g) => `"${g.written}" is not "${g.as}"`).join(', ')}.`,
      );
    } else if (policy.numberWordSpelling !== 'slips-accepted')
      flags.push(
        `A misspelt number word where the question asks for words (teachers differ): ${guessed.map((g) => `"${g.written}" for "${g.as}"`).join(', ')}`,
      );
  }
  // "540p" where the question asks for pounds: the right amount, not in the unit asked: the accuracy mark lost, as most
  // teachers give it; some give all the marks: flagged.
  // (The assignment's policy may say which: otherUnitThanAsked.)
  if (money && credit === 1 && /\bin pounds\b|\bin £/i.test(question) && policy.otherUnitThanAsked !== 'accepted') {
    credit = possible >= 2 ? Math.max(0, possible - Math.max(1, unitRule.accuracy)) / possible : 0;
    if (!policy.otherUnitThanAsked)
      flags.push('The right amount in pence where the question asks for pounds (teachers differ: full marks, or the accuracy mark lost)');
    notes.push(`The amount is right, but the question asks for it in pounds: write ${expected.map(describe).join(' and ')}.`);
  }
  // "x = 5 and x = −5; both required": every value for the marks, or none.
  if (expected.length > 1 && credit < 1 && /\b(?:both|all)\s+(?:\w+\s+)?(?:required|needed)\b/i.test(keyNotes(key).notes.join('; ')))
    credit = 0;
  // "1.500 g" for 1500 g, read as points grouping thousands: most teachers read it so, some as the decimal it also is
  // (1.5 g, a wrong answer): the mark kept, flagged.
  if (credit > 0 && thousands !== null && comma === thousands && flags.length === 0)
    flags.push('A point grouping thousands ("1.500" for 1500): most teachers read it so, some as a decimal (teachers differ)');
  const points = toQuarter(credit * possible, possible);
  const wrongGiven = expected.length === 1 && finals.length === 1 ? describe(finals[0]!) : undefined;
  // "and the unit" only where the unit may be the trouble: missing, or of another kind than the key's.
  const unitDoubt = expected.some((q) => q.unit) && !(finals.length === 1 && finals[0]!.unit?.dim === expected[0]!.unit?.dim);
  const feedback = feedbackFor(points, possible, expected, matched, missing, notes, praise, wrongGiven, unitDoubt);
  return {
    ...base,
    pointsObtained: points,
    matched,
    missing,
    feedback,
    confident: flags.length === 0,
    ...(flags.length ? { reason: flags.join('; ') } : {}),
  };
}

const inWorkingFlag = (f: string) => f.startsWith('The expected value appears in the working');

/**
 * "500 × 1.04^2", "66 ÷ 1.1", "600/200": a calculation left as it is, not worked out to a number (a fraction is a number
 * where the key's answer is not whole, and standard form or a mixed number is a number).
 */
export function unevaluated(got: Quantity, want: Quantity): boolean {
  if (got.compound) return false;
  const t = normaliseMaths(got.text)
    .replace(/\s*\*\s*10\s*\^\s*\(?-?\d+\)?\s*[a-z°%/²³]*$/i, '')
    .replace(/^\(\d+\+\d+\/\d+\)/, '1')
    .trim();
  if (/\d\s*[*+^]\s*[\d(]|\d\s*-\s*\d|sqrt|pi/.test(t)) return true;
  return /^-?\d+(?:\.\d+)?\s*\/\s*\d+(?:\.\d+)?\b/.test(t) && Number.isInteger(want.value) && !/\//.test(normaliseMaths(want.text));
}

/** The key's values, each found among the answer's with its size right, its sign or its letter perhaps not. */
function sameMagnitudes(expected: Quantity[], finals: Quantity[]): boolean {
  if (finals.length !== expected.length) return false;
  const left = finals.map((q) => Math.abs(q.value));
  return expected.every((w) => {
    const i = left.findIndex((v) => sameValue(Math.abs(w.value), v, 6));
    return i >= 0 && left.splice(i, 1).length === 1;
  });
}

function feedbackFor(
  points: number,
  possible: number,
  expected: Quantity[],
  matched: string[],
  missing: string[],
  notes: string[],
  praise: string[],
  given: string | undefined,
  unitDoubt: boolean,
): string {
  if (points === possible && notes.length === 0) {
    if (matched.length > 1) return `Correct: ${matched.join(' and ')} are the expected values.`;
    return praise[0] ?? `Correct: the answer is ${matched[0]}.`;
  }
  const parts: string[] = [];
  if (points > 0 && points < possible) parts.push(`Partly correct (${fmt(points)} of ${marks(possible)}).`);
  if (points === possible) parts.push('Correct.');
  if (expected.length > 1 && matched.length > 0) parts.push(`You found ${matched.join(' and ')}.`);
  parts.push(...notes);
  if (missing.length > 0 && notes.length === 0) {
    const unit = unitDoubt;
    if (expected.length > 1) {
      parts.push(
        matched.length > 0
          ? `The answer also needs ${missing.join(' and ')}: check that you have found every solution.`
          : `Not correct: the expected values are ${missing.join(' and ')}. Check your working and that you have found every solution.`,
      );
    } else {
      parts.push(
        `${given ? `Your answer ${given} is not correct` : 'Not correct'}: the expected answer is ${missing[0]}. Check your working${unit ? ' and the unit' : ''}.`,
      );
    }
  }
  return parts.join(' ');
}

/**
 * Method marks for a wrong final value, as teachers give them: a correct step left unfinished ("2x = 12" for x = 6),
 * the part of a percentage change without the change applied (£12 for "increase £80 by 15%"), or working shown
 * before a wrong answer. Half the marks of a question worth two or more, nothing of one; always flagged.
 */
function methodCredit(
  want: Quantity,
  text: string,
  final: Quantity,
  question: string,
  possible: number,
  scheme: SchemeMark[] = [],
): { score: number; flag: string; note: string } | null {
  // "(1 value, 1 unit)": a scheme whose every mark is for the value or the unit gives none for a method.
  if (scheme.length && scheme.every((m) => /^(?:marks?\s+)?(?:for\s+)?(?:the\s+)?(?:value|units?|answer)$/i.test(m.what))) return null;
  // A teacher gives whole method marks: half of the marks, rounded down, for working that is not checked; all but the
  // accuracy mark (the scheme's method marks where it lists them) for a correct step of the solution.
  const share = possible >= 2 ? Math.floor(possible / 2) / possible : 0;
  const plain = normaliseMaths(text);
  const schemeMethod = methodMarks(scheme);
  const stepShare = possible >= 2 ? (schemeMethod ?? possible - 1) / possible : 0;
  const verified = correctStep(plain, [want], question);
  const unsolved = unsolvedStep(plain, question);
  if (unsolved !== null && sameValue(want.value, unsolved, Math.max(want.decimals, 2))) {
    return {
      score: share,
      flag: 'A correct step of the solution, not finished: method marks may be due',
      note: `Your equation is a correct step, but not finished: solve it for the letter to get ${describe(want)}.`,
    };
  }
  const part = percentPart(question, final.value);
  // "After a 10% decrease a price is £54: what was the original price?": a percentage of the new price is the wrong method.
  if (part && reverseAsked(question) && !isKeyValue(want, final)) {
    return {
      score: 0,
      flag: '',
      note: `${describe(final)} is ${part}, but the question gives the amount after the change: divide by the multiplier instead (the expected answer is ${describe(want)}).`,
    };
  }
  const simple = simpleInterest(question, final.value);
  if (simple && !isKeyValue(want, final)) {
    return {
      score: share,
      flag: 'Simple interest worked where the question asks for compound interest: method marks may be due',
      note: `${describe(final)} is ${simple}, but the interest is compound: each year's interest is added before the next is worked out (the expected answer is ${describe(want)}).`,
    };
  }
  if (part && !isKeyValue(want, final)) {
    return {
      score: share,
      flag: part.endsWith('the other way')
        ? 'The percentage change applied the other way: method marks may be due'
        : 'The percentage of the amount, without the change applied: method marks may be due',
      note: part.endsWith('the other way')
        ? `${describe(final)} is ${part}: check whether the question asks for an increase or a decrease (the expected answer is ${describe(want)}).`
        : `${describe(final)} is ${part}, but the question asks for the new amount: add it on or take it off to get ${describe(want)}.`,
    };
  }
  if (verified) {
    return {
      score: stepShare,
      flag: 'A correct step of the solution, then a wrong final answer: method marks may be due',
      note: `Your working has a correct step, but the final answer ${describe(final)} is not right (the expected answer is ${describe(want)}): check the last steps.`,
    };
  }
  if (workingShown(plain)) {
    const misread = final.compound && decimalHoursMisread(want, final);
    // Working that uses none of the question's numbers ("2 + 2 = 4") shows no method: flagged, but no share.
    return {
      score: usesQuestionNumbers(plain, question) ? share : 0,
      flag: misread
        ? 'Working shown, and hours written as hours and minutes wrongly (1.5 h is 1 h 30 min): method marks may be due'
        : 'Working is shown but the final answer is wrong: method marks may be due',
      note: misread
        ? `Your working is right, but ${describe(final)} is not the same as ${describe(want)}: a decimal of an hour is not minutes (0.5 h is 30 minutes).`
        : `Your final answer ${describe(final)} is not correct (the expected answer is ${describe(want)}): check each step of your working.`,
    };
  }
  const step = possible >= 2 && !final.compound ? questionStep(question, final, want) : null;
  if (step) {
    // Most often a wrong formula (speed = distance × time), sometimes a step left unfinished: none, for a teacher to decide.
    return {
      score: 0,
      flag: `The answer is ${step}, a step with the question's numbers: a method mark may be due`,
      note: `${describe(final)} is ${step}: a step on the way, but not the answer to the question (the expected answer is ${describe(want)}).`,
    };
  }
  if (final.compound && decimalHoursMisread(want, final)) {
    // Of one mark there is no method mark to give: "2 h 40 min" for 2.4 h is then simply wrong.
    return {
      score: 0,
      flag: possible >= 2 ? 'Hours written as hours and minutes wrongly (1.5 h read as 1 h 50 min)' : '',
      note: `${describe(final)} is not the same as ${describe(want)}: a decimal of an hour is not minutes (0.5 h is 30 minutes).`,
    };
  }
  return null;
}

/** The working (all but the final value) uses a number the question gives. */
function usesQuestionNumbers(plain: string, question: string): boolean {
  const numbers = (t: string) => (normaliseMaths(t).match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
  const given = new Set(numbers(question));
  const working = plain.slice(0, plain.lastIndexOf('='));
  return numbers(working).some((n) => given.has(n));
}

/** Working before the answer: an operation before an '=' ("25 × 9 ÷ 5 = 45"), or several steps ("3x = 15, x = 5"). */
function workingShown(plain: string): boolean {
  const equals = (plain.match(/=/g) ?? []).length;
  if (equals >= 2) return true;
  if (equals === 1) return /\d\s*[-+*/]\s*[\d(]/.test(plain.split('=')[0]!);
  return false;
}

/** "2x = 12" for "Solve 4x − 7 = 2x + 5": the last clause is a linear equation in one letter, not yet solved; its root. */
function unsolvedStep(plain: string, question: string): number | null {
  if (!/\bsolve\b/i.test(question)) return null;
  const last = plain
    .split(/,|;|\bso\b|\bthen\b/)
    .pop()!
    .trim();
  const sides = last.split('=');
  if (sides.length !== 2 || /^\s*[a-z]\s*$/i.test(sides[0]!) || /^\s*[a-z]\s*$/i.test(sides[1]!)) return null;
  const expr = readExpression(`(${sides[0]}) - (${sides[1]})`);
  if (!expr || expr.variables.length !== 1) return null;
  const v = expr.variables[0]!;
  try {
    const f = (x: number) => expr.node.compile().evaluate({ [v]: x }) as number;
    const [f0, f1, f2] = [f(0), f(1), f(2)];
    if (![f0, f1, f2].every(Number.isFinite) || f1 === f0 || Math.abs(f2 - 2 * f1 + f0) > 1e-9) return null;
    return -f0 / (f1 - f0);
  } catch {
    return null;
  }
}

/** The clause after the last "so", "therefore", ";" or line break. */
const lastClauseOf = (text: string) =>
  text
    .split(/\bso\b|\btherefore\b|\bhence\b|;|\n|⇒|=>/)
    .pop()!
    .trim();

/**
 * A correct step of working: an equation in one letter (not "x = value" alone) that every expected value of that letter
 * solves ("6x − 3 = 4x + 9" and "2x = 12" for x = 6; "(x + 5)(x − 3) = 0" for x = 3 or x = −5).
 */
export function correctStep(plain: string, expected: Quantity[], question = ''): boolean {
  // The question's own equation copied out is no step of working.
  const flat = (t: string) =>
    normaliseMaths(t)
      .replace(/[\s*.]/g, '')
      .toLowerCase();
  const given = normaliseMaths(question)
    .split(/,|;|:|\band\b|\?|\.(?!\d)/)
    .filter((c) => c.includes('='))
    .map((c) => flat(c.replace(/^.*?\b(?:solve|equations?)\b/i, '')));
  for (const clause of plain.split(/,|;|\bso\b|\bthen\b|\btherefore\b|\bor\b|\band\b|⇒|=>|\n/)) {
    if (given.includes(flat(clause))) continue;
    const sides = clause.split('=');
    if (sides.length !== 2 || /^\s*[a-z]\s*$/i.test(sides[0]!) || /^\s*[a-z]\s*$/i.test(sides[1]!)) continue;
    const expr = readExpression(`(${sides[0]}) - (${sides[1]})`);
    if (!expr || expr.variables.length !== 1) continue;
    const v = expr.variables[0]!;
    const roots = expected.filter((q) => !q.unit && (!q.name || q.name === v));
    if (roots.length === 0) continue;
    try {
      const f = (x: number) => expr.node.compile().evaluate({ [v]: x }) as number;
      // Not an identity: the equation says something about the letter.
      if ([0.37, 1.73, -2.41].every((x) => Math.abs(f(x)) < 1e-9)) continue;
      if (roots.every((q) => Math.abs(f(q.value)) < 1e-9 * Math.max(1, Math.abs(q.value)))) return true;
    } catch {
      continue;
    }
  }
  return false;
}

/** "Increase £80 by 15%": the 15% of £80 (£12) alone, a step on the way. Names that part, or null. */
function percentPart(question: string, value: number): string | null {
  if (!/\b(increase|decrease|reduce|raise)d?\b|\b(discount|interest|VAT|tax|profit|loss)\b/i.test(question)) return null;
  const found = findQuantities(question);
  const percents = found.filter((q) => q.unit?.dim === 'percent');
  const amounts = found.filter((q) => !q.unit || q.unit.dim !== 'percent');
  for (const p of percents)
    for (const a of amounts) {
      if (sameValue((a.value * p.value) / 100, value, 2)) return `${fmt(p.value)}% of ${fmt(a.value)}`;
      // The change applied the wrong way (added for a decrease, taken off for an increase); the key is excluded by the caller.
      for (const sign of [1, -1])
        if (sameValue(a.value * (1 + (sign * p.value) / 100), value, 2))
          return `${fmt(a.value)} with ${fmt(p.value)}% ${sign > 0 ? 'added on' : 'taken off'}, the change the other way`;
    }
  return null;
}

/** The key's value, by its tolerance, a whole number exactly. */
const isKeyValue = (want: Quantity, got: Quantity) =>
  sameValue(want.value, got.value, want.decimals) && !countDiffers(want, got) && !offAtItsPrecision(want, got);

/** "What was the original price?", "the price before the increase": the question gives the amount after a change. */
const reverseAsked = (question: string) =>
  /\b(?:original|before the (?:increase|decrease|rise|reduction|discount|sale|change|cut)|before (?:it|the price) (?:was|went))\b/i.test(
    question,
  ) && /\b(?:after|increase|decrease|rise|reduc|discount|sale)/i.test(question);

/** "£2000 at 5% compound interest for 2 years": £2200, the simple interest total (or £200, its interest). Names it, or null. */
function simpleInterest(question: string, value: number): string | null {
  if (!/\bcompound\b|\bdepreciat/i.test(question)) return null;
  const found = findQuantities(question);
  const percents = found.filter((q) => q.unit?.dim === 'percent');
  const others = found.filter((q) => !q.unit || q.unit.dim !== 'percent');
  for (const p of percents)
    for (const a of others)
      for (const n of others) {
        if (n === a || !Number.isInteger(n.value) || n.value < 2 || n.value > 50) continue;
        const sign = /\bdepreciat|\bdecreas|\bfalls?\b|\bloses?\b/i.test(question) ? -1 : 1;
        const interest = (a.value * p.value * n.value) / 100;
        if (sameValue(a.value + sign * interest, value, 2))
          return `${fmt(a.value)} with ${fmt(p.value)}% simple interest for ${fmt(n.value)} years`;
        if (sign > 0 && sameValue(interest, value, 2)) return `the simple interest on ${fmt(a.value)} for ${fmt(n.value)} years`;
      }
  return null;
}

/**
 * "680 m" for the echo's cliff (340 × 2, not halved): a wrong answer that is the product or quotient of two of the
 * question's numbers, written without working. A wrong formula or a step left unfinished: a teacher tells. Names it, or null.
 */
function questionStep(question: string, final: Quantity, want: Quantity): string | null {
  const numbers = [...new Set((normaliseMaths(question).match(/\d+(?:\.\d+)?/g) ?? []).map(Number))].filter((n) => n > 1);
  if (numbers.length < 2 || numbers.length > 6 || (want.unit && final.unit && final.unit.dim !== want.unit.dim)) return null;
  const v = want.unit && final.unit ? valueIn(final, want.unit) : final.value;
  if (sameValue(want.value, v, want.decimals)) return null;
  for (const a of numbers)
    for (const b of numbers) {
      if (a === b) continue;
      if (sameValue(a * b, v, 2) && v === final.value) return `${fmt(a)} × ${fmt(b)}`;
      if (sameValue(a / b, v, 2) && v === final.value && a / b > 1) return `${fmt(a)} ÷ ${fmt(b)}`;
    }
  return null;
}

/** "1 hour 50 minutes" for 1.5 hours: the digits after the point read as minutes. */
function decimalHoursMisread(want: Quantity, got: Quantity): boolean {
  if (!want.unit || want.unit.dim !== 'time' || !got.unit) return false;
  const hours = valueIn(want, readUnit('h')!);
  const minutes = valueIn(got, readUnit('min')!);
  const whole = Math.floor(minutes / 60);
  const rest = Math.round(minutes - whole * 60);
  return Math.abs(whole + rest / 100 - hours) < 1e-6 || Math.abs(whole + rest / 10 - hours) < 1e-6;
}

/** "7, because 100 ÷ 16 = 6.25": an answer stated first, then its reason; the value before "because" is the answer. */
function answerBeforeReason(text: string): Quantity | null {
  // The first "because" with a number and no "=" before it (what /^([^=]*?\d[^=]*?)[\s,;:.-]*\b(?:because|since)\b/i
  // matches), found without that pattern's retries from every digit (quadratic on a long text with no "because").
  const [equals, digit] = [text.indexOf('='), text.search(/\d/)];
  for (const m of text.matchAll(/\b(?:because|since)\b/gi)) {
    if (equals >= 0 && equals < m.index) return null;
    if (digit < 0 || digit >= m.index) continue;
    let end = m.index;
    while (end > 0 && /[\s,;:.-]/.test(text[end - 1]!)) end--;
    return finalQuantity(text.slice(0, end));
  }
  return null;
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

/**
 * What a key says of units: "(units required)", "(units not required)", "Ignore missing unit", and the marks its scheme
 * gives the unit on its own ("1 mark value, 1 mark unit", "B1 km/h").
 */
export type UnitRule = { required: boolean; notRequired: boolean; marks: number; accuracy: number; method: number };
const NO_UNIT_RULE: UnitRule = { required: false, notRequired: false, marks: 0, accuracy: 1, method: 0 };

export function unitRuleOf(notes: readonly string[], scheme: SchemeMark[]): UnitRule {
  const all = notes.join('; ');
  const notRequired =
    /\bunits?\s+(?:are\s+|is\s+)?not\s+(?:required|needed|necessary)\b|\bignore\s+(?:a\s+|any\s+|the\s+)?(?:missing|absent|omitted|lack of)\s+units?\b|\bno\s+units?\s+(?:needed|required)\b/i.test(
      all,
    );
  const required =
    !notRequired &&
    /\bunits?\s+(?:are\s+|is\s+)?(?:required|needed|must be given)\b|\bmust\s+(?:have|give|include)\s+(?:a\s+|the\s+)?units?\b/i.test(all);
  const marks = scheme.filter((m) => m.code !== 'M' && /\bunits?\b/i.test(m.what)).reduce((n, m) => n + m.marks, 0);
  // The accuracy marks, not an "A1" named only to be withheld ("Do not award A1 for £530").
  const accuracy = [...all.matchAll(/(?<!\b(?:award|give|allow)\s+(?:the\s+)?)\bA(\d)\b/gi)].reduce((n, m) => n + Number(m[1]), 0) || 1;
  return { required, notRequired, marks, accuracy, method: methodMarks(scheme) ?? 0 };
}

function compare(
  want: Quantity,
  written: Quantity,
  question: string,
  possible = 1,
  rule: UnitRule = NO_UNIT_RULE,
  policy: MarkingPolicy = {},
): Verdict {
  // "100 degrees" where the unit of a temperature is required: the scale is missing, so the unit is.
  const scaleless =
    want.unit?.dim === 'temperature' && written.unit?.dim === 'angle' && (rule.required || rule.marks > 0 || /\bunits?\b/i.test(question));
  const got: Quantity = scaleless ? (({ unit: _, ...bare }) => bare)(written) : asTemperature(want, written);
  const shown = describe(got);
  const rounding = roundingAsked(question);
  if (rounding && !(want.unit && got.unit && want.unit.dim === got.unit.dim && want.unit !== got.unit)) {
    const equal = Math.abs(want.value - got.value) < 1e-9 * Math.max(1, Math.abs(want.value));
    const bySignificant = /\bsig(nificant)?\.?\s*fig|\bs\.\s?f\b/i.test(question);
    const sameRounded = equal && (bySignificant ? significant(got.text) === significant(want.text) : got.decimals === want.decimals);
    if (!sameRounded) {
      if (equal) {
        // 15.0 for 15, 8 for 8.0: the right value with other trailing zeros; mark schemes differ on it.
        return {
          score: 0,
          note: `Your answer ${shown} has the right value, but not written to the accuracy the question asks: write ${describe(want)}.`,
          flag: 'The right value written to another accuracy (trailing zeros)',
        };
      }
      // 78.54 for "78.5 (to 1 d.p.)": the right value, not rounded as asked; the method's share of two marks or more.
      const roundsToKey =
        !bySignificant &&
        got.decimals > want.decimals &&
        Math.abs(got.value - want.value) <= 0.5 * 10 ** -want.decimals + 1e-9 * Math.max(1, Math.abs(want.value));
      if (roundsToKey || sameValue(want.value, got.value, want.decimals + 1)) {
        return {
          score: roundsToKey && possible >= 2 ? 0.5 : 0,
          note: `Your answer ${shown} is close, but not rounded as the question asks: the expected answer is ${describe(want)}.`,
        };
      }
      return wrongValue(want, got);
    }
  }
  if (want.compound && got.unit?.dim === want.unit?.dim && !got.compound && /\bhours? and minutes?\b/i.test(question)) {
    if (sameValue(want.value, valueIn(got, want.unit!), want.decimals)) {
      return {
        score: 0,
        note: `${shown} is the right amount, but the question asks for hours and minutes: write ${describe(want)}.`,
        flag: 'The right amount, but not in hours and minutes as the question asks',
      };
    }
  }
  if (want.unit && got.unit && want.unit.dim === got.unit.dim) {
    const asked = unitAsked(question, want.unit);
    if (asked && got.compound && sameValue(want.value, valueIn(got, want.unit), want.decimals)) {
      return {
        score: 0,
        note: `Your answer ${shown} is the right amount, but the question asks for it in ${want.unit.label} only: write ${describe(want)}.`,
      };
    }
    // "Give your answer in mm", "What is her time per lap, in seconds?": the right amount in another unit, or in two
    // units, is not the form asked. Teachers differ: some take any unit of the right amount, some take off the accuracy
    // marks (of two marks or more), or half of one mark; the latter given, flagged.
    if (
      !asked &&
      (got.compound || got.unit.factor !== want.unit.factor || (got.unit.offset ?? 0) !== (want.unit.offset ?? 0)) &&
      namedUnits(question).some((u) => u.dim === want.unit!.dim && u.factor === want.unit!.factor) &&
      sameValue(want.value, valueIn(got, want.unit), want.decimals)
    ) {
      const note = `${shown} is the right amount, but the question asks for it in ${want.unit.label}: write ${describe(want)}.`;
      // The assignment's policy may say which: full marks, or the accuracy mark lost (of one mark, half or none as its
      // missing unit).
      if (policy.otherUnitThanAsked === 'accepted') return { score: 1 };
      return {
        score:
          possible >= 2
            ? Math.max(0, possible - rule.accuracy) / possible
            : policy.otherUnitThanAsked && policy.missingUnitOnOneMark === 'none'
              ? 0
              : 0.5,
        note,
        ...(policy.otherUnitThanAsked
          ? {}
          : {
              flag: 'The right amount, but not in the unit the question asks for (teachers differ: full marks, or the accuracy mark lost)',
            }),
      };
    }
    if (
      asked &&
      (got.compound ||
        ((got.unit.factor !== want.unit.factor || (got.unit.offset ?? 0) !== (want.unit.offset ?? 0)) &&
          !unitInQuestion(question, got.unit)))
    ) {
      if (got.compound) return wrongValue(want, got);
      // "1200 m" for "convert 1.2 × 10⁶ mm into km": the amount right in a unit on the way (not the question's own),
      // the conversion part done: the method's share of two marks or more, as the form-asked rule gives it.
      const onTheWay = !findQuantities(question).some((q) => q.unit?.dim === got.unit!.dim && q.unit.factor === got.unit!.factor);
      if (onTheWay && possible >= 2 && sameValue(want.value, valueIn(got, want.unit), want.decimals))
        return {
          score: Math.floor(possible / 2) / possible,
          note: `${shown} is the right amount, but the question asks for it in ${want.unit.label}: finish the conversion (the expected answer is ${describe(want)}).`,
        };
      // "2500 kg" for "How many grams are there in 2.5 kg?": the right number with the wrong unit's name. Most teachers
      // give nothing; some take off only half: flagged.
      const labelSlip = possible === 1 && sameValue(want.value, got.value, want.decimals) && !countDiffers(want, got);
      // (The assignment's policy may say which: rightNumberWrongUnit.)
      return {
        score: labelSlip && policy.rightNumberWrongUnit === 'half-off' ? 0.5 : 0,
        note: `The question asks for the answer in ${want.unit.label}, but yours is in ${got.unit.label}: convert it (the expected answer is ${describe(want)}).`,
        ...(labelSlip && !policy.rightNumberWrongUnit
          ? { flag: 'The right number with the wrong unit: nothing for most teachers, half off for some' }
          : {}),
      };
    }
    if (
      sameValue(want.value, valueIn(got, want.unit), want.decimals) &&
      !(got.unit === want.unit && (countDiffers(want, got) || offAtItsPrecision(want, got)))
    ) {
      return got.unit === want.unit ? { score: 1 } : { score: 1, praise: `Correct: ${shown} is the same as ${describe(want)}.` };
    }
    if (got.unit.label !== want.unit.label && sameValue(want.value, got.value, want.decimals) && !countDiffers(want, got)) {
      // 100 °F for 100 °C is another temperature, not a slip of the unit's name.
      // Teachers differ on it: most give nothing, some take off only half for the wrong label of the right number.
      // (The assignment's policy may say which: rightNumberWrongUnit.)
      if (want.unit.dim === 'temperature')
        return {
          score: policy.rightNumberWrongUnit === 'half-off' ? (possible - 0.5) / possible : 0,
          note: `${shown} is a different temperature from ${describe(want)}: check the scale.`,
          ...(policy.rightNumberWrongUnit
            ? {}
            : { flag: 'The right number with another scale (°F for °C): nothing for most teachers, half off for some' }),
        };
      return {
        score: rule.marks > 0 && rule.marks < possible ? (possible - rule.marks) / possible : 0.5,
        note: `Your number ${fmt(got.value)} is right, but the unit is wrong: ${got.unit.label} instead of ${want.unit.label}, which is a different amount.`,
      };
    }
    return wrongValue(want, got);
  }
  const inKeyUnit = want.unit && got.unit?.dim === want.unit.dim ? valueIn(got, want.unit) : got.value;
  // Calculator notation ("3.6E-4") is not standard form either.
  if (standardFormAsked(question) && sameValue(want.value, inKeyUnit, want.decimals) && !inStandardForm(got.text, false)) {
    const note = `${shown} has the right value, but it is not in standard form: write it as a number from 1 to 10 times a power of ten (${describe(want)}).`;
    // Calculator notation of the right digits: most teachers refuse it as standard form, some take it: flagged.
    const calculator = inStandardForm(got.text);
    // The assignment's policy may say which: calculator notation taken as standard form, or not (0 of one mark).
    if (calculator && policy.calculatorNotation === 'accepted') return { score: 1 };
    if (calculator && policy.calculatorNotation === 'not-standard-form' && possible < 2) return { score: 0, note };
    return possible >= 2
      ? { score: 0.5, note, flag: 'The right value, but not in standard form as the question asks' }
      : { score: 0, note, ...(calculator ? { flag: 'Calculator notation (3.6E-4) where standard form is asked: teachers differ' } : {}) };
  }
  if (mixedAsked(question) && !want.unit && !got.unit && sameValue(want.value, got.value, want.decimals)) {
    const form = fractionForm(got.text);
    // A decimal for a fraction or mixed number: nothing of one mark; of two, teachers differ (0 or 1), so flagged.
    if (form === 'decimal')
      return {
        score: 0,
        note: `${shown} has the right value, but the question asks for a mixed number: write ${describe(want)}.`,
        ...(possible >= 2 ? { flag: 'The right value as a decimal where a mixed number is asked: teachers differ on a share' } : {}),
      };
    if (form !== 'mixed') {
      // The right value in another form than the one asked: 0 of one mark, a share of two or more (the usual policy).
      return {
        score: possible >= 2 ? 0.5 : 0,
        note: `${shown} has the right value, but the question asks for a mixed number: write it as ${describe(want)}.`,
      };
    }
  }
  // "22/24" for "Work out 2/3 + 1/4" (11/12), "24/6" for 4: the right value as a fraction left unsimplified where no
  // form is asked. Most teachers accept it; some hold every final fraction to its simplest form (0 or half): flagged.
  if (
    !fractionAsked(question) &&
    !want.unit &&
    !got.unit &&
    /\//.test(normaliseMaths(got.text)) &&
    fractionForm(got.text) === 'unsimplified' &&
    fractionForm(want.text) !== 'unsimplified' &&
    sameValue(want.value, got.value, Math.max(want.decimals, 6))
  )
    return {
      score: 1,
      praise: `Correct: ${shown} is equal to ${describe(want)}, though ${describe(want)} is its simplest form.`,
      flag: 'A fraction not in its simplest form, where the question does not ask for a form: teachers differ',
    };
  // "Give your answer in its simplest form" where the answer is whole (4 for 3/2 × 8/3): the whole number is that form.
  const wholeKey = Number.isInteger(want.value) && !/\//.test(normaliseMaths(want.text)) && Number.isInteger(got.value);
  if (fractionAsked(question) && !wholeKey && !want.unit && !got.unit && sameValue(want.value, got.value, want.decimals)) {
    const form = fractionForm(got.text);
    const simplest = simplestAsked(question);
    if (form === 'unsimplified' && !simplest) {
      return {
        score: 1,
        praise: `Correct: ${shown} is equal to ${describe(want)}, which is the same fraction in its simplest form.`,
        flag: 'A fraction not in its simplest form, where the question does not ask for the simplest form',
      };
    }
    if (form === 'unsimplified') {
      // One mark is the simplified form itself; of two or more, the working earns a share, as a teacher decides.
      const note = `${shown} has the right value, but it is not in its simplest form: divide the top and bottom by their common factor to get ${describe(want)}.`;
      return { score: possible >= 2 ? 0.5 : 0, note };
    }
    if (form === 'decimal') {
      // Of a key with method marks, the accuracy mark lost (the form asked not followed), as most teachers give it.
      return {
        score: possible >= 2 && rule.method > 0 ? Math.max(0, possible - rule.accuracy) / possible : 0,
        note: `${shown} has the right value, but the question asks for a fraction: write it as ${describe(want)}.`,
        ...(possible >= 2 ? { flag: 'The right value as a decimal where a fraction is asked: teachers differ on a share' } : {}),
      };
    }
    if (form === 'mixed' && improperAsked(question)) {
      const note = `${shown} has the right value, but the question asks for an improper fraction: write it as ${describe(want)}.`;
      return { score: possible >= 2 ? 0.5 : 0, note };
    }
  }
  if (want.unit?.dim === 'percent' || got.unit?.dim === 'percent') return comparePercent(want, got, question, possible, rule, policy);
  if (!sameValue(want.value, got.value, want.decimals) || countDiffers(want, got) || offAtItsPrecision(want, got))
    return wrongValue(want, got);
  if (!want.unit) return roundedAnswer(want, got) ?? { score: 1 };
  if (!got.unit) {
    // "(units not required)", "ignore missing unit": the number alone is the answer.
    if (rule.notRequired) return { score: 1 };
    const missingNote = `Your value ${shown} is right, but the unit is missing: give ${dimensionName(want.unit)} in ${want.unit.label}.`;
    // The assignment's policy may say that the question naming the unit ("in km/h") makes the number alone enough.
    if (policy.bareNumberIfQuestionNamesUnit && unitInQuestion(question, want.unit)) return { score: 1 };
    // A mark of its own for the unit ("B1 km/h"): the unit missing loses that mark, the value keeps the rest. Where the
    // question names the unit, some teachers take the number alone as in it: flagged (unless the policy says no).
    if (rule.marks > 0 && rule.marks < possible)
      return {
        score: (possible - rule.marks) / possible,
        note: missingNote,
        ...(unitInQuestion(question, want.unit) && policy.bareNumberIfQuestionNamesUnit === undefined
          ? { flag: 'The unit missing where the key gives it a mark of its own but the question names it (teachers differ)' }
          : {}),
      };
    // The key requires the unit of a one-mark answer: some teachers give half the mark without it, some none (the
    // assignment's policy may say which).
    if (rule.required && possible < 2)
      return policy.missingUnitOnOneMark
        ? { score: policy.missingUnitOnOneMark === 'half' ? 0.5 : 0, note: missingNote }
        : {
            score: 0.5,
            note: missingNote,
            flag: 'The right value without the unit the key requires, in a question of one mark (teachers give half or none)',
          };
    if (unitInQuestion(question, want.unit)) return { score: 1 };
    // Teachers deduct half the marks for a missing unit (1 of 2, ½ of 1) where the question does not state it. Of one
    // mark, with no unit mark in the key and no unit asked for, some teachers deduct nothing: flagged.
    return {
      score: 0.5,
      note: missingNote,
      ...(possible < 2 && !/\bunits?\b/i.test(question) && !rule.required
        ? { flag: 'The right value without its unit, in a question of one mark that does not ask for the unit (teachers differ)' }
        : // "Include the unit" on one mark: as where the key requires it, half or none (or the policy's).
          possible < 2
          ? policy.missingUnitOnOneMark
            ? { score: policy.missingUnitOnOneMark === 'half' ? 0.5 : 0 }
            : { flag: 'The right value without the unit the question asks for, in a question of one mark (teachers give half or none)' }
          : {}),
    };
  }
  // The unit of another quantity (cm for an area, kg for a weight): it is not the answer. Of one mark nothing (half
  // where the assignment's policy takes only half off for a right number with a wrong unit); of a key that gives the
  // unit its own mark, the value's marks; else half.
  return {
    score:
      rule.marks > 0 && rule.marks < possible
        ? (possible - rule.marks) / possible
        : possible < 2
          ? policy.rightNumberWrongUnit === 'half-off'
            ? 0.5
            : 0
          : 0.5,
    note: `Your value ${fmt(got.value)} is right, but the unit is wrong: ${got.unit.label} instead of ${want.unit.label}. Check which quantity the question asks for.`,
  };
}

/** 50% against 0.5: the same value written as a percentage or as a decimal. */
function comparePercent(
  want: Quantity,
  got: Quantity,
  question: string,
  possible: number,
  rule: UnitRule = NO_UNIT_RULE,
  policy: MarkingPolicy = {},
): Verdict {
  const wantPercent = want.unit?.dim === 'percent';
  const gotPercent = got.unit?.dim === 'percent';
  if (wantPercent && !gotPercent && !got.unit && sameValue(want.value, got.value, want.decimals)) {
    // "Write 0.3 as a percentage" answered "30": the conversion asked for, its sign left out; most teachers take the
    // sign as implied by the question, some want it written: flagged. "What percentage …" or a change leaves it sure.
    // The assignment's policy may say: the sign required (0 without it), or the number alone accepted.
    if (/\b(?:write|express|give|convert|change)\b[^?!]*\bas an? (?:percentage|%)/i.test(question))
      return policy.percentSignRequired === undefined
        ? { score: 1, flag: 'A bare number where the question asks to write it as a percentage: teachers differ on the % sign' }
        : policy.percentSignRequired
          ? {
              score: 0,
              note: `${describe(got)} has the right number, but the question asks for a percentage: write the % sign, ${withUnit(want.value, want.unit)}.`,
            }
          : { score: 1 };
    return { score: 1 };
  }
  if (!wantPercent && gotPercent && sameValue(want.value, got.value, want.decimals)) {
    if (/\bpercent(age)?\b/i.test(question)) return { score: 1 };
    return {
      score: 0.5,
      note: `Your number ${fmt(got.value)} is right, but write it without the % sign: ${describe(got)} means ${fmt(got.value)} hundredths, and the answer is ${fmt(want.value)}.`,
      flag: 'The right number written as a percentage where the key has none',
    };
  }
  const scaled = wantPercent ? got.value * 100 : got.value / 100;
  const decimals = wantPercent ? want.decimals : want.decimals + 2;
  if (!got.unit || gotPercent) {
    if (sameValue(want.value, scaled, decimals)) {
      if (wantPercent && percentAsked(question)) {
        // The question asks for a percentage: the decimal or fraction is the right value in another form, 0 of one mark
        // or a share of two by the usual policy; some teachers give half of one mark, so it is flagged (unless the
        // assignment's policy says: the form mark lost, or the value accepted).
        if (policy.decimalForPercentage === 'accepted') return { score: 1 };
        return {
          score: possible >= 2 ? 0.5 : 0,
          ...(policy.decimalForPercentage
            ? {}
            : {
                flag: 'The value is right as a decimal or fraction, but the question asks for a percentage (teachers differ on its mark)',
              }),
          note: `${describe(got)} is the same as ${withUnit(want.value, want.unit)}, but the question asks for a percentage: multiply by 100 and write ${withUnit(want.value, want.unit)}.`,
        };
      }
      // Of a key with method marks ("M1 40/250"), the decimal or fraction is the method's step, the accuracy mark lost,
      // as most teachers give it; some take off only half a mark where the question does not ask for the form: flagged.
      if (wantPercent && possible >= 2 && rule.method > 0 && rule.accuracy < possible)
        return {
          score: (possible - rule.accuracy) / possible,
          note: `${describe(got)} is the same as ${withUnit(want.value, want.unit)}, but the answer is a percentage: multiply by 100 and write ${withUnit(want.value, want.unit)}.`,
          // The fraction ("10/50") is the method's calculation itself; the decimal its value, another form of the answer.
          ...(/\//.test(got.text)
            ? {}
            : {
                flag: 'The value right as a decimal where the key is a percentage: the accuracy mark lost for most teachers, half a mark for some',
              }),
        };
      if (wantPercent) {
        return {
          score: 0.5,
          note: `${describe(got)} is the same as ${withUnit(want.value, want.unit)}, but the question asks for a percentage: multiply by 100 and write ${withUnit(want.value, want.unit)}.`,
          flag: 'The value is right as a decimal or fraction, but the key asks for a percentage',
        };
      }
      if (/\bdecimal|\bfraction/i.test(question)) {
        return {
          score: 0.5,
          note: `${describe(got)} is the same as ${fmt(want.value)}, but the question asks for a decimal or fraction: divide by 100.`,
          flag: 'The value is right as a percentage, but the question asks for a decimal or fraction',
        };
      }
      return { score: 1 };
    }
  }
  return wrongValue(want, got);
}

/** "What percentage of …", "as a percentage", "give your answer as a %". */
const percentAsked = (question: string) =>
  /\bpercentage\b|\bper ?cent\b|\bas a %|\bin %/i.test(question) &&
  !/\bpercentage (?:increase|decrease|change|error|profit|loss)\b/i.test(question);

/** A wrong value; unsure when it is the key with its decimal point lost or added ("05" for 0.5, as a scan reads it). */
function wrongValue(want: Quantity, got: Quantity): Verdict {
  const wantDigits = digitsOf(want.text);
  const gotDigits = digitsOf(got.text);
  const pointed = /\./.test(want.text) || /\./.test(got.text) || /^0\d/.test(got.text.trim());
  if (pointed && wantDigits && gotDigits && wantDigits.digits === gotDigits.digits && wantDigits.point !== gotDigits.point) {
    // "05" for 0.5: nobody writes a leading zero, so the point was most likely lost in reading the page.
    if (/^0\d/.test(got.text.trim()) && want.value !== 0 && Math.abs(want.value) < 1) {
      return {
        score: 1,
        note: `Your answer was read as ${describe(got)}, which is most likely ${describe(want)} with its decimal point lost in reading: a teacher will check the page.`,
        flag: `The answer was read as ${describe(got)}: most likely ${describe(want)} with the decimal point lost in reading the handwriting`,
      };
    }
    // A point written in the wrong place ("0.6" for 0.06, "7.5" for 0.75) is the student's: reading loses a point, it
    // does not move one. Only a point missing from the answer may have been lost in reading the handwriting.
    // Reading loses only the point, not zeros with it: "1200" for 1.2 km, "250000" for 2.5 million is a conversion slip.
    const literal = (t: string) => (normaliseMaths(t).match(/\d+(?:\.\d+)?/) ?? [''])[0].replace('.', '').replace(/^0+(?=\d)/, '');
    const moved = /\./.test(got.text) || literal(got.text) !== literal(want.text);
    return {
      score: 0,
      note: `Your answer ${describe(got)} has the right digits but not the right value: the expected answer is ${describe(want)}. Check where the decimal point goes.`,
      ...(moved
        ? {}
        : {
            flag: `The answer ${describe(got)} differs from ${describe(want)} only by a decimal point (it may have been lost in reading the handwriting)`,
          }),
    };
  }
  return { score: 0 };
}

/** The digits of a single written number, without leading zeros, and where its point is: "0.50" → 5 at 1. */
function digitsOf(text: string): { digits: string; point: number } | null {
  const literals = normaliseMaths(text).match(/\d+(?:\.\d+)?/g) ?? [];
  if (literals.length !== 1) return null;
  const literal = literals[0]!;
  const all = literal.replace('.', '');
  const point = literal.includes('.') ? literal.indexOf('.') : literal.length;
  const lead = /^0*/.exec(all)![0].length;
  const digits = all.slice(lead).replace(/0+$/, '');
  return digits.length ? { digits, point: point - lead } : null;
}

/** The question names the unit of the answer ("in km/h", "(cm)"), so a bare number is in that unit. */
function unitInQuestion(question: string, unit: Unit): boolean {
  // "into cm²": the power without its brackets, which would end the unit's word.
  const plain = normaliseMaths(question).replace(/\^\((-?\d+)\)/g, '^$1');
  for (const m of plain.matchAll(
    /\b(?:to the nearest|nearest|in|into|to|how many)\s+(?=([^\s,.;:?)]+(?:\s+[^\s,.;:?)]+){0,3}))|\(([^()]{1,24})\)/gi,
  )) {
    const words = (m[1] ?? m[2] ?? '').split(/\s+/);
    // "to the nearest hundred thousand litres": the unit may follow the words of a number.
    for (let k = 0; k < words.length && (k === 0 || /^(?:\d+|tens?|hundreds?|thousands?|millions?|billions?)$/i.test(words[k - 1]!)); k++)
      for (let n = words.length; n > k; n--) {
        const found = readUnit(words.slice(k, n).join(' '));
        if (found && found.dim === unit.dim && found.factor === unit.factor && (found.offset ?? 0) === (unit.offset ?? 0)) return true;
      }
  }
  return false;
}

/**
 * The units a question names for its answer: "in <unit>" at the end of a sentence or before a comma ("Calculate her
 * speed in km/h.", "What is the time per lap, in seconds?", "Give your answer in mm."), never the unit of a number it
 * gives ("in 2 hours").
 */
export function namedUnits(question: string): Unit[] {
  const plain = normaliseMaths(question).replace(/\^\((-?\d+)\)/g, '^$1');
  const out: Unit[] = [];
  for (const m of plain.matchAll(/\b(?:in|into)\s+(?:the\s+)?([a-zA-Z°][^\d,;:?!()]{0,24}?)\s*(?=[?!,;)]|\.(?:\s|$)|$)/g)) {
    const found = readUnit(m[1]!.trim());
    if (found) out.push(found);
  }
  return out;
}

/** The question says which unit the answer is in ("convert to m/s", "give it in km/h"). */
function unitAsked(question: string, unit: Unit): boolean {
  return /\b(convert|express|change|how many)\b/i.test(question) && unitInQuestion(question, unit);
}

/** "Round to 2 d.p.", "to 3 significant figures", "to the nearest whole number": the written digits count. */
const roundingAsked = (question: string) =>
  /\bround|\bd\.\s?p\b|\bdecimal places?\b|\bsig(nificant)?\.?\s*fig|\bs\.\s?f\b|\bnearest (whole|integer|tenth|hundredth)/i.test(question);

/** "Write in standard form", "in scientific notation". */
const standardFormAsked = (question: string) => /\bstandard (?:index )?form\b|\bscientific notation\b/i.test(question);
/** "3.2 × 10^4", "3.2e4": a number from 1 to 10 (not 10) times a power of ten. */
function inStandardForm(text: string, calculator = true): boolean {
  const m = (
    calculator
      ? /^\s*-?(\d+(?:\.\d+)?)\s*(?:\*\s*10\s*\^\s*\(?\s*-?\d+\s*\)?|e[+-]?\d+)/i
      : /^\s*-?(\d+(?:\.\d+)?)\s*\*\s*10\s*\^\s*\(?\s*-?\d+\s*\)?/i
  ).exec(normaliseMaths(text));
  if (!m) return false;
  const a = Number(m[1]);
  return a >= 1 && a < 10;
}

/** "Write as a fraction", "in its simplest form", "simplify 6/8". */
const fractionAsked = (question: string) =>
  /\bas an? (?:(?:improper|proper|single|top[- ]heavy)\s+)?fraction\b|\b(?:improper|top[- ]heavy) fraction\b|\bsimplest form\b|\blowest terms\b|\bsimplify\s+-?\d+\s*[/⁄∕]\s*\d+/i.test(
    question,
  );
/** "Write 2 3/4 as an improper fraction": a mixed number is not the form asked. */
const improperAsked = (question: string) => /\b(?:improper|top[- ]heavy) fraction\b/i.test(question);
const simplestAsked = (question: string) => /\bsimplest form\b|\blowest terms\b|\bsimplif/i.test(question);
/** "Write 7/2 as a mixed number", "give your answer as a mixed number". */
const mixedAsked = (question: string) => /\bmixed (?:number|fraction)s?\b/i.test(question);

/** How a number is written: a fraction in lowest terms, another fraction, a mixed number, or a decimal. */
function fractionForm(text: string): 'lowest' | 'unsimplified' | 'mixed' | 'improper' | 'decimal' {
  const plain = normaliseMaths(numberWordsToDigits(text)).replace(/[()]/g, '').trim();
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const mixed = /^-?\d+\s*\+?\s*(\d+)\s*\/\s*(\d+)$/.exec(plain);
  if (mixed && /\d\s*\+?\s+\d|\d\+\d/.test(plain)) {
    return Number(mixed[1]) < Number(mixed[2]) && gcd(Number(mixed[1]), Number(mixed[2])) === 1 ? 'mixed' : 'unsimplified';
  }
  const m = /(-?\d+)\s*\/\s*(\d+)\s*$/.exec(plain);
  if (!m) return 'decimal';
  if (gcd(Math.abs(Number(m[1])), Number(m[2])) !== 1) return 'unsimplified';
  return Math.abs(Number(m[1])) >= Number(m[2]) && Number(m[2]) > 1 ? 'improper' : 'lowest';
}

/** "100 degrees" or "100C" where the key is a temperature: degrees of the key's scale, not an angle or coulombs. */
function asTemperature(want: Quantity, got: Quantity): Quantity {
  if (want.unit?.dim !== 'temperature' || !got.unit) return got;
  if (got.unit.dim === 'angle') return { ...got, unit: want.unit };
  if (got.unit.dim === 'charge' && got.unit.label === 'C') return { ...got, unit: readUnit('°C')! };
  return got;
}

/**
 * A whole number against a whole number (366 days, 42, "thirty thousand and nine" in words): exact, not within 1%,
 * unless the key is in standard form.
 */
function countDiffers(want: Quantity, got: Quantity): boolean {
  const whole = (q: Quantity) =>
    /^\s*-?\d+\s*(?:[^\d\s.,/^*e].*)?$/i.test(normaliseMaths(numberWordsToDigits(normaliseDigits(q.text)))) && Number.isInteger(q.value);
  return whole(want) && whole(got) && want.value !== got.value;
}

/**
 * "£59.40" for £60: an answer written more exactly than the key that does not round to it is another value, however
 * near (the 1% tolerance is for keys rounded by their writer, not for answers more exact than the key).
 */
function offAtItsPrecision(want: Quantity, got: Quantity): boolean {
  if (
    got.decimals < want.decimals ||
    (got.decimals === want.decimals && want.decimals === 0) ||
    !/^[^\d]*\d+(?:\.\d+)?[^\d^*/e]*$/i.test(normaliseMaths(want.text))
  )
    return false;
  return Math.abs(want.value - got.value) > 0.5 * 10 ** -want.decimals + 1e-9 * Math.max(1, Math.abs(want.value));
}

/** Significant figures of a written number, its power of ten aside: "4.52 × 10^-4" → 3, "0.000452" → 3, "3500" → 2. */
function significant(text: string): number {
  const mantissa = normaliseMaths(text)
    .replace(/\s*[*x]\s*10\s*\^.*$|e[+-]?\d+.*$/i, '')
    .match(/\d+(?:\.\d+)?/)?.[0];
  if (!mantissa) return 0;
  const digits = mantissa.replace('.', '').replace(/^0+/, '');
  return (mantissa.includes('.') ? digits : digits.replace(/0+$/, '')).length;
}

/** A key of labelled parts, "(a) 8 (b) 54": each part's value, named by its label. Null otherwise. */
const PART = /(?:^|[\s,;])\(?([a-h])\)\s*([^()]*?)(?=[\s,;]+\(?[a-h]\)|\s*$)/g;
function partValues(plain: string): Quantity[] | null {
  if (!/^\(?a\)/.test(plain)) return null;
  const values: Quantity[] = [];
  for (const m of plain.matchAll(PART)) {
    const q = readQuantity(m[2]!.trim());
    if (!q) return null;
    values.push({ ...q, name: `(${m[1]!})` });
  }
  return values.length >= 2 && values.length <= 4 && new Set(values.map((q) => q.name)).size === values.length ? values : null;
}

/** The values a response gives to letters: "x = 4, y = 2" → x: 4, y: 2 (the last value of each); "a) 8 b) 54" by part. */
function namedValues(text: string): Map<string, Quantity> {
  const found = new Map<string, Quantity>();
  const plain = normaliseMaths(text).replace(/\s+/g, ' ').trim();
  if (/^\(?a\)/.test(plain)) {
    for (const m of plain.matchAll(PART)) {
      const q = readQuantity(m[2]!.trim());
      if (q) found.set(`(${m[1]!})`, q);
    }
    if (found.size > 0) return found;
  }
  for (const m of normaliseMaths(text).matchAll(/(?<![a-zA-Z])([a-zA-Z])\s*=\s*([^,;=]+?)(?=\s*(?:,|;|\band\b|$|[a-zA-Z]\s*=))/g)) {
    const q = readQuantity(m[2]!);
    if (q) found.set(m[1]!, q);
  }
  return found;
}

/** 0.63 for 0.625: the key rounded to fewer places than it has, unasked. Right by value, but teachers differ: flagged. */
function roundedAnswer(want: Quantity, got: Quantity): Verdict | null {
  if (got.decimals >= want.decimals || Math.abs(got.value - want.value) <= 1e-9 * Math.abs(want.value)) return null;
  // "5300" for £5304.50: not the key to its own decimal places (5305) but rounded to tens or hundreds, which is how
  // the value of another method (simple interest) looks too: nothing, and a teacher should look.
  const atItsPlaces = Math.round(want.value * 10 ** got.decimals) / 10 ** got.decimals;
  if (
    Math.abs(atItsPlaces - got.value) > 1e-9 * Math.max(1, Math.abs(want.value)) &&
    /^[^\d]*\d+(?:\.\d+)?[^\d^/*]*$/.test(normaliseMaths(got.text))
  )
    return {
      score: 0,
      note: `Your answer ${describe(got)} is near ${describe(want)}, but it is not that value rounded to ${got.decimals === 0 ? 'a whole number' : `${got.decimals} decimal places`}: check your working.`,
      flag: `The answer ${describe(got)} is near the key ${describe(want)} but not the key rounded to its places: another method's value or rounded further`,
      // Another method's value earns method marks only where its working is written down.
      onlyWithWorking: true,
    };
  if (Math.abs(got.value - want.value) <= 0.001 * Math.abs(want.value)) return null;
  return {
    score: 1,
    praise: `Correct to ${got.decimals} decimal place${got.decimals === 1 ? '' : 's'}: the exact answer is ${describe(want)}.`,
    flag: `The answer ${describe(got)} is the key ${describe(want)} rounded, which the question did not ask for`,
  };
}

/**
 * The method marks of a key's note ("M1 for 15% = £36 or 240 × 1.15") whose named values include the answer's final
 * value, where that value is not the key's own; null when no method note names it.
 */
function noteStepValue(key: string, want: Quantity, final: Quantity, question: string): number | null {
  if (final.unit && final.unit.dim === 'percent') return null;
  // "3/7" for "Which is larger, 3/7 or 4/9? (M1 for 27/63 …)": the question's own fraction is no step of the method.
  if (questionFractions(question).some((f) => Math.abs(f - final.value) < 1e-9)) return null;
  for (const note of keyNotes(key).notes)
    for (const m of note.matchAll(/\bM(\d)\b\s*(?:for\s+)?(.*?)(?=;|\s*\b[MAB]\d\b|$)/g)) {
      for (const alternative of m[2]!.split(/\s+or\s+|,\s+/)) {
        const value = findQuantities(alternative.split('=').pop()!).pop();
        if (!value || (value.unit && value.unit.dim === 'percent')) continue;
        if (sameValue(want.value, value.value, want.decimals)) continue;
        if (sameValue(value.value, final.value, Math.max(value.decimals, 2)) && value.value !== 0) return Number(m[1]);
      }
    }
  return null;
}

const flatMaths = (t: string) =>
  normaliseMaths(t)
    .replace(/\s+/g, '')
    .replace(/\^\((-?\d+)\)/g, '^$1')
    .replace(/(\d)[xX](?=\d)/g, '$1*')
    .replace(/%/g, '');

/**
 * The method step a key's note names ("M1 for 720 ÷ 8 or equivalent", "M1 for 5x = 25"), and whether the working shows
 * it: written as the note writes it, or a calculation with the step's value. Null when the note names no step that can
 * be checked (words, or no M mark).
 */
/**
 * Working written down: an operation ("80% = 64 so 10% = 8", "5000 × 1.03") or several values, not a bare value
 * ("£432", "29%"), a fraction ("50/54") or an unknown's value ("x = 1").
 */
export function showsWorking(text: string): boolean {
  const bare = text
    .trim()
    .replace(/^[a-z]\s*=\s*/i, '')
    .replace(/(?<![\d.])\d+\s*\/\s*\d+(?![\d.])/g, '1');
  return findQuantities(bare).length > 1 || /[=+×÷*/^]|\d\s*[x−-]\s*\d/.test(bare);
}

function methodStep(key: string, text: string, final: Quantity): { marks: number; shown: boolean; sure?: boolean; what: string } | null {
  for (const note of keyNotes(key).notes)
    for (const m of note.matchAll(/\bM(\d)\b\s*(?:for\s+)?(.*?)(?=;|\s*\b[MAB]\d\b|$)/g)) {
      const what = m[2]!.replace(/\s*\b(?:or equivalent|oe|o\.e\.)\s*$/i, '').trim();
      const alternatives = what.split(/\s+or\s+/);
      // "M1 for 16 boys": a value the method reaches, with the noun it counts, written in the working (not as the answer).
      if (alternatives.every((a) => /^[£$]?\d+(?:\.\d+)?\s+[a-z]+(?:\s+[a-z]+)?$/i.test(a))) {
        const written = findQuantities(text).filter((q) => q !== final && !/[+\-*/^]/.test(flatMaths(q.text).replace(/^-/, '')));
        const value = alternatives.map((a) => Number(/[\d.]+/.exec(a)![0]));
        if (written.some((q) => value.some((v) => q.value === v) && q.value !== final.value))
          return { marks: Number(m[1]), shown: true, what: alternatives[0]! };
        continue;
      }
      // Only steps of numbers and letters with operators ("720 ÷ 8", "3x + 6 = 2x − 5"), never words.
      if (!alternatives.every((a) => /^[\d\sa-z.+\-−×x*/÷^²³()=%£$]+$/i.test(a) && /[+\-−×*/÷^²³=]/.test(a) && !/[a-z]{2,}/i.test(a)))
        continue;
      const flat = flatMaths(text);
      let sure = false;
      for (const a of alternatives) {
        const f = flatMaths(a);
        // Written as the note writes it, not inside a longer number ("-8-12" is not "8-12").
        const at = flat.indexOf(f);
        if (at >= 0 && !/[\d.-]/.test(flat[at - 1] ?? '') && !/[\d.]/.test(flat[at + f.length] ?? ''))
          return { marks: Number(m[1]), shown: true, what: a };
        // The step attempted and got wrong: the same first number and operation, then another ("350 ÷ 2150" for
        // 350 ÷ 2500), or an equation with one side of the note's and the other different ("5x = 11" for 5x = 25).
        const sides = f.split('=');
        if (sides.length === 2) {
          for (const clause of normaliseMaths(text).split(/[,;\n]|\bso\b|\bthen\b/)) {
            const c = flatMaths(clause).split('=');
            if (c.length === 2 && ((c[0] === sides[0] && c[1] !== sides[1]) || (c[1] === sides[1] && c[0] !== sides[0]))) sure = true;
          }
        } else {
          const prefix = /^-?[\d.]+[*/+\-^]/.exec(f)?.[0];
          if (prefix && flat.includes(prefix)) {
            const theirs = /^[\d.]+/.exec(f.slice(prefix.length))?.[0];
            const ours = /^[\d.]+/.exec(flat.slice(flat.indexOf(prefix) + prefix.length))?.[0];
            const digits = (n: string) => n.replace('.', '').replace(/^0+|0+$/g, '');
            // "540 ÷ 120" for 540 ÷ 1.2: the note's step with its number's point slipped is the method, with a slip.
            if (theirs && ours && ours !== theirs && digits(ours) === digits(theirs)) return { marks: Number(m[1]), shown: true, what: a };
            // "5000 × 1.03 = 5150" for 5000 × 1.03²: the note's step begun and ended short of it is no wrong attempt (a
            // teacher decides); "3/2 × 3/4" for 3/2 × 4/3 goes on otherwise: a wrong attempt.
            const from = flat.indexOf(prefix);
            let same = 0;
            while (same < f.length && flat[from + same] === f[same]) same++;
            if (same === f.length || !/^(?:=|$)/.test(flat.slice(from + same))) sure = true;
          }
        }
        // The step's value as a calculation of the working (not the final value alone).
        if (!a.includes('=')) {
          const value = readQuantity(a);
          if (
            value &&
            findQuantities(text).some(
              (q) => /[+\-*/^]/.test(flatMaths(q.text)) && Math.abs(q.value - value.value) <= 1e-9 * Math.max(1, Math.abs(value.value)),
            )
          )
            return { marks: Number(m[1]), shown: true, what: a };
        }
      }
      void final;
      return { marks: Number(m[1]), shown: false, sure, what };
    }
  return null;
}
