import { parse, rationalize, type MathNode } from 'mathjs';
import { equivalent, readExpression } from './algebra';
import { normaliseMaths, readQuantity } from './quantity';
import { keyNotes } from './scheme';

/**
 * Method marks for a wrong algebraic answer, by the principles mark schemes share (GCSE and the like), whatever the
 * question: a correct step written down (an equation equivalent to the one to rearrange, not yet solved for the
 * subject), the right coefficient of a linear sequence's nth term, the parts of a monomial, the parameters of a
 * completed square, an expansion with every term but one right. Each returns the marks it is sure of, or a share
 * with a reason for a teacher to confirm (teachers differ), or null when nothing is due.
 */
export type Method = { points: number; confident: boolean; reason?: string; feedback: string };

const SAMPLE_VALUES = [1.37, 2.73, 0.61, 3.19, 1.91, 4.42];

/** "Make r the subject of A = πr²." → the formula A = πr² and the subject r; null when the question is no rearrangement. */
export function rearrangement(question: string): { lhs: string; rhs: string; subject: string } | null {
  const subject =
    /\bmake\s+([a-z])\s+the\s+subject\b/i.exec(question)?.[1] ??
    /\b(?:rearrange|transpose|solve)\b.*?\bfor\s+([a-z])\b/i.exec(question)?.[1] ??
    /\bsubject\s+(?:of\s+the\s+formula\s+)?(?:to\s+)?([a-z])\b/i.exec(question)?.[1];
  if (!subject) return null;
  const m = /([^=]*)=([^=]*)$/.exec(question.replace(/\s+(?:to make|for)\s+[a-z]\b.*$/i, ''));
  if (!m) return null;
  // The maths on each side of '=': the words before it and the full stop after it are the question's.
  const lhs = m[1]!
    .split(/\b(?!(?:sqrt|sin|cos|tan|log)\b)[a-z]{2,}\b|[:,]/i)
    .pop()!
    .trim();
  const rhs = m[2]!.replace(/[.?]\s*$/, '').trim();
  if (!readExpression(lhs) && !/^[a-z]$/i.test(lhs)) return null;
  return { lhs, rhs, subject };
}

/** Values of the variables where the key's subject is defined: the subject from the key, the rest from the samples. */
function points(keyExpr: MathNode, subject: string, others: string[]): Record<string, number>[] {
  const f = keyExpr.compile();
  const out: Record<string, number>[] = [];
  for (let i = 0; i < SAMPLE_VALUES.length; i++) {
    const scope: Record<string, number> = Object.fromEntries(
      others.map((v, k) => [v, SAMPLE_VALUES[(i + k) % SAMPLE_VALUES.length]! + k * 0.13]),
    );
    try {
      const x = f.evaluate(scope);
      if (typeof x === 'number' && Number.isFinite(x)) out.push({ ...scope, [subject]: x });
    } catch {
      // undefined at this point: the others decide
    }
  }
  return out;
}

/** Whether an equation "L = R" holds at every point (null when it cannot be evaluated at three). */
function holds(lhs: MathNode, rhs: MathNode, at: Record<string, number>[]): boolean | null {
  let n = 0;
  for (const scope of at) {
    try {
      const [a, b] = [lhs.compile().evaluate(scope), rhs.compile().evaluate(scope)];
      if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) continue;
      if (Math.abs(a - b) > 1e-7 * Math.max(1, Math.abs(a), Math.abs(b))) return false;
      n++;
    } catch {
      return null;
    }
  }
  return n >= 3 ? true : null;
}

const flat = (s: string) => normaliseMaths(s).replace(/[\s*]/g, '').toLowerCase();
const read = (s: string) => (/^\s*[a-z]\s*$/i.test(s) ? { node: parse(s.trim()), variables: [s.trim()] } : readExpression(s));

/**
 * "Make r the subject": a wrong answer that is a correct step (r² = A/π, at = v − u) earns the method mark, as schemes
 * give it; a wrong answer with the subject alone and the key's letters (r = A/π, t = v − u/a) may earn it: flagged.
 */
export function rearrangementMethod(question: string, keyExpr: string, response: string, possible: number): Method | null {
  if (possible < 2) return null;
  const formula = rearrangement(question);
  if (!formula) return null;
  const want = readExpression(keyExpr);
  if (!want) return null;
  const others = want.variables.filter((v) => v !== formula.subject);
  const at = points(want.node, formula.subject, others);
  if (at.length < 3) return null;
  const clauses = normaliseMaths(response)
    .split(/;|,|\bso\b|\btherefore\b|\bthen\b|\n/i)
    .map((c) => c.trim())
    .filter((c) => c.split('=').length === 2);
  const last = clauses[clauses.length - 1];
  if (!last) return null;
  const [l, r] = last.split('=').map((s) => s.trim()) as [string, string];
  const [ln, rn] = [read(l), read(r)];
  if (!ln || !rn) return null;
  const restated = flat(l) === flat(formula.lhs) && flat(r) === flat(formula.rhs);
  const alone = (s: string) => s.trim() === formula.subject;
  if (!restated && !alone(l) && !alone(r) && holds(ln.node, rn.node, at) === true) {
    return {
      points: possible - 1,
      confident: true,
      feedback: `Partly correct: ${last} is a correct step, but ${formula.subject} is not yet the subject. Keep going until ${formula.subject} is on its own: ${formula.subject} = ${keyExpr}.`,
    };
  }
  const expr = alone(l) ? rn : alone(r) ? ln : null;
  const exprText = alone(l) ? r : l;
  if (expr && (bracketSlip(exprText, want.node, want.variables) || stepShort(formula, expr.node, at))) {
    return {
      points: 1,
      confident: false,
      reason: 'A rearrangement with a slip in the last steps: a method mark may be due',
      feedback: `Not quite: ${last} is not the same as ${formula.subject} = ${keyExpr}. Check each step of the rearrangement (brackets and the inverse operations).`,
    };
  }
  return null;
}

/**
 * "v − u/a" for (v − u)/a, "√A/π" for √(A/π): the answer with one pair of brackets put in is the key, a slip in
 * writing a right rearrangement.
 */
function bracketSlip(text: string, want: MathNode, variables: string[]): boolean {
  const t = normaliseMaths(text.replace(/√\s*([A-Za-z])/g, 'sqrt($1)')).replace(/\s+/g, '');
  if (t.length > 24) return false;
  for (let i = 0; i < t.length; i++)
    for (let j = i + 2; j <= t.length; j++) {
      const variant = readExpression(`${t.slice(0, i)}(${t.slice(i, j)})${t.slice(j)}`);
      if (variant && variant.variables.every((v) => variables.includes(v)) && equivalent(want, variant.node, variables) === true)
        return true;
    }
  return false;
}

/**
 * "r = A/π" where r² = A/π is a correct step: the subject written for a part of the formula holding it (r for r², t for
 * at), the last step left out.
 */
function stepShort(formula: { lhs: string; rhs: string; subject: string }, expr: MathNode, at: Record<string, number>[]): boolean {
  const parts: MathNode[] = [];
  for (const side of [formula.lhs, formula.rhs]) {
    const e = read(side);
    if (!e) continue;
    e.node.traverse((n) => {
      if (n.type === 'SymbolNode') return;
      if (n.filter((c) => c.type === 'SymbolNode' && (c as unknown as { name: string }).name === formula.subject).length) parts.push(n);
    });
  }
  return parts.some((part) => holds(part, expr, at) === true);
}

const linear = (node: MathNode, variable: string): { a: number; b: number } | null => {
  try {
    const f = node.compile();
    const at = (x: number) => Number(f.evaluate({ [variable]: x }));
    const [y0, y1, y2] = [at(0), at(1), at(2.5)];
    if (![y0, y1, y2].every(Number.isFinite)) return null;
    const a = y1 - y0;
    if (Math.abs(y2 - (y0 + 2.5 * a)) > 1e-9) return null;
    return { a, b: y0 };
  } catch {
    return null;
  }
};

/**
 * "Find the nth term": 3n + 5 or 3n for 3n + 2 has the common difference right, the schemes' first mark (B1 for 3n + k):
 * of two marks or more, all but one.
 */
export function linearMethod(
  question: string,
  want: MathNode,
  got: MathNode,
  wantVars: string[],
  gotVars: string[],
  possible: number,
): Method | null {
  if (possible < 2 || wantVars.length !== 1 || gotVars.length !== 1 || wantVars[0] !== gotVars[0]) return null;
  const [w, g] = [linear(want, wantVars[0]!), linear(got, wantVars[0]!)];
  if (!w || !g || w.a === 0 || Math.abs(w.a - g.a) > 1e-9 || Math.abs(w.b - g.b) < 1e-9) return null;
  // Only a sequence's term: elsewhere ("simplify", "make y the subject") a wrong constant is a wrong answer.
  if (!/\bnth\b|\bn-th\b|\bgeneral term\b|\bposition[- ]to[- ]term\b|\bsequence\b/i.test(question)) return null;
  return {
    points: possible - 1,
    confident: true,
    feedback: `Partly correct: the ${wantVars[0]} term is right (it goes up by ${fmt(w.a)} each time), but the number added is not: the answer is ${fmtLinear(w, wantVars[0]!)}.`,
  };
}

const fmt = (x: number) => String(Math.round(x * 1e9) / 1e9);
const fmtLinear = (l: { a: number; b: number }, v: string) => `${fmt(l.a)}${v} ${l.b < 0 ? '−' : '+'} ${fmt(Math.abs(l.b))}`;

/** "16x^12" → coefficient 16, powers {x: 12}; null when it is no single term. */
function monomial(text: string): { coefficient: number; powers: Map<string, number> } | null {
  const t = normaliseMaths(text)
    .replace(/[\s*]/g, '')
    .replace(/\^\((\d+)\)/g, '^$1');
  const m = /^(-?\d*(?:\.\d+)?)((?:[a-z](?:\^\d+)?)+)$/.exec(t);
  if (!m) return null;
  const powers = new Map<string, number>();
  for (const p of m[2]!.matchAll(/([a-z])(?:\^(\d+))?/g)) powers.set(p[1]!, (powers.get(p[1]!) ?? 0) + Number(p[2] ?? 1));
  return { coefficient: m[1] === '' ? 1 : m[1] === '-' ? -1 : Number(m[1]), powers };
}

/**
 * "Simplify (2x³)⁴" answered 8x¹² or 16x⁷: a single term whose coefficient or a power is right earns that part's mark,
 * one mark a part where the marks are as many as the parts (sure), a share otherwise (flagged).
 */
export function monomialMethod(keyText: string, response: string, possible: number): Method | null {
  if (possible < 2) return null;
  const [want, got] = [monomial(keyText), monomial(response)];
  if (!want || !got) return null;
  const names = new Set([...want.powers.keys(), ...got.powers.keys()]);
  if (names.size !== want.powers.size) return null;
  const total = names.size + 1;
  let right = want.coefficient === got.coefficient ? 1 : 0;
  for (const n of names) if (want.powers.get(n) === got.powers.get(n)) right++;
  if (right === 0 || right === total) return null;
  const sure = total === possible;
  const points = Math.floor((possible * right) / total);
  if (points === 0) return null;
  return {
    points,
    confident: sure,
    ...(sure ? {} : { reason: 'Part of a single term right: a share of the marks may be due' }),
    feedback: `Partly correct: ${right} of the ${total} parts of ${keyText} (the number and the powers) are right. Check the ${
      want.coefficient === got.coefficient ? 'powers: powers of powers multiply' : 'number in front: it is raised to the power too'
    }.`,
  };
}

/** "(x + 3)² − 7" → p 3, q −7; null when it is not that form. */
function completedSquare(text: string): { v: string; p: number; q: number } | null {
  const t = normaliseMaths(text)
    .replace(/\s+/g, '')
    .replace(/\^\((\d+)\)/g, '^$1');
  const m = /^\(([a-z])([+-]\d+(?:\.\d+)?)\)\^2([+-]\d+(?:\.\d+)?)?$/.exec(t);
  return m ? { v: m[1]!, p: Number(m[2]), q: Number(m[3] ?? 0) } : null;
}

/** "Write … in the form (x + p)² + q": of two marks, one for each number right (the usual B1 p, B1 q). */
export function completedSquareMethod(question: string, keyText: string, response: string, possible: number): Method | null {
  if (possible !== 2 || !/\bin the form\b/i.test(question)) return null;
  const [want, got] = [completedSquare(keyText), completedSquare(response)];
  if (!want || !got || want.v !== got.v) return null;
  const right = (want.p === got.p ? 1 : 0) + (want.q === got.q ? 1 : 0);
  if (right !== 1) return null;
  return {
    points: 1,
    confident: true,
    feedback: `Partly correct: ${want.p === got.p ? `the number in the bracket is right, but the number after it is not` : `the number after the bracket is right, but the one in it is not`}: the answer is ${keyText}.`,
  };
}

/** "(x + 4)(x − 3)" → x, 4, −3; null when it is not two brackets of one letter each, the letter alone. */
function monicPair(text: string): { v: string; a: number; b: number } | null {
  const t = normaliseMaths(text).replace(/[\s*]/g, '');
  const m = /^\(([a-z])([+-]\d+)\)\(\1([+-]\d+)\)$/.exec(t);
  return m ? { v: m[1]!, a: Number(m[2]), b: Number(m[3]) } : null;
}

/**
 * "Factorise x² + x − 12" answered (x − 4)(x + 3): the right numbers with their signs swapped earn the method mark
 * (sure of two marks); (x + 6)(x − 2), whose numbers only multiply to the constant term (or only add to the coefficient
 * of x), earns it in some schemes (M1 for (x ± a)(x ± b) with ab = −12 or a + b = 1) and not in others: flagged.
 */
export function factorPairMethod(keyText: string, response: string, possible: number): Method | null {
  if (possible < 2) return null;
  const [want, got] = [monicPair(keyText), monicPair(response)];
  if (!want || !got || want.v !== got.v) return null;
  const product = got.a * got.b === want.a * want.b;
  const sum = got.a + got.b === want.a + want.b;
  if (!product && !sum) return null;
  // The right numbers with their signs swapped: the mark teachers agree on. Only a product or a sum right: teachers
  // differ (the method mark, or nothing), so nothing is given and a teacher decides.
  const swapped = product && Math.abs(got.a) + Math.abs(got.b) === Math.abs(want.a) + Math.abs(want.b);
  const sure = swapped && possible === 2;
  return {
    points: swapped ? 1 : 0,
    confident: sure,
    ...(sure ? {} : { reason: 'Brackets whose numbers multiply or add to the right values: a method mark may be due' }),
    feedback: `Partly correct: the numbers in your brackets ${product ? `multiply to ${want.a * want.b}` : `add to ${want.a + want.b}`}, but they must also ${product ? `add to ${want.a + want.b}` : `multiply to ${want.a * want.b}`}: the answer is ${keyText}.`,
  };
}

/** The terms of an expression as written, each with its sign. */
function signedTerms(node: MathNode, sign = 1): { node: MathNode; sign: number }[] {
  const u = node.type === 'ParenthesisNode' ? (node as unknown as { content: MathNode }).content : node;
  const op = u.type === 'OperatorNode' ? (u as unknown as { op: string; args: MathNode[] }) : null;
  if (op?.op === '+' && op.args.length === 2) return op.args.flatMap((a) => signedTerms(a, sign));
  if (op?.op === '-' && op.args.length === 2) return [...signedTerms(op.args[0]!, sign), ...signedTerms(op.args[1]!, -sign)];
  if (op?.op === '-' && op.args.length === 1) return signedTerms(op.args[0]!, -sign);
  return [{ node: u, sign }];
}

/** The expression's brackets multiplied out, each term's own, not collected: 3(2p − 5) − 2(p − 4) → 6p, −15, −2p, +8. */
export function expandedTerms(expr: MathNode): { node: MathNode; sign: number }[] | null {
  try {
    return signedTerms(expr).flatMap((t) => signedTerms(rationalize(t.node), t.sign));
  } catch {
    return null;
  }
}

const termValues = (t: { node: MathNode; sign: number }, variables: string[]) => {
  const f = t.node.compile();
  return SAMPLE_VALUES.slice(0, 3).map((x) => t.sign * Number(f.evaluate(Object.fromEntries(variables.map((v, k) => [v, x + k * 0.17])))));
};

/**
 * "Expand 3(2p − 5) − 2(p − 4)" answered "6p − 15 − 2p − 8 = 4p − 23": the expansion in the working has every term
 * but one right, the usual method mark; flagged, as schemes differ on it.
 */
export function expansionMethod(questionExpr: MathNode, response: string, possible: number): Method | null {
  if (possible < 2) return null;
  const sides = normaliseMaths(response).split('=');
  if (sides.length < 2) return null;
  const first = readExpression(sides[0]!);
  const want = expandedTerms(questionExpr);
  if (!first || !want) return null;
  const variables = [...new Set(first.variables)].sort();
  try {
    const wantV = want.map((t) => termValues(t, variables));
    const gotV = signedTerms(first.node).map((t) => termValues(t, variables));
    if ([...wantV, ...gotV].some((vs) => vs.some((v) => !Number.isFinite(v)))) return null;
    if (gotV.length !== wantV.length || wantV.length < 3) return null;
    const left = [...gotV];
    let matched = 0;
    for (const w of wantV) {
      const i = left.findIndex((g) => g.every((v, k) => Math.abs(v - w[k]!) < 1e-9 * Math.max(1, Math.abs(v))));
      if (i >= 0) {
        matched++;
        left.splice(i, 1);
      }
    }
    if (matched !== wantV.length - 1) return null;
  } catch {
    return null;
  }
  return {
    points: Math.floor(possible / 2),
    confident: false,
    reason: 'The expansion in the working has every term right but one: a method mark may be due',
    feedback: `Partly correct: your expansion ${sides[0]!.trim()} has every term right but one. Check the signs when you multiply a bracket by a negative number.`,
  };
}

/** Whether an expression equals another for the given variables (a re-export for the checks here). */
export const sameValue = (a: MathNode, b: MathNode, variables: string[]) => equivalent(a, b, variables) === true;

/**
 * "Find the value of 3a² − 2b when a = −2 and b = 5" answered −22: the negative number put in without brackets
 * (3 × −2² = −12), the classic slip of a right substitution. Of two marks or more, the method mark, flagged (schemes
 * differ on whether the substitution alone earns it). Null otherwise.
 */
export function substitutionSlip(question: string, key: string, response: string, possible: number): Method | null {
  // The key's own method note decides where it has one ("M1 for 8 − 12").
  if (possible < 2 || keyNotes(key).marks.length > 0) return null;
  const m = /\b(?:value of|evaluate|work out|find|calculate)\s+(.+?)\s*,?\s+(?:when|if|where|given that)\s+(.+?)\.?$/i.exec(
    question.trim(),
  );
  if (!m) return null;
  const values = [...normaliseMaths(m[2]!).matchAll(/\b([a-z])\s*=\s*(-?\d+(?:\.\d+)?)/gi)].map((v) => [v[1]!, Number(v[2])] as const);
  if (!values.some(([, v]) => v < 0)) return null;
  const expr = readExpression(m[1]!.replace(/^the\s+value\s+of\s+/i, ''));
  const want = readQuantity(key);
  const got = readQuantity(normaliseMaths(response).split('=').pop()!.trim());
  if (!expr || !want || !got || want.unit || got.unit) return null;
  if (!expr.variables.every((v) => values.some(([n]) => n === v))) return null;
  let slipped: number;
  try {
    // The expression as mathjs reads it, each letter replaced by its number as written, without brackets.
    const text = expr.node.toString().replace(/\b([a-z])\b/gi, (l: string) => {
      const v = values.find(([n]) => n === l);
      return v ? String(v[1]) : l;
    });
    slipped = Number(parse(text).evaluate());
  } catch {
    return null;
  }
  if (!Number.isFinite(slipped) || Math.abs(slipped - want.value) < 1e-9 || Math.abs(slipped - got.value) > 1e-9) return null;
  return {
    points: 1,
    confident: false,
    reason: 'A negative number substituted without brackets: a method mark may be due',
    feedback: `Not quite: ${fmt(got.value)} comes from putting the negative number in without brackets. A negative number squared is positive: the answer is ${key.trim()}.`,
  };
}

/** "Write … in the form a(x + b)² + c." → "a(x + b)² + c"; null when the question names no form. */
export function formTemplate(question: string): string | null {
  const m = /\bin the form\s+(.+?)\s*[.?]?\s*$/i.exec(question.trim());
  return m ? m[1]!.replace(/^y\s*=\s*/i, '').trim() : null;
}

const flatForm = (s: string) =>
  normaliseMaths(s)
    .replace(/[\s*]/g, '')
    .replace(/\^\((-?\d+)\)/g, '^$1');

/**
 * The numbers an expression gives the letters of the form it is written in: "3(x + 2)² − 7" in the form a(x + b)² + c →
 * a 3, b 2, c −7. The form's letters are those not in the expression's own (`variables`). Null when it is not in that form.
 */
export function formLetters(template: string, variables: string[], expression: string): Map<string, number> | null {
  const t = flatForm(template);
  const letters: string[] = [];
  const signs: number[] = [];
  let pattern = '';
  for (const c of t) {
    if (/[a-z]/i.test(c) && !variables.includes(c)) {
      const before = pattern.slice(-2);
      if (before === '\\+' || before === '\\-') {
        signs.push(before === '\\-' ? -1 : 1);
        pattern = `${pattern.slice(0, -2)}([+-]\\d+(?:\\.\\d+)?)`;
      } else {
        signs.push(0);
        pattern += '([+-]?\\d*(?:\\.\\d+)?)';
      }
      letters.push(c);
    } else pattern += c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  if (letters.length === 0) return null;
  const m = new RegExp(`^${pattern}$`).exec(flatForm(expression));
  if (!m) return null;
  const values = new Map<string, number>();
  letters.forEach((l, i) => {
    const raw = m[i + 1]!;
    const n = raw === '' || raw === '+' ? 1 : raw === '-' ? -1 : Number(raw);
    values.set(l, signs[i] === -1 ? -n : n);
  });
  return values;
}

/**
 * "a = 3, b = 2, c = −7" for "Write … in the form a(x + b)² + c": the form's letters given their numbers, written out in
 * the form ("3(x + 2)^2 + -7"); null when the answer does not give every letter of the form.
 */
export function formFromLetters(template: string, variables: string[], response: string): string | null {
  const given = new Map<string, string>();
  for (const m of normaliseMaths(response).matchAll(/\b([a-z])\s*=\s*(-?\d+(?:\.\d+)?)/gi)) given.set(m[1]!, m[2]!);
  const letters = [...new Set([...flatForm(template)].filter((c) => /[a-z]/i.test(c) && !variables.includes(c)))];
  if (letters.length === 0 || letters.some((l) => !given.has(l)) || given.size !== letters.length) return null;
  return flatForm(template).replace(/[a-z]/gi, (c) => (given.has(c) ? `(${given.get(c)})` : c));
}

/**
 * "B1 for a = 3 and b = 2; B1 for c = −7": notes that give marks for letters of the form asked, each earned where the
 * answer, read in that form, gives every letter it names its number. Null when no note is of that kind or none is earned.
 */
export function formLetterMarks(template: string, variables: string[], notes: string[], response: string, possible: number): Method | null {
  const values = formLetters(template, variables, response);
  if (!values) return null;
  let points = 0;
  let named = false;
  const earned: string[] = [];
  for (const note of notes.flatMap((n) => n.split(';'))) {
    const m = /^\s*[BM](\d)\s+for\s+(.+?)\s*$/.exec(normaliseMaths(note));
    if (!m) continue;
    const conditions = m[2]!.split(/\s*(?:,|\band\b)\s*/).map((c) => /^([a-z])\s*=\s*(-?\d+(?:\.\d+)?)$/i.exec(c.trim()));
    if (conditions.some((c) => !c || !values.has(c[1]!))) continue;
    named = true;
    if (conditions.every((c) => values.get(c![1]!) === Number(c![2]))) {
      points += Number(m[1]);
      earned.push(m[2]!);
    }
  }
  if (!named || points === 0 || points >= possible) return null;
  return {
    points,
    confident: true,
    feedback: `Partly correct (${points} of ${possible} marks): ${earned.join(' and ')} ${earned.length > 1 ? 'are' : 'is'} right, but not every number of the form is.`,
  };
}

/**
 * "Expand and simplify 3(2x − 4) − 2(x + 1)" answered 4x − 10, no working: the answer is the expansion with one term's
 * sign slipped (−2 × 1 as +2), then collected right: the other brackets were expanded right, which some schemes give
 * the method mark for and others not. Flagged, the method mark offered.
 */
export function expansionSignSlip(
  questionExpr: MathNode,
  got: MathNode,
  variables: string[],
  response: string,
  possible: number,
): Method | null {
  if (possible < 2 || /=/.test(response)) return null;
  const terms = expandedTerms(questionExpr);
  if (!terms || terms.length < 3) return null;
  const text = (ts: { node: MathNode; sign: number }[]) => ts.map((t) => `${t.sign < 0 ? '-' : '+'}(${t.node.toString()})`).join(' ');
  for (let i = 0; i < terms.length; i++) {
    const slipped = terms.map((t, k) => (k === i ? { ...t, sign: -t.sign } : t));
    try {
      if (sameValue(parse(text(slipped)), got, variables))
        return {
          points: Math.floor(possible / 2),
          confident: false,
          reason: 'The expansion with one sign slipped, then collected: a method mark may be due',
          feedback: `Not quite: your answer comes from expanding the brackets with one sign wrong. Check the signs when you multiply a bracket by a negative number.`,
        };
    } catch {
      return null;
    }
  }
  return null;
}
