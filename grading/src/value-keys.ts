/**
 * Keys that open with a value, written with the marker's notes after it rather than in the scheme codes the numeric
 * reader knows:
 *
 *   "40 (1) cm² (1). Accept cm^2, cm2.", "300 [1]; Pa [1] accept N/m²": a mark for the value and one for its unit, each
 *   noted in brackets after its part: read as the scheme "B1 40 ⏎ B1 cm² (accept cm^2, cm2)".
 *   "48 000 [1]; accept 48 thousand; reject 48", "37.5% exactly; reject 37%, 38%", "90 (accept 90.0). 1 mark.": the value,
 *   then clauses that accept, reject or tell the marker something: read as "48 000 (accept 48 thousand)", its rejected
 *   values kept apart, so that an answer the key rejects earns nothing.
 */
import { findQuantities, normaliseMaths, readQuantity, readUnit, sameValue, type Quantity } from './quantity';

const MARK = String.raw`\s*[(\[]\s*(\d)\s*(?:marks?)?\s*[)\]]`;
/** "V (1) U (1) rest", "V [1]; U [1] rest": a value, its mark, a unit, its mark, then the notes. */
const VALUE_UNIT = new RegExp(String.raw`^([^()\[\]\n;]+?)${MARK}\s*[;,]?\s*([^()\[\]\n;,.\d]+?)${MARK}\s*(.*)$`, 's');

/** "ohm(s)": an optional plural ending in brackets, the word with it. */
const plurals = (s: string) => s.replace(/([a-z])\(s\)/gi, '$1s');

/** A unit, or units set apart by "or" ("Pa or N/m²"). */
const isUnit = (s: string) =>
  s
    .split(/\s+or\s+/i)
    .map((u) => u.trim())
    .every((u) => u !== '' && !!(readUnit(u) ?? readUnit(normaliseMaths(u)) ?? readQuantity(`1 ${u}`)?.unit));

/** A key's notes after its parts: its sentences and ";" clauses ("Accept cm^2, cm2. cm alone loses the unit mark."). */
const clauses = (rest: string) =>
  rest
    .split(/;\s*|(?<![\d])\.\s+|\.\s*$|\n/)
    .map((c) => c.trim().replace(/^[.,;:\s]+|[.,;:\s]+$/g, ''))
    .filter(Boolean);

/**
 * "75 (1) km/h (1). Accept kph.", "30 [1]; Ω [1] accept ohm(s); unit mark independent": a mark after the value and one
 * after its unit, as scheme lines ("B1 75 ⏎ B1 km/h (accept kph) ⏎ unit mark independent"); the key as it is otherwise.
 */
export function partMarksAsLines(key: string, possible: number): string {
  // "x = 7 [1]; y = 3 [1]", "x = 7 (1)   y = 3 (1)": each letter's value with its mark, as "x = 7, y = 3 (1 each)".
  const parts = key
    .trim()
    .replace(/\.$/, '')
    .split(/\s*;\s*|(?<=[)\]])\s*,?\s+(?=[a-zA-Z]\s*=)/);
  const named = parts.map((p) => /^([a-zA-Z])\s*=\s*([^=[\]();]+?)\s*[([]\s*(\d)\s*[)\]]$/.exec(p));
  if (parts.length >= 2 && named.every(Boolean) && new Set(named.map((n) => n![3])).size === 1)
    return `${named.map((n) => `${n![1]} = ${n![2]}`).join(', ')} (${named[0]![3]} each)`;
  const m = VALUE_UNIT.exec(key.trim());
  if (!m) return key;
  const [, value, n1, unit, n2, rest] = m as unknown as [string, string, string, string, string, string];
  const q = readQuantity(value.trim());
  if (!q || q.unit || !isUnit(unit.trim()) || Number(n1) + Number(n2) !== possible) return key;
  const accept: string[] = [];
  const notes: string[] = [];
  for (const c of clauses(plurals(rest))) {
    const a = /^(?:also\s+)?(?:accept|allow)\b:?\s*(.*)$/is.exec(c);
    // "8000 kg/m³ [2]": the answer in other units for every mark is one more accepted answer.
    const whole = new RegExp(`^(.*\\S)${MARK}$`).exec(c);
    if (a) accept.push(a[1]!);
    else if (whole && Number(whole[2]) === possible && readQuantity(whole[1]!)) notes.push(`accept ${whole[1]}`);
    else notes.push(c);
  }
  return [`B${n1} ${value.trim()}`, `B${n2} ${unit.trim()}${accept.length ? ` (accept ${accept.join(', ')})` : ''}`, ...notes].join('\n');
}

const REJECT = /^(?:reject|do not accept|don'?t accept|not)\b:?\s*(.*)$/is;
const ACCEPT = /^(?:also\s+)?(?:accept|allow)\b:?\s*(.*)$/is;

/** "48 on its own", "1 250 000 (3 s.f.)": the rejected wording without the words about it. */
const rejectedWordings = (list: string) =>
  list
    .split(/,\s+|\s+\/\s+|\s+or\s+|;\s*/i)
    .map((r) =>
      r
        .replace(/\([^()]*\)/g, ' ')
        .replace(/^(.*)\b(?:on its own|alone|by itself|only)\b/i, '=$1')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^['"‘“]|['"’”]$/g, ''),
    )
    .filter((r) => /\d/.test(r.replace(/^=/, '')));

/**
 * "48 000 [1]; accept 48 thousand; reject 48", "37.5% exactly; reject 37%", "0.35 kg. Accept .35.", "60 [1]; unit given
 * in question, not needed": a key that opens with its value and goes on in clauses for the marker, read as the value
 * with its accepted wordings and notes in brackets ("48 000 (accept 48 thousand)"), and the wordings it rejects. Null
 * when the key does not open with a value or has no such clauses.
 */
export function valueWithClauses(key: string, possible: number, reads: (key: string) => boolean): { key: string; reject: string[] } | null {
  const parts = key
    .trim()
    .split(/;\s*|(?<=[^\s.\d]|\d(?=\.\s+[A-Za-z]))\.\s+(?=\S)|\.\s*$|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2 || /\b[MAB]\d\b/.test(key)) return null;
  const opening = parts[0]!
    .replace(new RegExp(`${MARK}\\s*$`), (m, n: string) => (Number(n) === possible ? '' : m))
    .replace(/\s+(?:exactly|only|cao)\s*$/i, '')
    .trim();
  if (!/\d/.test(opening) || !reads(opening)) return null;
  const accept: string[] = [];
  const reject: string[] = [];
  const notes: string[] = [];
  for (const part of parts.slice(1)) {
    const c = part.replace(/^[.,:\s]+|[.,:\s]+$/g, '');
    const a = ACCEPT.exec(c);
    const r = a ? null : REJECT.exec(c);
    if (a) accept.push(a[1]!);
    else if (r) reject.push(...rejectedWordings(r[1]!));
    else if (/^(?:\d+|one)\s+marks?$|^[([]?\d[)\]]?$/i.test(c)) continue;
    // "336 g (accept 340)" after "480 ml": a key of several values, read as they are.
    else if (reads(c)) return null;
    // "percentage form required", "must be a fraction in lowest terms": the form the question asks for, no value.
    else if (/\b(?:form|sign|per\s?cent|lowest terms|figures)\b[^.]*\b(?:required|needed)\b|^must be (?:a|an|as)\b/i.test(c)) continue;
    // "must be in kWh", "answer must be in kWh": the unit is required.
    else if (/\bmust\s+be\s+(?:given\s+)?in\s+(\S+)$/i.test(c) && isUnit(/(\S+)$/.exec(c)![1]!)) notes.push('units required');
    // "unit given in question, not needed": no unit is required.
    else if (/\bunits?\b[^.]*\bnot\s+(?:needed|required|necessary)\b/i.test(c)) notes.push('units not required');
    else if (/\bunits?\b|\bignore\b|\bcondone\b/i.test(c)) notes.push(c);
    // "both required": every value for the mark, a note the reader of values knows.
    else if (/^(?:both|all)\s+(?:\w+\s+)?(?:required|needed)$/i.test(c)) notes.push(`${/^both/i.test(c) ? 'both' : 'all'} values required`);
    // "both required", "1 off per error": a rule of marking the reader of values does not know; the key as it is.
    else return null;
  }
  const fixed = `${opening}${accept.length ? ` (accept ${accept.join(', ')})` : ''}${notes.map((n) => ` (${n})`).join('')}`;
  return { key: fixed, reject };
}

/**
 * The response's final value is one the key rejects: "48" where the key says "reject 48", "9/12" where it says "reject
 * 9/12" though 9/12 is the key's value (a wording the key rejects is matched as written).
 */
export function rejectedAnswer(response: string, reject: readonly string[], expected: readonly Quantity[]): string | null {
  if (reject.length === 0) return null;
  const flat = (s: string) =>
    normaliseMaths(s)
      .replace(/[\s,]+/g, '')
      .toLowerCase();
  const afterEquals = response.split(/=/).pop()!;
  const found = findQuantities(afterEquals);
  const final = found[found.length - 1];
  for (const written of reject) {
    // "=48": rejected on its own ("reject 48 on its own"), as written only.
    const r = written.replace(/^=/, '');
    if (flat(afterEquals) === flat(r) || flat(response) === flat(r)) return r;
    if (written.startsWith('=')) continue;
    // "48.000" read as 48 000 (points grouping thousands) is not the 48 a key rejects.
    if (/^\s*\d{1,3}(?:\.\d{3})+\b/.test(afterEquals)) continue;
    const q = readQuantity(r);
    if (!q || !final) continue;
    // A rejected value the key's own value equals is a wording it rejects, matched as written only.
    if (expected.some((w) => sameValue(w.value, q.value, Math.max(q.decimals, w.decimals, 2)))) continue;
    const base = (x: Quantity) => x.value * (x.unit?.factor ?? 1);
    const same = !q.unit
      ? Math.abs(final.value - q.value) < 1e-9
      : final.unit?.dim === q.unit.dim && Math.abs(base(final) - base(q)) < 1e-9;
    if (same && found.length === 1) return r;
  }
  return null;
}

/** Maths only: letters of one character, numbers, operators (no word of the answer's). */
const MATHS = /^[\p{L}\d\s=+\-−–×÷*/^().,²³⁴⁵⁶⁷⁸⁹⁰¹⁻±√<>≤≥]+$/u;
/** A marker's clause: what else to accept, what not to, how the marks go. */
const MARKER_CLAUSE =
  /^(?:also\s+)?(?:accept|allow|reject|do not|don'?t|not\b|both|all\b|any\b|must|ignore|condone|oe\b|o\.e\.|or equivalent|equivalents?\b)/i;

/**
 * "t = (v − u)/a; accept equivalents; reject t = v − u/a", "x = 7 and x = −7; both required": an expression or equation,
 * then the marker's clauses after ";", read as the expression with its notes in brackets ("t = (v − u)/a (accept
 * equivalents)"); a rejected form is left out (a form that is not equivalent earns nothing anyway). "x = 7 [1]; y = 3
 * [1]": values of letters, a mark each, read as "x = 7, y = 3 (1 each)". The key as it is otherwise.
 */
export function algebraClausesAsNotes(key: string, possible = 1): string {
  const marked = marksAsNotes(key, possible);
  if (marked) return marked;
  if (!key.includes(';') && !/\]\s*$/.test(key)) return key;
  const [opening, ...rest] = key
    .trim()
    .replace(/\.$/, '')
    .split(/\s*;\s*/)
    .filter(Boolean);
  if (!opening || rest.length === 0 || !MATHS.test(opening) || /\p{L}{3,}/u.test(opening) || !/[a-zA-Z]/.test(opening)) return key;
  if (!rest.every((c) => MARKER_CLAUSE.test(c))) return key;
  const notes = rest.filter((c) => !/^(?:reject|do not|don'?t|not\b)/i.test(c));
  return `${opening}${notes.map((n) => ` (${n})`).join('')}`;
}

/**
 * "500 (mm²)", "6 (kWh); …": a number with its unit in brackets, the unit the answer is in but not needed, read as
 * "500 mm² (units not required)"; "298 K (accept 298.15).": the key's closing full stop is no part of it.
 */
export function unitInBrackets(key: string, stop = true): string {
  const stopped = stop ? key.trim().replace(/(?<=[^.\d])\.$/, '') : key;
  const m = /^([-−]?\d[\d.,]*(?:\s\d{3})*)\s*\(\s*([^()\d]+?)\s*\)(.*)$/s.exec(stopped);
  if (!m || !isUnit(m[2]!) || /\b(?:accept|allow|or)\b/i.test(m[2]!)) return stopped;
  return `${m[1]} ${m[2]} (units not required)${m[3]}`;
}

/**
 * "5y(2y − 3) = 2. Partial factorisation 5(2y² − 3y) or y(10y − 15) = 1.", "3x(2x + 3) [2]; [1] for partial e.g. …":
 * the item's whole marks after its answer, then the marks for less, read as "5y(2y − 3) (1 for partial factorisation
 * 5(2y² − 3y) or y(10y − 15))". Null when the key is not so written.
 */
function marksAsNotes(key: string, possible: number): string | null {
  const parts = key
    .trim()
    .replace(/\.$/, '')
    .split(/\s*;\s*|(?<=\S)\.\s+(?=[A-Z([])/);
  if (parts.length < 2 || possible < 2) return null;
  const whole = /^(.*?)\s*(?:=\s*(\d)|[([]\s*(\d)\s*(?:marks?)?\s*[)\]])$/.exec(parts[0]!);
  if (!whole || Number(whole[2] ?? whole[3]) !== possible) return null;
  const head = whole[1]!.trim();
  if (!MATHS.test(head) || /\p{L}{3,}/u.test(head) || !/[a-zA-Z]/.test(head)) return null;
  const notes: string[] = [];
  for (const c of parts.slice(1)) {
    const before = /^[([]\s*(\d)\s*(?:marks?)?\s*[)\]]\s*(?:for\s+)?(.+)$/i.exec(c);
    const after = /^(\p{L}.*?)\s*=\s*(\d)$/u.exec(c);
    const m = before ? { n: before[1]!, what: before[2]! } : after ? { n: after[2]!, what: after[1]! } : null;
    if (!m || Number(m.n) >= possible) return null;
    notes.push(`${m.n} for ${m.what.replace(/^(partial(?:\s+factori[sz]ation)?)\s+(?!e\.?g\b)/i, '$1 e.g. ')}`);
  }
  return `${head} (${notes.join('; ')})`;
}

/** A sentence of a key that rules on a lesser answer: "Decimal only = half.", "Unrounded 96.6 loses the answer half.", "11% = not rounded as asked." */
const LESSER_ANSWER =
  /=\s*(?:half|½|0\.5)\b|\bloses?\s+(?:the\s+|a\s+|one\s+|its\s+)?(?:\w+\s+)?(?:half|½|marks?|points?|pts?)\b|=\s*not\b|\b(?:gets?|earns?|scores?)\s+(?:half|½)\b/i;

/** "1 pt for taking out the GCF, 1 pt for the difference of squares": how the item's total splits, each part named. */
function splitOfTotal(sentence: string, possible: number): boolean {
  const parts = [...sentence.matchAll(/(?:^|[,;]\s*|\band\s+)(\d)\s*(?:pts?|points?|marks?)?\s+(?:each\s+)?for\s+([^,;]*)/gi)];
  // Each part a step in words ("taking out the GCF"), not a value or unit of the answer ("1 for 24; 1 for cm²").
  return (
    parts.length >= 2 &&
    parts.reduce((sum, m) => sum + Number(m[1]), 0) === possible &&
    /^\s*\d/.test(sentence) &&
    parts.every((m) => (m[2]!.match(/\p{L}{3,}/gu) ?? []).length >= 2)
  );
}

/**
 * "2 pts: 1 for 60, 1 for km/h", "37.5% (fine). Decimal only = half.": the marks the item is worth, written before the
 * key, and the sentences after it that rule on lesser answers (which the policy and the checker's own rules decide), are
 * no part of the answer: the key without them. A total that is not the item's marks is left as written.
 */
export function withoutMarkingAsides(key: string, possible: number): string {
  // "CO₂ (CO2 fine)", "3 g/cm³ (g/mL OK)": a wording the key takes, as "(accept …)".
  let out = key
    .trim()
    .replace(/\(\s*([^()±=;]+?)\s+(?:(?:is|are)\s+)?(?:also\s+)?(?:fine|ok|okay)\s*\)/gi, (m, what: string) =>
      /^(?:accept|allow)\b/i.test(what) ? m : `(accept ${what})`,
    );
  // "✓ 15 ✓ m/s": a tick before each part that earns a mark, as the scheme's lines ("B1 15 ⏎ B1 m/s"); one tick, none.
  const ticks = out.split(/\s*✓\s*/).filter(Boolean);
  if (/^\s*✓/.test(out) && ticks.length === possible && ticks.length >= 2) return ticks.map((t) => `B1 ${t.trim()}`).join('\n');
  if (/^\s*✓/.test(out) && ticks.length === 1 && possible === 1) out = ticks[0]!.trim();
  // "(1) 50/250 × 100 (1) 20%": each step after its mark, as the steps with their marks after them.
  const before = out.split(/\s*\((\d)\)\s*/);
  if (before.length >= 5 && before[0] === '' && before.filter((_, i) => i % 2 === 1).reduce((a, n) => a + Number(n), 0) === possible) {
    const steps: string[] = [];
    for (let i = 1; i + 1 < before.length; i += 2) steps.push(`${before[i + 1]!.trim()} (${before[i]})`);
    if (steps.every((st) => /^\S/.test(st))) return steps.join('; ');
  }
  // "CH4 + 2O2 → CO2 + 2H2O (1) correct formulae (1) balanced": what each mark is for, after the answer, as its note.
  const what = /^(.*?\S)\s*\((\d)\)\s*([a-z][^()]*?)\s*\((\d)\)\s*([a-z][^()]*?)\s*$/i.exec(out);
  if (what && Number(what[2]) + Number(what[4]) === possible && /[→=]/.test(what[1]!))
    return `${what[1]} (${what[2]} ${what[3]}, ${what[4]} ${what[5]})`;
  const total = /^(\d+)\s*(?:pts?|points?|marks?)\s*[:—–]\s*(?=\S)/i.exec(out);
  if (total && Number(total[1]) === possible) out = out.slice(total[0].length);
  // "x = 7, y = 3 — 1 pt each": the marks of each value, as the reader of values writes them ("; 1 each").
  out = out.replace(/\s*(?:[—–]|-\s|,)\s*(\d)\s*(?:pts?|points?|marks?)\s+each\.?$/i, '; $1 each');
  const sentences = out.split(/(?<=[^\s.\d]|\d(?=\.\s+[A-Za-z]))\.\s+(?=[A-Z0-9])/);
  while (
    sentences.length > 1 &&
    (LESSER_ANSWER.test(sentences[sentences.length - 1]!) || splitOfTotal(sentences[sentences.length - 1]!, possible))
  )
    sentences.pop();
  // "1 for 60, 1 for km/h (kph fine)": the item's marks, each for a part named after it, as the scheme's lines.
  const counted =
    /^(\d)\s*(?:pts?|points?|marks?)?\s+for\s+([^,;()]+?)\s*[,;]\s*(?:and\s+)?(\d)\s*(?:pts?|points?|marks?)?\s+for\s+(.+?)\.?$/i.exec(
      sentences.length === 1 ? sentences[0]!.trim() : '',
    );
  if (
    counted &&
    Number(counted[1]) + Number(counted[3]) === possible &&
    readQuantity(counted[2]!) &&
    isUnit(counted[4]!.replace(/\s*\([^()]*\)\s*$/, ''))
  )
    return `B${counted[1]} ${counted[2]}\nB${counted[3]} ${counted[4]}`;
  // "(x + 2)(x + 3), either order": the order of the factors or values is free, as the readers of them take it anyway.
  return sentences.join('. ').replace(/(?:,\s*|\s*\(\s*(?=[^()]*\)\.?$))(?:in\s+)?(?:either|any)\s+order\s*\)?\.?$/i, '');
}
