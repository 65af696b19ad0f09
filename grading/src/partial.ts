import { equivalent, readExpression } from './algebra';
import { normaliseMaths } from './quantity';
import { keyNotes, type SchemeMark } from './scheme';

/**
 * A mark the key's own notes give for part of an algebraic answer, checked as the note states it:
 * "B1 for (x + a)(x + b) with ab = 12 or a + b = 7", "B1 for two of the three parts correct" (a monomial's
 * coefficient and powers), "B1 for a = 3" (the form (x + a)² + b), "M1 for r² = A/π" (a step written down),
 * "M1 for four terms with at least three correct". Null when no note applies or the answer does not earn it.
 */
export function schemePartial(
  question: string,
  rawKey: string,
  response: string,
  possible: number,
): { points: number; what: string } | null {
  const notes = keyNotes(rawKey);
  const flat = normaliseMaths(response)
    .replace(/\s+/g, '')
    .replace(/\^\((\d+)\)/g, '^$1');
  // Each B or M mark with all it is for, brackets included ("B1 for (x + a)(x + b) with ab = 12").
  for (const note of notes.notes)
    for (const m of note.matchAll(/\b([BM])(\d)\b\s*(?:for\s+)?(.*?)(?=;|\s*\b[MAB]\d\b|$)/g)) {
      const mark: SchemeMark = { code: m[1] as SchemeMark['code'], marks: Number(m[2]), what: m[3]!.trim() };
      if (mark.marks >= possible || !mark.what) continue;
      if (earns(mark, question, notes.text, response, flat))
        return { points: mark.marks, what: `${mark.code}${mark.marks} for ${mark.what}` };
    }
  return null;
}

const WORD_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const count = (w: string) => WORD_NUMBERS[w.toLowerCase()] ?? Number(w);

function earns(mark: SchemeMark, question: string, key: string, response: string, flat: string): boolean {
  const what = normaliseMaths(mark.what);
  // (x + a)(x + b) with ab = N or a + b = M.
  const product = /\bab\s*=\s*(-?\d+)/.exec(what);
  const sum = /\ba\s*\+\s*b\s*=\s*(-?\d+)/.exec(what);
  if (product || sum) {
    const pair = /^\(([a-z])([+-]\d+)\)\(\1([+-]\d+)\)$/.exec(flat);
    if (!pair) return false;
    const [a, b] = [Number(pair[2]), Number(pair[3])];
    return (product !== null && a * b === Number(product[1])) || (sum !== null && a + b === Number(sum[1]));
  }
  // Two of the three parts of a monomial (its coefficient and each letter's power).
  const parts = /\b(\w+) of the (\w+) parts\b/i.exec(what);
  if (parts) {
    const [want, got] = [
      monomial(
        normaliseMaths(key)
          .replace(/\s+/g, '')
          .replace(/\^\((\d+)\)/g, '^$1'),
      ),
      monomial(flat),
    ];
    if (!want || !got) return false;
    const names = new Set([...want.powers.keys(), ...got.powers.keys()]);
    if (names.size + 1 !== count(parts[2]!)) return false;
    let right = want.coefficient === got.coefficient ? 1 : 0;
    for (const n of names) if ((want.powers.get(n) ?? 0) === (got.powers.get(n) ?? 0) && want.powers.has(n)) right++;
    return right >= count(parts[1]!) && right < names.size + 1;
  }
  // "a = 3" where the question asks for the form (x + a)² + b: the number in the squared bracket.
  const letter = /^([a-z])\s*=\s*(-?\d+(?:\.\d+)?)$/.exec(what.trim());
  if (letter && new RegExp(`\\(\\s*[a-z]\\s*[+-]\\s*${letter[1]}\\s*\\)`).test(normaliseMaths(question))) {
    const bracket = /^\([a-z]([+-]\d+(?:\.\d+)?)\)\^2/.exec(flat);
    return bracket !== null && Number(bracket[1]) === Number(letter[2]);
  }
  // N terms with at least K correct, e.g. <example>: the terms of an expansion before collecting.
  const terms = /\b(\w+) terms with at least (\w+) correct\b.*?\be\.?g\.?,?\s*(.+)$/i.exec(what);
  if (terms) {
    const example = termList(terms[3]!);
    const given = termList(response);
    if (!example || !given || given.length !== count(terms[1]!)) return false;
    const left = [...example];
    let right = 0;
    for (const t of given) {
      const i = left.indexOf(t);
      if (i >= 0) {
        right++;
        left.splice(i, 1);
      }
    }
    return right >= count(terms[2]!);
  }
  // "1 for one correct bracket": a factor of the key's among the answer's brackets; a root the answer gives ("x = −2")
  // stands for its bracket (x + 2).
  if (/\bone correct (?:bracket|factor)\b/i.test(what)) {
    const brackets = (t: string) =>
      [...normaliseMaths(t).matchAll(/\(([^()]+)\)/g)].map((b) => readExpression(b[1]!)).filter((e) => e !== null);
    const want = brackets(key);
    const got = brackets(response);
    for (const root of normaliseMaths(response).matchAll(/\b([a-z])\s*=\s*(-?\d+(?:\.\d+)?)(?![\d.]|\s*[a-z(])/g)) {
      const e = readExpression(`${root[1]} - (${root[2]})`);
      if (e) got.push(e);
    }
    const vars = [...new Set([...want, ...got].flatMap((e) => e.variables))];
    return want.length >= 2 && want.some((w) => got.some((g) => equivalent(w.node, g.node, vars) === true));
  }
  // A step written down: an equation of the note among the answer's statements.
  const step = /^([^=]+)=([^=]+)$/.exec(what.trim());
  if (step) {
    const [l, r] = [readExpression(step[1]!), readExpression(step[2]!)];
    if (!l || !r) return false;
    for (const clause of normaliseMaths(response).split(/[,;\n]|\bso\b|\bthen\b/)) {
      const sides = clause.split('=');
      if (sides.length !== 2) continue;
      const [cl, cr] = [readExpression(sides[0]!), readExpression(sides[1]!)];
      if (!cl || !cr) continue;
      const vars = [...new Set([...l.variables, ...r.variables, ...cl.variables, ...cr.variables])].sort();
      if (equivalent(l.node, cl.node, vars) && equivalent(r.node, cr.node, vars)) return true;
      if (equivalent(l.node, cr.node, vars) && equivalent(r.node, cl.node, vars)) return true;
    }
  }
  return false;
}

/** 3a^2b → coefficient 3, powers {a: 2, b: 1}. */
function monomial(text: string): { coefficient: number; powers: Map<string, number> } | null {
  const m = /^(-?\d*)((?:[a-z](?:\^\d+)?)+)$/.exec(text);
  if (!m) return null;
  const powers = new Map<string, number>();
  for (const p of m[2]!.matchAll(/([a-z])(?:\^(\d+))?/g)) powers.set(p[1]!, (powers.get(p[1]!) ?? 0) + Number(p[2] ?? 1));
  return { coefficient: m[1] === '' ? 1 : m[1] === '-' ? -1 : Number(m[1]), powers };
}

/** "x² − 5x + 3x − 15" → ["+x^2", "-5x", "+3x", "-15"]; null when it is not a plain sum of terms. */
function termList(text: string): string[] | null {
  const flat = normaliseMaths(text)
    .replace(/\s+/g, '')
    .replace(/\^\((\d+)\)/g, '^$1')
    .replace(/[.)]+$/, '');
  if (!/^[-+]?[0-9a-z^]+(?:[-+][0-9a-z^]+)*$/.test(flat)) return null;
  return (flat.match(/[-+]?[0-9a-z^]+/g) ?? []).map((t) => (/^[-+]/.test(t) ? t : `+${t}`));
}
