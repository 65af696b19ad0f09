import { parse, rationalize, type MathNode } from 'mathjs';
import type { CheckAnswerResult } from './check';
import { checkNumeric, keyValues, moneyInPence } from './numeric';
import type { MarkingPolicy } from './policy';
import { schemeAsNotes, withoutWordNote } from './algebra-scheme';
import { toQuarter } from './points';
import { schemePartial } from './partial';
import { checkSchemePoints } from './algebra-points';
import {
  completedSquareMethod,
  expansionMethod,
  expansionSignSlip,
  factorPairMethod,
  formFromLetters,
  formLetterMarks,
  formTemplate,
  linearMethod,
  monomialMethod,
  rearrangementMethod,
  type Method,
} from './algebra-method';
import { keyNotes, methodMarks, schemeOf } from './scheme';
import { normaliseMaths, readQuantity, readUnit, sameValue } from './quantity';

/**
 * Algebraic answers: an expression or an equation with letters ("x^2 + 5x + 6", "(x + 2)(x + 3)", "y = 2x + 1"),
 * compared by value at sample points (mathjs parses and evaluates), and by form where the question asks for one:
 * "factorise" wants a product, "expand" a sum with no bracket left to multiply out, "simplify" nothing longer
 * than the key.
 */

export type Form = 'factorised' | 'expanded' | 'simplified' | 'any';

const ARITHMETIC = new Set(['add', 'subtract', 'multiply', 'divide', 'pow', 'unaryMinus', 'unaryPlus']);
const FUNCTIONS = new Set(['sqrt', 'sin', 'cos', 'tan', 'log', 'ln', 'exp', 'abs', 'pi', 'e']);
/** Names a run of letters must not be split from. */
const KNOWN =
  /^(?:sqrt|sin|cos|tan|log|ln|exp|abs|pi|and|or|so|to|of|is|are|the|for|per|if|in|at|by|on|as|an|it|be|we|no|not|and|but|cm|mm|km|kg|mg|ml|min|hrs?)$/i;

type Expression = { node: MathNode; variables: string[]; text: string };

/** "2x(x+3)" → 2*x*(x+3) for mathjs; LaTeX and unicode maths through normaliseMaths. */
function prepare(raw: string): string {
  return (
    // "√A/π": the root of the letter or number it stands before.
    normaliseMaths(raw.replace(/√\s*([A-Za-z]\b|[A-Za-z]?\d+(?:\.\d+)?[A-Za-z]?\b)/g, 'sqrt($1)'))
      .replace(/\bln\(/g, 'log(')
      .replace(/(\d)\s*([a-z(])/gi, '$1*$2')
      .replace(/\)\s*([a-z0-9(])/gi, ')*$1')
      // "ab", "abc": a run of letters that is no function's name is a product of single letters ("6ab(2a + 3b)").
      // Only beside a number or a bracket: "and", "or" between values stay words.
      .replace(/(?<=[\d)]\*)[a-z]{2,3}\b|\b[a-z]{2,3}(?=\s*[(^])/gi, (m) => (KNOWN.test(m) ? m : [...m].join('*')))
      .replace(/\b([a-z])\s*\(/gi, (m, v: string) => (FUNCTIONS.has(v) ? m : `${v}*(`))
      .replace(/\b([a-z])([a-z])\b/gi, (m, a: string, b: string) => (FUNCTIONS.has(m) ? m : `${a}*${b}`))
      .replace(/[.;]+$/, '')
      .trim()
  );
}

/** An expression in single-letter variables, or null when the text is words, a plain number or does not parse. */
export function readExpression(raw: string): Expression | null {
  const text = prepare(raw);
  if (!text || /[a-z]{2,}/i.test(text.replace(/sqrt|sin|cos|tan|log|exp|abs|pi/g, ''))) return null;
  let node: MathNode;
  try {
    node = parse(text);
  } catch {
    return null;
  }
  const variables = new Set<string>();
  let unsupported = false;
  node.traverse((n) => {
    if (n.type === 'SymbolNode') {
      const name = (n as unknown as { name: string }).name;
      const isFunctionName = FUNCTIONS.has(name);
      if (!isFunctionName && name.length === 1) variables.add(name);
      else if (!isFunctionName) unsupported = true;
    }
    if (n.type === 'AssignmentNode' || n.type === 'FunctionAssignmentNode' || n.type === 'AccessorNode') unsupported = true;
    // Comparisons and logic ("x > 3", "a and b") are not expressions to evaluate.
    if (n.type === 'OperatorNode' && !ARITHMETIC.has((n as unknown as { fn: string }).fn)) unsupported = true;
    if (
      n.type !== 'OperatorNode' &&
      n.type !== 'ParenthesisNode' &&
      n.type !== 'SymbolNode' &&
      n.type !== 'ConstantNode' &&
      n.type !== 'FunctionNode'
    )
      unsupported = true;
  });
  if (unsupported || variables.size === 0) return null;
  return { node, variables: [...variables].sort(), text: raw.trim() };
}

/** Split "y = 2x + 1" into its sides; the answer is the right side when the left is a lone variable. */
function answerSide(raw: string): { lhs?: string; rhs: string } {
  const parts = raw.split(/=/);
  if (parts.length !== 2) return { rhs: raw };
  return { lhs: parts[0]!.trim(), rhs: parts[1]!.trim() };
}

/** Deterministic sample points, away from 0 and 1 where different expressions often agree. */
const SAMPLES = [0.37, 1.73, -2.41, 3.14, -0.83, 2.29];

/** True or false by value at sample points; null when too few points could be compared (complex, undefined). */
export function equivalent(a: MathNode, b: MathNode, variables: string[]): boolean | null {
  const fa = a.compile();
  const fb = b.compile();
  let compared = 0;
  for (let i = 0; i < SAMPLES.length; i++) {
    const scope = Object.fromEntries(variables.map((v, k) => [v, SAMPLES[(i + k * 2) % SAMPLES.length]! + k * 0.11]));
    let x: unknown;
    let y: unknown;
    try {
      x = fa.evaluate(scope);
      y = fb.evaluate(scope);
    } catch {
      return null;
    }
    // A root or log of a negative sample is complex: that point says nothing, the others decide.
    if (typeof x !== 'number' || typeof y !== 'number') continue;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (Math.abs(x - y) > 1e-9 * Math.max(1, Math.abs(x), Math.abs(y))) return false;
    compared++;
  }
  return compared >= 3 ? true : null;
}

/** The form a question asks for, from its wording. */
export function formAsked(question: string): Form {
  const q = question.toLowerCase();
  if (/\bfactori[sz]e|\bfactor\b|\bfully factor/.test(q)) return 'factorised';
  if (/\bexpand|\bmultiply out\b|\bremove the brackets/.test(q)) return 'expanded';
  if (/\bsimplif|\bsimplest form\b/.test(q)) return 'simplified';
  return 'any';
}

const unwrap = (n: MathNode): MathNode => (n.type === 'ParenthesisNode' ? unwrap((n as unknown as { content: MathNode }).content) : n);
const isOp = (n: MathNode, ops: string[]) => {
  const u = unwrap(n);
  return u.type === 'OperatorNode' && ops.includes((u as unknown as { op: string }).op);
};
const argsOf = (n: MathNode): MathNode[] => (unwrap(n) as unknown as { args?: MathNode[] }).args ?? [];
const hasVariable = (n: MathNode) =>
  n.filter((c) => c.type === 'SymbolNode' && !FUNCTIONS.has((c as unknown as { name: string }).name)).length > 0;

/** A product (or power) of at least one bracket with a variable in it: "(x+2)(x+3)", "2(x+1)", "(x-1)^2", "x(x+4)". */
export function isFactorised(node: MathNode): boolean {
  const n = unwrap(node);
  if (isOp(n, ['-']) && argsOf(n).length === 1) return isFactorised(argsOf(n)[0]!);
  if (isOp(n, ['*'])) return argsOf(n).filter(hasVariable).length >= 1 && argsOf(n).some((a) => isOp(a, ['+', '-']) || isFactorised(a));
  if (isOp(n, ['^'])) return isOp(argsOf(n)[0]!, ['+', '-']);
  return false;
}

/** No bracket with a sum in it is multiplied or raised to a power: "x^2 + 5x + 6", not "(x+2)(x+3)" nor "x(x+1)". */
export function isExpanded(node: MathNode): boolean {
  let expanded = true;
  node.traverse((n) => {
    if (isOp(n, ['*', '/']) && argsOf(n).some((a) => isOp(a, ['+', '-']) && hasVariable(a))) expanded = false;
    if (isOp(n, ['^']) && isOp(argsOf(n)[0]!, ['+', '-'])) expanded = false;
  });
  return expanded;
}

/** Terms and factors written: a rough length to compare a "simplified" answer with the key's. */
function size(node: MathNode): number {
  return node.filter((n) => n.type === 'SymbolNode' || n.type === 'ConstantNode').length;
}

/**
 * Checks an algebraic response against an algebraic key. Null when the key is not algebra (words, a number,
 * a unit) so that the other checks take it.
 */
export function checkAlgebra(
  question: string,
  writtenKey: string,
  response: string,
  possible: number,
  policy: MarkingPolicy = {},
): CheckAnswerResult | null {
  // "20p (accept £0.20)" for a cost: money in pence, not the expression 20·p.
  if (moneyInPence(writtenKey, question)) return null;
  // "M1 2x − 6 = 10 ⏎ A1 x = 8": a scheme written as lines of marks, read as its answer with the marks as notes.
  const rawKey = schemeAsNotes(writtenKey);
  if (rawKey !== writtenKey) {
    const solved = solvedByLines(question, rawKey, response, possible, policy);
    if (solved) return solved;
  }
  const someRoots = partOfOneMark(question, rawKey, response, possible, policy);
  if (someRoots) return someRoots;
  // "(2x+3)(x−1) = 42 (M1); … (A1)": a key of marking points, each checked by value.
  const byPoints = checkSchemePoints(rawKey, response, possible);
  if (byPoints) return byPoints;
  const notes = keyNotes(rawKey);
  // "13/15 oe", "6x cao": the marker's abbreviations after the answer are no letters of it.
  const keyText = withoutWordNote(notes.text).replace(/(?:\s+(?:oe|o\.e\.|cao|c\.a\.o\.|ft|or equivalent))+\.?$/i, '');
  // "4(x + 2) or 4x + 8": one expression in two forms is the expression, either form accepted.
  const forms = keyText.split(/\s+or\s+/i);
  const twoForms = forms.length > 1 && equivalentForms(forms);
  const key = twoForms ? forms[0]!.trim() : keyText;
  // "6x + 6 (any equivalent)": the key accepts any form, whatever the question's wording.
  const formOf = (q: string): Form => (notes.anyEquivalent || twoForms ? 'any' : formAsked(q));
  const range = checkInequality(key, response, possible, methodMarks(schemeOf(rawKey, question)));
  if (range) return range;
  // "(a) 8 (b) 54": a key of labelled parts is values, not an expression in a and b.
  if (/^\s*\(?a\)\s*\S[^]*\(?b\)\s*\S/.test(key)) return null;
  const keyLast = lastClause(key);
  const keySide = answerSide(keyLast);
  // A lone letter ("B", "x") is a choice or a name far more often than an expression.
  // "P = VI", "V = IR": a formula of capitals is an expression too where the key defines a lone letter.
  const formula = /^[a-z]$/i.test(keySide.lhs?.trim() ?? '') && /^[a-z]{2,3}$/i.test(keySide.rhs.trim());
  if (!/[\d+\-*/^()]/.test(keySide.rhs) && !/^[a-z]{2,3}$/.test(keySide.rhs.trim()) && !formula) return null;
  // "ohm (Ω)": a key of words with a symbol in brackets is a name, not a product of letters.
  if (
    !/\d/.test(keySide.rhs) &&
    /(?:^|\s)(?!(?:sqrt|sin|cos|tan|log|exp|abs)\b)[a-z]{3,}\b/i.test(keySide.rhs) &&
    /[^\p{ASCII}]/u.test(keySide.rhs)
  )
    return unitNamed(key, response, possible);
  const want = readExpression(keySide.rhs);
  if (!want) return null;
  // "6 N" reads as 6·N: a key with a unit is a quantity, unless the question asks for a form.
  if (formOf(question) === 'any' && keyValues(key)?.some((q) => q.unit)) return null;
  const base = { pointsPossible: possible, method: 'numeric' as const };
  // "(x + 2)(x + 3) = 0 so x = −2 or −3": the factorisation asked for, then solved; the solving is extra working.
  if (formOf(question) === 'factorised' && isFactorised(want.node)) {
    for (const clause of normaliseMaths(response).split(/;|,|\bso\b|\btherefore\b|\bhence\b|\n/i)) {
      const left = clause.split('=')[0]!.trim();
      const e = left && left !== clause.trim() ? readExpression(left) : null;
      if (e && isFactorised(e.node) && equivalent(want.node, e.node, [...new Set([...want.variables, ...e.variables])]) === true)
        return checkAlgebra(question, rawKey, left, possible, policy);
    }
  }
  // "a = 3, b = 2, c = −7" for "in the form a(x + b)² + c": the letters' numbers written out in the form.
  const template = formTemplate(question);
  const inForm = template && /=/.test(response) ? formFromLetters(template, want.variables, response) : null;
  if (inForm) return checkAlgebra(question, rawKey, inForm, possible, policy);
  const written = answerSide(lastClause(response));
  // "2x + 1 = y" for "y = 2x + 1": the subject on the right.
  const respSide =
    keySide.lhs && written.lhs && /^[a-z]$/i.test(written.rhs.trim()) && written.rhs.trim() === keySide.lhs.trim()
      ? { lhs: written.rhs, rhs: written.lhs }
      : written;
  const got = readExpression(respSide.rhs);
  // "x8", "4x6", "x2 + 3x − 4": powers typed without their sign, read as powers; "60 + 35n pence": the unit after it.
  if (!got) {
    let first: CheckAnswerResult | null = null;
    for (const reading of retyped(respSide.rhs, want.variables)) {
      const result = checkAlgebra(question, rawKey, reading.text, possible, policy);
      if (!result) continue;
      first ??= result;
      if (result.pointsObtained < possible) continue;
      // "5a2b": a digit between letters may be a power or a coefficient (5a × 2b); teachers differ on reading it.
      const between = /[a-z]\d+[a-z]/i.test(respSide.rhs.replace(/\s+/g, ''));
      return reading.sure && !between
        ? result
        : {
            ...result,
            confident: false,
            reason: between
              ? 'A digit typed between letters ("5a2b"): a power or a coefficient, teachers differ on reading it'
              : 'A number typed after a letter read as its coefficient ("n2" as 2n): it may be meant as a power',
          };
    }
    if (first) return first;
  }
  if (!got && /^[\d\s.+\-*/^()]+$/.test(normaliseMaths(respSide.rhs)) && /\d/.test(respSide.rhs)) {
    // "x = −2, x = −3" where a mark is for one correct bracket: the roots stand for their brackets.
    const part = schemePartial(question, rawKey, response, possible);
    if (part) return partialResult(part, possible, response, keyLast);
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [keyLast],
      confident: true,
      feedback: `Not correct: the answer is an expression in ${want.variables.join(' and ')}, ${keyLast}, not a single number. Keep the letters in your answer.`,
    };
  }
  if (!got) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [keyLast],
      confident: false,
      reason: 'The answer could not be read as an algebraic expression',
      feedback: `Your answer could not be read as an expression, so a teacher will check it. The expected answer is ${keyLast}.`,
    };
  }
  const variables = [...new Set([...want.variables, ...got.variables])].sort();
  const same = equivalent(want.node, got.node, variables);
  if (same === null) {
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [keyLast],
      confident: false,
      reason: 'The expressions could not be compared by value',
      feedback: `Your answer ${shown(respSide.rhs)} could not be compared with the expected ${keyLast} automatically, so a teacher will check it.`,
    };
  }
  const lone = (s?: string) => (s && /^[a-z]$/i.test(s.trim()) ? s.trim() : undefined);
  const leftWrong = lone(keySide.lhs) && lone(respSide.lhs) && lone(keySide.lhs) !== lone(respSide.lhs);
  if (!same && !leftWrong && possible >= 2 && formOf(question) !== 'any') {
    // "x² + 3x + 4" for x² + 3x − 4: an expansion of three or more terms, every term right but one. Teachers give
    // marks for the right terms: a share, flagged, for a teacher to confirm. (Of two terms, one right is not enough.)
    const right = termsMatched(want.node, got.node, variables);
    if (right && right.total >= 3 && right.matched === right.total - 1 && right.given === right.total) {
      return {
        ...base,
        pointsObtained: toQuarter(possible / 2, possible),
        matched: [],
        missing: [keyLast],
        confident: false,
        reason: 'Every term right but one: partial credit for the right terms may be due',
        feedback: `Partly correct: ${shown(respSide.rhs)} has ${right.matched} of the ${right.total} terms of ${keyLast} right. Check the sign and size of the other term.`,
      };
    }
    // "(x + 4)(x − 5)" for (x + 5)(x − 4): factors whose product has every term of the expression but one (the usual
    // mark scheme's method mark for "two of the three terms right"), flagged for a teacher to confirm.
    const pair = formOf(question) === 'factorised' && !notes.marks.length ? factorPairMethod(keySide.rhs, respSide.rhs, possible) : null;
    if (pair) return methodResult(pair, possible, keyLast);
    if (formOf(question) === 'factorised' && isFactorised(got.node) && isFactorised(want.node)) {
      const [wantOut, gotOut] = [expandedForm(want.node), expandedForm(got.node)];
      const product = termsMatched(wantOut, gotOut, variables);
      if (
        product &&
        product.total >= 3 &&
        product.matched === product.total - 1 &&
        product.given === product.total &&
        // Only the right numbers with a sign wrong ((x ± 4)(x ± 5)): the one wrong term is the right term negated.
        signSlip(wantOut, gotOut, variables)
      ) {
        return {
          ...base,
          pointsObtained: toQuarter(possible / 2, possible),
          matched: [],
          missing: [keyLast],
          confident: false,
          reason: 'Factors whose product has every term right but one: a method mark may be due',
          feedback: `Partly correct: multiplied out, ${shown(respSide.rhs)} has ${product.matched} of the ${product.total} terms right. Check the signs in the brackets (${keyLast}).`,
        };
      }
    }
  }
  // "(v² − u²)/2s": a product after a division sign is the divisor as it is written by hand, (v² − u²)/(2s); read
  // strictly it is another expression. Right, flagged: teachers read it as meant, but it is written ambiguously.
  if (!same && !leftWrong) {
    const meant = /\/\s*\d*(?:\.\d+)?[a-z]/i.test(respSide.rhs)
      ? readExpression(respSide.rhs.replace(/\/\s*(\d*(?:\.\d+)?[a-z](?:\^\d+|[a-z])*)/gi, '/($1)'))
      : null;
    if (meant && equivalent(want.node, meant.node, variables) === true)
      return {
        ...base,
        pointsObtained: possible,
        matched: [keyLast],
        missing: [],
        confident: false,
        reason: 'Right if the product after the division sign is the divisor, as handwriting means it; brackets are missing',
        feedback: `Correct if ${shown(respSide.rhs)} means ${keyLast}: put the divisor in brackets to make it clear.`,
      };
  }
  if (!same || leftWrong) {
    const part = schemePartial(question, rawKey, response, possible);
    if (part) return partialResult(part, possible, respSide.rhs, keyLast);
    // The key lists no marks of its own: the method marks schemes share (a correct step, the right coefficient, …).
    const asked = questionExpression(question);
    // The principles that read the answer's own structure (a rearrangement's slip, a sequence's coefficient, a single
    // term's parts, a completed square's numbers) hold whether or not the key has notes; the expansion's terms only
    // where the key lists no marks of its own.
    // "B1 for a = 3 and b = 2; B1 for c = −7": marks for the numbers of the form asked, read from the answer.
    const letters = template && !leftWrong ? formLetterMarks(template, want.variables, notes.notes, respSide.rhs, possible) : null;
    if (letters) return methodResult(letters, possible, keyLast);
    // "B1 (x + 3)² ⏎ B1 − 4": the key written as its parts, each part among the answer's terms earns its mark.
    const parts = leftWrong ? null : partsEarned(notes.notes, key, got.node, variables, possible);
    if (parts) return partialResult(parts, possible, respSide.rhs, keyLast);
    // A rearrangement's slip holds whatever notes the key has; the other principles only where it lists no marks.
    const method =
      rearrangementMethod(question, keySide.rhs, response, possible) ??
      // Only where the key gives a method mark for the expansion ("M1 for 6x − 12 or −2x − 2 correctly expanded").
      (formOf(question) === 'expanded' && asked && !leftWrong && notes.marks.some((m) => m.code === 'M' && /expan/i.test(m.what))
        ? expansionSignSlip(asked.node, got.node, variables, response, possible)
        : null) ??
      (notes.marks.length > 0
        ? null
        : ((formOf(question) === 'expanded' && asked ? expansionMethod(asked.node, response, possible) : null) ??
          (leftWrong ? null : linearMethod(question, want.node, got.node, want.variables, got.variables, possible)) ??
          monomialMethod(keySide.rhs, respSide.rhs, possible) ??
          completedSquareMethod(question, keySide.rhs, respSide.rhs, possible)));
    if (method) return methodResult(method, possible, keyLast);
    // "(x − 2)(x + 2)" for 2(x − 2)(x + 2): the brackets right, the common factor left out (divided away as if an
    // equation). The brackets' share of two marks or more, for a teacher to confirm; nothing of one.
    if (formOf(question) === 'factorised' && constantMultiple(want.node, got.node, variables))
      return {
        ...base,
        pointsObtained: possible >= 2 ? toQuarter(possible / 2, possible) : 0,
        matched: [],
        missing: [keyLast],
        confident: false,
        reason: 'The factorisation without its common factor (a constant multiple of the key): a share of the marks may be due',
        feedback: `Your brackets ${shown(respSide.rhs)} are right, but the common factor is missing: the expected answer is ${keyLast}.`,
      };
    return {
      ...base,
      pointsObtained: 0,
      matched: [],
      missing: [keyLast],
      confident: true,
      feedback: `Not correct: ${shown(respSide.rhs)} is not equal to the expected ${keyLast}. Check your working, for example by substituting a value for ${variables[0]} into both.`,
    };
  }
  // "Write … in the form (x + a)² + b": more terms than the form has is not the form ("(x + 3)² − 9 + 2").
  if (/\bin the form\b/i.test(question) && !notes.anyEquivalent && termsOf(got.node).length > termsOf(want.node).length) {
    const part = schemePartial(question, rawKey, response, possible);
    if (part) return partialResult(part, possible, respSide.rhs, keyLast);
    // An equivalent answer not in the form asked earns at most the method mark: of two marks, that one mark (sure, as
    // teachers give it); of one mark, nothing; of more, the method mark for a teacher to confirm.
    const share = possible >= 2 ? 1 : 0;
    return {
      ...base,
      pointsObtained: share,
      matched: [],
      missing: [keyLast],
      confident: possible === 2,
      ...(possible === 2 ? {} : { reason: 'Equal to the key, but not in the form the question asks for' }),
      feedback: `${share ? `Partly correct (${share} of ${possible} marks): y` : 'Y'}our expression ${shown(respSide.rhs)} is equal to the answer, but not in the form the question asks for: collect the numbers (${keyLast}).`,
    };
  }
  const form = formOf(question);
  const simplify = form === 'simplified' || (form === 'expanded' && /\bsimplif/i.test(question));
  // More terms than the key is plainly not simplified; only longer terms may be a matter of taste.
  const moreTerms = termsOf(got.node).length > termsOf(want.node).length;
  const longer = size(got.node) > size(want.node) + 1;
  const formProblem =
    form === 'factorised' && !isFactorised(got.node)
      ? 'the question asks you to factorise, so write it as a product of brackets'
      : form === 'expanded' && !isExpanded(got.node)
        ? 'the question asks you to expand, so multiply out every bracket'
        : simplify && (moreTerms || longer)
          ? 'the question asks you to simplify, so collect like terms until it is as short as the key'
          : simplify && unsimplifiedWriting(respSide.rhs)
            ? 'the question asks for the simplest form, so leave out the times signs and write a letter times itself as a power'
            : // "Expand 3(2p − 5) − 2(p − 4)" answered 6p − 15 − 2p + 8: the key's like terms collected, the answer's not.
              form === 'expanded' && moreTerms
              ? 'collect the like terms, as the answer does'
              : null;
  // "2(x² − 4)" for 2(x − 2)(x + 2): fewer factors with letters than the key's, a bracket left that factorises further.
  if (!formProblem && form === 'factorised' && (commonFactorLeft(got.node) || letterFactors(got.node) < letterFactors(want.node))) {
    // Half of two marks or more, as teachers give it (every labelled case agrees): no flag. Of one mark where the
    // question asks to factorise fully, the form being its point, nothing; where it does not say "fully", half,
    // flagged (teachers differ).
    const fully = /\bfully\b/i.test(question);
    const single = possible < 2;
    return {
      ...base,
      pointsObtained: single && fully ? 0 : toQuarter(possible / 2, possible),
      matched: [],
      missing: [keyLast],
      confident: !single || fully,
      ...(single && !fully ? { reason: 'A partial factorisation on one mark: teachers differ' } : {}),
      feedback: commonFactorLeft(got.node)
        ? `Your factorisation ${shown(respSide.rhs)} is right as far as it goes, but a bracket still has a common factor: take it out to factorise fully (${keyLast}).`
        : `Your factorisation ${shown(respSide.rhs)} is right as far as it goes, but a bracket still factorises: factorise fully (${keyLast}).`,
    };
  }
  if (formProblem) {
    // How much of the asked work the answer shows decides its share of two marks or more (nothing of one):
    // - the question's own expression given back, or no product where a factorisation is asked: nothing;
    // - expanded but like terms not collected ("x² − 3x + 4x − 12"): the expansion's half, flagged (teachers differ);
    // - brackets left but shorter than the question's expression ("2(3x + 1)"), or perhaps not simplified: half, flagged;
    // - like terms not collected where only "simplify" is asked: nothing.
    const asked = questionExpression(question);
    const echo = asked !== null && flat(respSide.rhs) === flat(asked.text);
    const expandedUncollected = form === 'expanded' && isExpanded(got.node) && moreTerms;
    const shorter = form === 'expanded' && !isExpanded(got.node) && asked !== null && size(got.node) < size(asked.node);
    const perhaps = simplify && !moreTerms && form !== 'expanded';
    const share = !echo && possible >= 2 && (expandedUncollected || shorter || perhaps);
    // "M1 for 3 of 4 terms correct": the key gives the expansion its mark itself, so the half is sure.
    const keyGivesExpansion =
      expandedUncollected && share && notes.marks.some((m) => m.code === 'M' && m.marks === possible / 2 && /\bterms?\b/i.test(m.what));
    // "6 × x", "5aab": written out, not the simplest form, for sure.
    const writtenOut = simplify && !moreTerms && !longer && unsimplifiedWriting(respSide.rhs);
    const unsure = (share || perhaps) && !keyGivesExpansion && !writtenOut;
    return {
      ...base,
      pointsObtained: share ? toQuarter(possible / 2, possible) : 0,
      matched: [],
      missing: [keyLast],
      confident: !unsure,
      ...(unsure
        ? {
            reason: expandedUncollected
              ? 'Expanded, but like terms not collected: teachers differ on the expansion mark'
              : shorter
                ? 'Equal to the key, worked on, but not expanded as asked: a method mark may be due'
                : 'Equal to the key, but perhaps not simplified as far as the key',
          }
        : {}),
      feedback: echo
        ? `Your answer ${shown(respSide.rhs)} is the question's expression again: ${formProblem} (${keyLast}).`
        : `Your expression ${shown(respSide.rhs)} is equal to the answer, but not in the form asked for: ${formProblem} (${keyLast}).`,
    };
  }
  return {
    ...base,
    pointsObtained: possible,
    matched: [keyLast],
    missing: [],
    confident: true,
    feedback:
      shown(respSide.rhs).replace(/\s/g, '') === shown(keySide.rhs).replace(/\s/g, '')
        ? `Correct: ${keyLast}.`
        : `Correct: ${shown(respSide.rhs)} is equivalent to ${keyLast}.`,
  };
}

/**
 * "Solve 2(x − 3) = 10" with the key "M1 2x − 6 = 10 or x − 3 = 5 ⏎ A1 x = 8": values of letters, checked as numbers
 * are, with the scheme's lines as its notes ("x = 8 (M1 for 2x − 6 = 10 or x − 3 = 5)"). Null for any other key.
 */
function solvedByLines(question: string, key: string, response: string, possible: number, policy: MarkingPolicy): CheckAnswerResult | null {
  const answer = keyNotes(key).text;
  if (!/^[a-z]\s*=\s*[^=]+(?:(?:,|\band\b|\bor\b)\s*[a-z]\s*=\s*[^=]+)*$/i.test(answer) || !/\d/.test(answer)) return null;
  const values = keyValues(key);
  return values ? checkNumeric(values, response, possible, '', question, key, policy) : null;
}

/**
 * An answer that does not read as an expression, typed again as students mean it: a unit after the expression left off
 * ("60 + 35n pence", "6x + 6 cm"); a digit after a letter as its power ("x8" x⁸, "4x6" 4x⁶, "x2 + 3x − 4"), as the
 * schemes accept, and then, not sure, as its coefficient ("n2 + 5" as 2n + 5). Only readings in the key's letters.
 */
function retyped(text: string, letters: string[]): { text: string; sure: boolean }[] {
  const inLetters = (t: string) => {
    const e = readExpression(t);
    return e !== null && e.variables.every((v) => letters.includes(v));
  };
  const bare = text.replace(/\s*(?:pence|p|pounds|cm|mm|m|km|cm²|cm2|m²|m2|cm³|cm3|units?|degrees|°)\.?\s*$/i, '').replace(/^\s*£\s*/, '');
  if (bare !== text && inLetters(bare)) return [{ text: bare, sure: true }];
  if (!/[a-z]\d/i.test(bare) || /[a-z]{2}/i.test(bare.replace(/sqrt|pi/g, ''))) return [];
  const powers = bare.replace(/([a-z])(\d+)/gi, '$1^$2');
  const coefficients = bare.replace(/([a-z])(\d+)/gi, '$2$1');
  return [
    ...(inLetters(powers) ? [{ text: powers, sure: true }] : []),
    ...(inLetters(coefficients) ? [{ text: coefficients, sure: false }] : []),
  ];
}

/**
 * "3n + 2 (B1 for 3n; B1 for + 2)", "(x + 3)² − 4 (B1 for (x + 3)²; B1 for − 4)": a key whose independent marks are its
 * parts in order. Each part that is one of the answer's terms, by value, earns its mark; null when the key is not
 * written so or no part is found.
 */
function partsEarned(
  notes: string[],
  key: string,
  got: MathNode,
  variables: string[],
  possible: number,
): { points: number; what: string } | null {
  const parts = notes
    .flatMap((n) => n.split(';'))
    .map((n) => /^\s*B(\d)\s+for\s+(.+?)\s*$/.exec(n))
    .map((m) => (m ? { marks: Number(m[1]), text: m[2]! } : null));
  if (parts.length < 2 || parts.some((p) => p === null)) return null;
  const flatText = (t: string) => normaliseMaths(t).replace(/\s+/g, '');
  if (flatText(parts.map((p) => p!.text).join(' ')) !== flatText(key)) return null;
  const given = signedTerms(got);
  let points = 0;
  const earned: string[] = [];
  for (const part of parts) {
    const text = normaliseMaths(part!.text).trim();
    const sign = text.startsWith('-') ? -1 : 1;
    const body = text.replace(/^[+-]\s*/, '');
    let node: MathNode;
    try {
      node = readExpression(body)?.node ?? parse(String(readQuantity(body)?.value ?? NaN));
    } catch {
      return null;
    }
    const signed = sign < 0 ? parse(`-(${node.toString()})`) : node;
    const found = given.some(
      (t) => equivalent(signed, t.sign < 0 ? parse(`-(${t.node.toString()})`) : t.node, variables) === true || sameConstant(signed, t),
    );
    if (found) {
      points += part!.marks;
      earned.push(`B${part!.marks} for ${part!.text}`);
    }
  }
  // Every part, and the answer still not the key's (a term more): not the answer, and no part's mark is sure.
  return points > 0 && points < possible ? { points, what: earned.join(', ') } : null;
}

/** A constant part ("− 4") and a constant term of the answer, equal. */
function sameConstant(part: MathNode, term: { node: MathNode; sign: number }): boolean {
  try {
    const [a, b] = [Number(part.evaluate()), term.sign * Number(term.node.evaluate())];
    return Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) < 1e-9;
  } catch {
    return false;
  }
}

/**
 * "Solve x² = 36" for one mark, the key "x = 6 or x = −6": the one mark is for every solution, so some of them earn
 * nothing (whole marks; of two marks or more, the numbers' share stands). Null unless the answer has only some.
 */
function partOfOneMark(question: string, key: string, response: string, possible: number, policy: MarkingPolicy): CheckAnswerResult | null {
  if (possible !== 1) return null;
  // "(both needed)": a bracket after the roots is a note.
  const answer = normaliseMaths(keyNotes(key).text).replace(/\s*\([^()]*\)\s*$/, '');
  const value = '[+-]?\\d+(?:\\.\\d+)?(?:/\\d+)?';
  const roots = new RegExp(
    `^([a-z])\\s*=\\s*(?:±\\s*${value}|${value}(?:\\s*(?:,|\\bor\\b|\\band\\b)\\s*(?:\\1\\s*=\\s*)?${value})+)$`,
    'i',
  );
  if (!roots.test(answer)) return null;
  const values = keyValues(key);
  const result = values ? checkNumeric(values, response, possible, '', question, key, policy) : null;
  if (!result || result.pointsObtained <= 0 || result.pointsObtained >= possible) return null;
  return {
    ...result,
    pointsObtained: 0,
    confident: true,
    feedback: `Not correct: the mark is for every solution, ${answer}, and your answer gives only some of them.`,
  };
}

/** The two expressions differ by one term negated: want − got is twice one term of want. */
function signSlip(want: MathNode, got: MathNode, variables: string[]): boolean {
  try {
    const diff = parse(`((${want.toString()}) - (${got.toString()})) / 2`);
    return signedTerms(want).some((t) => {
      const term = t.sign < 0 ? parse(`-(${t.node.toString()})`) : t.node;
      return equivalent(term, diff, variables) === true;
    });
  } catch {
    return false;
  }
}

/** A product multiplied out ("(x + 4)(x − 5)" → x² − x − 20) by mathjs; the node itself where it cannot be. */
function expandedForm(node: MathNode): MathNode {
  try {
    return rationalize(node);
  } catch {
    return node;
  }
}

const flat = (text: string) => prepare(text).replace(/[\s*]/g, '');

/** The expression a question asks to work on: "Expand and simplify (x + 4)(x − 3)." → (x + 4)(x − 3). */
function questionExpression(question: string): Expression | null {
  const m =
    /\b(?:factori[sz]e|expand|simplify|multiply out)(?:\s+(?:and|fully|completely|simplify|fully|the expression))*\s*:?\s*(.+?)\s*\.?\s*$/i.exec(
      question.trim(),
    );
  return m ? readExpression(m[1]!) : null;
}

/** The final clause: "(x+2)(x+3) = x^2 + 5x + 6, so x^2+5x+6" → "x^2+5x+6"; working before '=' chains keeps the last side. */
function lastClause(text: string): string {
  const clauses = normaliseMaths(text)
    .split(/;|, so |\bso\b|\btherefore\b|\bhence\b|\n/i)
    .map((c) => c.trim())
    .filter(Boolean);
  const last = clauses[clauses.length - 1] ?? '';
  const sides = last.split('=');
  // "x^2+5x+6 = (x+2)(x+3)": a chain of working; keep a lone-variable left side ("y = ...") with its right side.
  if (sides.length > 2) return sides[sides.length - 1]!.trim();
  return last;
}

const shown = (text: string) => text.trim().replace(/\^\((-?\d+)\)/g, '^$1');

/** A bracket whose terms share a whole-number factor: "x(2x + 4)" is not fully factorised. */
function commonFactorLeft(node: MathNode): boolean {
  let left = false;
  node.traverse((n, _path, parent) => {
    if (!isOp(n, ['+', '-']) || (parent && isOp(parent, ['+', '-']))) return;
    const terms = termsOf(n);
    const coefficients = terms.map(coefficientOf);
    if (coefficients.length > 1 && coefficients.every((c) => Number.isInteger(c) && c !== 0) && coefficients.reduce(gcd) > 1) left = true;
    const shared = terms.map(variableFactors).reduce((a, b) => new Set([...a].filter((v) => b.has(v))));
    if (terms.length > 1 && shared.size > 0) left = true;
  });
  return left;
}

/** `got` is `want` times a constant other than 1 at every sample point ("(x − 2)(x + 2)" for "2(x − 2)(x + 2)"). */
function constantMultiple(want: MathNode, got: MathNode, variables: string[]): boolean {
  try {
    const [w, g] = [want.compile(), got.compile()];
    const ratios = SAMPLES.slice(0, 4).map((x) => {
      const scope = Object.fromEntries(variables.map((v, k) => [v, x + k * 0.11]));
      return Number(g.evaluate(scope)) / Number(w.evaluate(scope));
    });
    const r = ratios[0]!;
    return (
      Number.isFinite(r) && r !== 0 && Math.abs(r - 1) > 1e-6 && ratios.every((q) => Math.abs(q - r) < 1e-6 * Math.max(1, Math.abs(r)))
    );
  } catch {
    return false;
  }
}

/** How many factors with letters a product has, a power counted as often as its exponent: "2(x − 2)(x + 2)" has 2. */
function letterFactors(node: MathNode): number {
  const u = unwrap(node);
  const hasLetters = u.filter((n) => n.type === 'SymbolNode').length > 0;
  if (!hasLetters) return 0;
  if (isOp(u, ['*'])) return argsOf(u).reduce((sum, a) => sum + letterFactors(a), 0);
  if (isOp(u, ['-']) && argsOf(u).length === 1) return letterFactors(argsOf(u)[0]!);
  if (isOp(u, ['^'])) {
    const [b, e] = argsOf(u);
    const n = e && e.type === 'ConstantNode' ? Number((e as unknown as { value: unknown }).value) : NaN;
    if (Number.isInteger(n) && n > 0 && n <= 10) return n * letterFactors(b!);
  }
  return 1;
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

function termsOf(n: MathNode): MathNode[] {
  const u = unwrap(n);
  if (isOp(u, ['+']) || (isOp(u, ['-']) && argsOf(u).length === 2)) return argsOf(u).flatMap(termsOf);
  return [u];
}

/** The terms of a sum with their signs: "x^2 + 3x - 4" → +x^2, +3x, -4. */
function signedTerms(n: MathNode, sign = 1): { node: MathNode; sign: number }[] {
  const u = unwrap(n);
  if (isOp(u, ['+'])) return argsOf(u).flatMap((a) => signedTerms(a, sign));
  if (isOp(u, ['-']) && argsOf(u).length === 2) return [...signedTerms(argsOf(u)[0]!, sign), ...signedTerms(argsOf(u)[1]!, -sign)];
  if (isOp(u, ['-']) && argsOf(u).length === 1) return signedTerms(argsOf(u)[0]!, -sign);
  return [{ node: u, sign }];
}

/** How many of the key's terms the answer has, each by value at sample points; null when they cannot be evaluated. */
function termsMatched(want: MathNode, got: MathNode, variables: string[]): { matched: number; total: number; given: number } | null {
  const values = (t: { node: MathNode; sign: number }) => {
    const f = t.node.compile();
    return SAMPLES.slice(0, 3).map((x) => t.sign * Number(f.evaluate(Object.fromEntries(variables.map((v, k) => [v, x + k * 0.11])))));
  };
  try {
    const wantTerms = signedTerms(want).map(values);
    const gotTerms = signedTerms(got).map(values);
    if ([...wantTerms, ...gotTerms].some((vs) => vs.some((v) => !Number.isFinite(v)))) return null;
    const left = [...gotTerms];
    let matched = 0;
    for (const w of wantTerms) {
      const i = left.findIndex((g) => g.every((v, k) => Math.abs(v - w[k]!) < 1e-9 * Math.max(1, Math.abs(v))));
      if (i >= 0) {
        matched++;
        left.splice(i, 1);
      }
    }
    return { matched, total: wantTerms.length, given: gotTerms.length };
  } catch {
    return null;
  }
}

/** The number a term is multiplied by: 4 in "4x", 1 in "x^2", 6 in "6". */
function coefficientOf(term: MathNode): number {
  const u = unwrap(term);
  if (u.type === 'ConstantNode') return Math.abs(Number((u as unknown as { value: unknown }).value));
  if (isOp(u, ['-']) && argsOf(u).length === 1) return coefficientOf(argsOf(u)[0]!);
  if (isOp(u, ['*'])) return argsOf(u).reduce((c, a) => c * (unwrap(a).type === 'ConstantNode' ? coefficientOf(a) : 1), 1);
  return 1;
}

/** The letters a term is multiplied by: x in "3x", x in "x^2", none in "x + 1". */
function variableFactors(term: MathNode): Set<string> {
  const u = unwrap(term);
  if (u.type === 'SymbolNode') return new Set([(u as unknown as { name: string }).name]);
  if (isOp(u, ['^'])) return variableFactors(argsOf(u)[0]!);
  if (isOp(u, ['-']) && argsOf(u).length === 1) return variableFactors(argsOf(u)[0]!);
  if (isOp(u, ['*'])) return new Set(argsOf(u).flatMap((a) => [...variableFactors(a)]));
  return new Set();
}

type Inequality = { variable: string; op: '<' | '>' | '<=' | '>='; value: number; text: string };
const FLIP = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' } as const;
const SYMBOL: Record<Inequality['op'], string> = { '<': '<', '>': '>', '<=': '≤', '>=': '≥' };

/** "x > 3", "3 < x", "x ≥ -2": a variable bounded by a number, read the same whichever side it is on. */
function readInequality(raw: string): Inequality | null {
  const text = normaliseMaths(raw).replace(/≤|=</g, '<=').replace(/≥|=>/g, '>=').replace(/[.;]$/, '').trim();
  const m = /^([a-z])\s*(<=|>=|<|>)\s*(.+)$/i.exec(text) ?? /^(.+?)\s*(<=|>=|<|>)\s*([a-z])$/i.exec(text);
  if (!m) return null;
  const leftIsVariable = /^[a-z]$/i.test(m[1]!);
  const q = readQuantity(leftIsVariable ? m[3]! : m[1]!);
  if (!q || q.unit) return null;
  const op = m[2] as Inequality['op'];
  return { variable: leftIsVariable ? m[1]! : m[3]!, op: leftIsVariable ? op : FLIP[op], value: q.value, text: raw.trim() };
}

/** Whether a linear inequality in the key's variable ("−3n > 15", "4 − 3n > 19") holds for the same values as the key. */
function sameSolutions(want: Inequality, raw: string): boolean {
  const text = normaliseMaths(raw).replace(/≤|=</g, '<=').replace(/≥|=>/g, '>=').replace(/[.;]$/, '').trim();
  const m = /^([^<>=]+)(<=|>=|<|>)([^<>=]+)$/.exec(text);
  if (!m) return false;
  const side = (s: string) =>
    readExpression(s) ??
    (readQuantity(s) && !readQuantity(s)!.unit ? { node: parse(String(readQuantity(s)!.value)), variables: [] } : null);
  const [l, r] = [side(m[1]!), side(m[3]!)];
  if (!l || !r || ![...l.variables, ...r.variables].every((v) => v === want.variable)) return false;
  if (![...l.variables, ...r.variables].length) return false;
  const op = m[2] as Inequality['op'];
  const test = (a: number, b: number, o: Inequality['op']) =>
    o === '<' ? a < b : o === '>' ? a > b : o === '<=' ? a <= b + 1e-9 : a >= b - 1e-9;
  try {
    for (const d of [-7.3, -2.1, -0.4, 0, 0.4, 2.1, 7.3]) {
      const x = want.value + d;
      const scope = { [want.variable]: x };
      const [a, b] = [Number(l.node.compile().evaluate(scope)), Number(r.node.compile().evaluate(scope))];
      if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
      if (test(a, b, op) !== test(x, want.value, want.op)) return false;
    }
  } catch {
    return false;
  }
  return true;
}

/** An inequality key: the response must bound the same variable the same way by the same number. */
function checkInequality(key: string, response: string, possible: number, methodShare: number | null = null): CheckAnswerResult | null {
  const want = readInequality(lastClause(key));
  if (!want) return null;
  const got = readInequality(lastClause(response));
  const expected = `${want.variable} ${SYMBOL[want.op]} ${want.value}`;
  const base = { pointsPossible: possible, method: 'numeric' as const, matched: [] as string[], missing: [expected] };
  // Method marks of a question of two or more: the key's M marks where it names them (sure), else all but one (flagged).
  const method = possible >= 2 ? { points: Math.min(methodShare ?? possible - 1, possible - 1), sure: methodShare !== null } : null;
  // "−3n > 15" for n < −5: an inequality with the same solutions, not yet solved, is a correct step.
  if (!got && method && sameSolutions(want, lastClause(response))) {
    return {
      ...base,
      pointsObtained: toQuarter(method.points, possible),
      confident: method.sure,
      ...(method.sure ? {} : { reason: 'A correct step, the inequality not solved: method marks may be due' }),
      feedback: `Partly correct: ${lastClause(response).trim()} is a correct step, but not yet solved for ${want.variable}: the answer is ${expected}. Remember to reverse the sign when dividing by a negative number.`,
    };
  }
  if (!got) {
    const single = readQuantity(answerSide(lastClause(response)).rhs);
    return single
      ? {
          ...base,
          pointsObtained: 0,
          confident: true,
          feedback: `Not correct: the answer is a range of values, ${expected}, not a single value. Keep the inequality sign in your answer.`,
        }
      : {
          ...base,
          pointsObtained: 0,
          confident: false,
          reason: 'The answer could not be read as an inequality',
          feedback: `Your answer could not be read as an inequality, so a teacher will check it. The expected answer is ${expected}.`,
        };
  }
  const right = got.variable === want.variable && got.op === want.op && sameValue(want.value, got.value, 6);
  if (right)
    return { ...base, pointsObtained: possible, matched: [expected], missing: [], confident: true, feedback: `Correct: ${expected}.` };
  const sign = got.variable === want.variable && sameValue(want.value, got.value, 6);
  const boundary = sign && got.op[0] === want.op[0];
  // "n > −5" for n < −5: the critical value found, the sign not reversed: the method, not the answer.
  if (sign && !boundary && method)
    return {
      ...base,
      pointsObtained: toQuarter(method.points, possible),
      confident: method.sure,
      ...(method.sure ? {} : { reason: 'The right boundary, the inequality the wrong way round: method marks may be due' }),
      feedback: `Partly correct: ${want.value} is the right boundary, but the inequality sign is the wrong way round: the answer is ${expected}. The sign flips when you multiply or divide by a negative number.`,
    };
  return {
    ...base,
    pointsObtained: 0,
    confident: true,
    feedback: boundary
      ? `Your answer ${got.text} is nearly right, but the answer is ${expected}: ${want.value} itself is ${want.op.length === 2 ? '' : 'not '}included.`
      : sign
        ? `Your number ${want.value} is right, but the inequality sign is not: the answer is ${expected}. Check whether the sign flips (it does when you multiply or divide by a negative number).`
        : `Not correct: the expected answer is ${expected}. Check your working.`,
  };
}

/** Method marks by a principle the schemes share (./algebra-method), sure or flagged. */
function methodResult(m: Method, possible: number, keyLast: string): CheckAnswerResult {
  return {
    pointsPossible: possible,
    method: 'numeric',
    pointsObtained: toQuarter(m.points, possible),
    matched: [],
    missing: [keyLast],
    confident: m.confident,
    ...(m.reason ? { reason: m.reason } : {}),
    feedback: m.feedback,
  };
}

/** The mark the key's notes give for part of the answer ("B1 for a = 3"), as the note states it. */
function partialResult(part: { points: number; what: string }, possible: number, given: string, keyLast: string): CheckAnswerResult {
  return {
    pointsPossible: possible,
    method: 'numeric',
    pointsObtained: toQuarter(part.points, possible),
    matched: [],
    missing: [keyLast],
    confident: true,
    feedback: `Partly correct (${part.points} of ${possible} marks): ${shown(given)} earns the mark the scheme gives for part of the answer (${part.what}), but the answer is ${keyLast}.`,
  };
}

/**
 * "ohm (Ω)" answered "Ω": a key that names a unit, by name or symbol, and an answer that is the same unit in another
 * way of writing it. Null otherwise (the words' checks decide).
 */
/**
 * "6 × x", "5aab", "3 × a × b": a term written with its times signs, or a letter times itself written out, is not the
 * simplest form, whatever its value.
 */
function unsimplifiedWriting(text: string): boolean {
  const t = normaliseMaths(text).replace(/\s+/g, '');
  if (/(?:\d|[a-z)])[*·](?=[a-z(])|[a-z][*·]\d/i.test(t)) return true;
  return (t.match(/\d*[a-z]+/gi) ?? []).some(
    (term) => /([a-z])(?:[a-z]*)\1/i.test(term.replace(/^\d+/, '')) && !/^(?:sqrt|sin|cos|tan|log|exp|abs|pi)$/i.test(term),
  );
}

/** "4(x + 2) or 4x + 8": forms of one expression in letters, each equal to the first (not two roots, "x = 2 or x = 3"). */
function equivalentForms(forms: string[]): boolean {
  if (forms.some((f) => /=/.test(f))) return false;
  const read = forms.map((f) => readExpression(f.trim()));
  if (read.some((e) => !e || e.variables.length === 0)) return false;
  const variables = [...new Set(read.flatMap((e) => e!.variables))];
  return read.every((e) => equivalent(read[0]!.node, e!.node, variables) === true);
}

function unitNamed(key: string, response: string, possible: number): CheckAnswerResult | null {
  // "ohm (Ω)", "ohm / Ω", "ohm or Ω": the unit's name and its symbol.
  const names = key
    .split(/[()]|\s+\/\s+|\s+or\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const units = names.map((n) => readUnit(n));
  const got = readUnit(response.trim());
  if (!got || units.length === 0 || units.some((u) => !u)) return null;
  if (!units.some((u) => u!.dim === got.dim && u!.factor === got.factor && (u!.offset ?? 0) === (got.offset ?? 0))) return null;
  return {
    pointsPossible: possible,
    method: 'terms',
    pointsObtained: possible,
    matched: [key],
    missing: [],
    confident: true,
    feedback: `Correct: ${response.trim()} is the ${names[0]}.`,
  };
}
