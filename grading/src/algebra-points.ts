import { parse, type MathNode } from 'mathjs';
import type { CheckAnswerResult } from './check';
import { equivalent, isFactorised, readExpression } from './algebra';
import { showsWorking } from './numeric';
import { toQuarter } from './points';
import { normaliseMaths, readQuantity, sameValue } from './quantity';

/**
 * A key written as marking points, each with its mark: "(2x+3)(x−1) = 42 (M1); 2x² + x − 3 = 42 → 2x² + x − 45 = 0
 * (A1); (2x − 9)(x + 5) = 0, x = 4.5 (M1); length 12 cm (A1)". A point is earned by any of its statements in the
 * working: an equation the same as one of the point's (the same equation rearranged or multiplied out, checked by
 * value, not by wording), or its value. An accuracy mark earned implies the method marks before it, as schemes
 * say ("implied by a correct answer"). Working that matches no point may be an equivalent method: flagged.
 */
type Side = { node: MathNode; variables: string[]; product: boolean };
type Statement = { kind: 'equation'; left: Side; right: Side } | { kind: 'value'; value: number };
type Point = { code: string; marks: number; statements: Statement[]; text: string };

function side(raw: string): Side | null {
  const e = readExpression(raw);
  if (e) return { node: e.node, variables: e.variables, product: isFactorised(e.node) };
  const q = readQuantity(raw);
  return q && !q.unit ? { node: parse(String(q.value)), variables: [], product: false } : null;
}

/** "(2x+3)(x−1) = 42" an equation of two sides; "length = 12 cm", "12 cm" a value. */
function statement(raw: string): Statement | null {
  const text = raw.trim().replace(/[.]$/, '');
  const sides = text.split('=').map((x) => x.trim());
  const value = (x: string): Statement | null => {
    const m = /^(?:[a-z ]+\s)?(-?\d+(?:\.\d+)?)\s*(?:cm|mm|m|km|kg|g|s|cm²|m²)?$/i.exec(normaliseMaths(x).trim());
    return m ? { kind: 'value', value: Number(m[1]) } : null;
  };
  if (sides.length === 1) return value(sides[0]!);
  // "length = 2(4.5) + 3 = 12 cm": words, or a chain, ending in a value.
  const [first, last] = [sides[0]!, sides[sides.length - 1]!];
  if (!side(first) || sides.length > 2) {
    const v = value(last);
    if (v) return v;
  }
  const [l, r] = [side(first), side(last)];
  if (!l || !r || l.variables.length + r.variables.length === 0) return null;
  return { kind: 'equation', left: l, right: r };
}

function sameSide(a: Side, b: Side): boolean {
  if (a.product !== b.product) return false;
  const variables = [...new Set([...a.variables, ...b.variables])];
  if (variables.length) return equivalent(a.node, b.node, variables) === true;
  return sameValue(Number(a.node.evaluate()), Number(b.node.evaluate()), 9);
}

/**
 * The same statement: a value the same, or an equation whose sides are the same expressions in the same form (a
 * product for a product, a sum for a sum), either way round: "2x² − 2x + 3x − 3 = 42" is the key's 2x² + x − 3 = 42,
 * not its (2x + 3)(x − 1) = 42, which is another step.
 */
function sameEquation(a: Statement, b: Statement): boolean {
  if (a.kind === 'value' || b.kind === 'value') return a.kind === 'value' && b.kind === 'value' && sameValue(a.value, b.value, 6);
  try {
    return (sameSide(a.left, b.left) && sameSide(a.right, b.right)) || (sameSide(a.left, b.right) && sameSide(a.right, b.left));
  } catch {
    return false;
  }
}

function points(key: string): Point[] | null {
  const parts = key
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return null;
  const out: Point[] = [];
  for (const part of parts) {
    const m = /^(.*?)\s*\(([MABP])(\d)\)\s*$/.exec(part);
    if (!m) return null;
    const statements = m[1]!
      .split(/→|->|⇒|,|\bso\b/)
      .map((s) => statement(s))
      .filter((s): s is Statement => s !== null);
    if (statements.length === 0) return null;
    out.push({ code: m[2]!, marks: Number(m[3]), statements, text: m[1]!.trim() });
  }
  return out.some((p) => p.statements.some((s) => s.kind === 'equation')) ? out : null;
}

export function checkSchemePoints(key: string, response: string, possible: number): CheckAnswerResult | null {
  const scheme = points(key);
  if (!scheme || scheme.reduce((s, p) => s + p.marks, 0) !== possible) return null;
  const said = normaliseMaths(response)
    .split(/;|,|\n|\bso\b|\btherefore\b|\bthen\b|→|->|⇒/i)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => ({ text: s, st: statement(s) }));
  const earned = scheme.map((p) => said.some((s) => s.st && p.statements.some((w) => sameEquation(w, s.st!))));
  // An accuracy mark earned implies the method marks before it.
  const last = earned.lastIndexOf(true);
  const credited = scheme.map((p, i) => earned[i] || (i < last && (p.code === 'M' || p.code === 'P')));
  const total = scheme.reduce((s, p, i) => s + (credited[i] ? p.marks : 0), 0);
  const unmatched = said.filter((s) => !s.st || !scheme.some((p) => p.statements.some((w) => sameEquation(w, s.st!))));
  const missing = scheme.filter((_, i) => !credited[i]).map((p) => p.text);
  // Working that matches no point may be an equivalent method; a bare final value ("x = -5") shows no method at all.
  const unsure = unmatched.length > 0 && (said.length > 1 || showsWorking(response));
  return {
    pointsPossible: possible,
    method: 'numeric',
    pointsObtained: toQuarter(total, possible),
    matched: scheme.filter((_, i) => credited[i]).map((p) => p.text),
    missing,
    confident: !unsure,
    ...(unsure ? { reason: 'Working that matches no marking point of the key: it may be an equivalent method' } : {}),
    feedback:
      total === possible
        ? 'Correct: every step of the mark scheme is there.'
        : `${total > 0 ? `Partly correct (${total} of ${possible} marks).` : 'Not correct.'} Still needed: ${missing.join('; ')}.`,
  };
}
