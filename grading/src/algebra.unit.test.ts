import { describe, expect, it } from 'vitest';
import { parse } from 'mathjs';
import { checkAnswer } from './index';
import { equivalent, formAsked, isExpanded, isFactorised, readExpression } from './algebra';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('reading expressions', () => {
  it('reads implicit products, powers and unicode, and refuses words and plain numbers', () => {
    expect(readExpression('(x+2)(x+3)')?.variables).toEqual(['x']);
    expect(readExpression('x² + 5x + 6')?.variables).toEqual(['x']);
    expect(readExpression('4ab')?.variables).toEqual(['a', 'b']);
    expect(readExpression('carbon dioxide')).toBeNull();
    expect(readExpression('12')).toBeNull();
  });

  it('compares by value at sample points', () => {
    const e = (s: string) => readExpression(s)!.node;
    expect(equivalent(e('(x+2)(x+3)'), e('x^2+5x+6'), ['x'])).toBe(true);
    expect(equivalent(e('(x+2)(x+3)'), e('x^2+6x+5'), ['x'])).toBe(false);
    expect(equivalent(e('8a+b'), e('b+8a'), ['a', 'b'])).toBe(true);
    expect(equivalent(e('8a+b'), e('8ab'), ['a', 'b'])).toBe(false);
  });

  it('tells forms apart', () => {
    expect(isFactorised(parse('(x+2)*(x+3)'))).toBe(true);
    expect(isFactorised(parse('x^2+5*x+6'))).toBe(false);
    expect(isExpanded(parse('x^2+5*x+6'))).toBe(true);
    expect(isExpanded(parse('(x+2)*(x+3)'))).toBe(false);
    expect(formAsked('Factorise x² + 5x + 6.')).toBe('factorised');
    expect(formAsked('Expand (x + 2)(x + 3).')).toBe('expanded');
    expect(formAsked('Simplify 3a + 2b + 5a − b.')).toBe('simplified');
    expect(formAsked('Write an expression for the perimeter.')).toBe('any');
  });
});

describe('algebraic answers', () => {
  it('accepts any equivalent expression where the question asks for no form', () => {
    const q = 'Write an expression for the perimeter of a rectangle with sides x and 3.';
    expect(check(q, '2x + 6', '2(x+3)')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, '2x + 6', 'x + x + 3 + 3').pointsObtained).toBe(2);
    const wrong = check(q, '2x + 6', '2x+3');
    expect(wrong).toMatchObject({ pointsObtained: 0, confident: true });
    expect(wrong.feedback).toContain('not equal to the expected 2x + 6');
  });

  it('marks the form: expanded for "expand", a product for "factorise"', () => {
    expect(check('Expand (x + 2)(x + 3).', 'x^2 + 5x + 6', 'x² + 5x + 6').pointsObtained).toBe(2);
    const notExpanded = check('Expand (x + 2)(x + 3).', 'x^2 + 5x + 6', '(x+2)(x+3)');
    expect(notExpanded).toMatchObject({ pointsObtained: 0, confident: true });
    expect(notExpanded.feedback).toContain('asks you to expand');
    expect(check('Factorise x² + 5x + 6.', '(x + 2)(x + 3)', '(x+3)(x+2)').pointsObtained).toBe(2);
    const notFactorised = check('Factorise x² + 5x + 6.', '(x + 2)(x + 3)', 'x^2 + 5x + 6');
    expect(notFactorised).toMatchObject({ pointsObtained: 0, confident: true });
    expect(notFactorised.feedback).toContain('asks you to factorise');
  });

  it('gives half for a factorisation that is not complete (as every labelled teacher does, so without a flag)', () => {
    for (const response of ['x(2x + 4)', '2(x^2 + 2x)']) {
      expect(check('Factorise fully 2x² + 4x.', '2x(x + 2)', response), response).toMatchObject({ pointsObtained: 1, confident: true });
    }
    expect(check('Factorise fully 2x² + 4x.', '2x(x + 2)', '2x(x+2)').pointsObtained).toBe(2);
  });

  it('reads equations with the same subject, and solutions as x = 3, 3 or x = 3.0', () => {
    const q = 'Make y the subject of 2y − 4x = 6.';
    expect(check(q, 'y = 2x + 3', 'y = 3 + 2x').pointsObtained).toBe(2);
    // 2y = 4x + 6 with y written for 2y: a right step, its last step missed; teachers differ (0, or the method mark).
    expect(check(q, 'y = 2x + 3', 'y = 4x + 6')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, 'y = 2x + 3', 'y = 4x + 3')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, 'y = 2x + 3', '2x + 3 = y').pointsObtained).toBe(2);
    for (const response of ['x = 3', '3', 'x=3.0']) expect(check('Solve 2x + 5 = 11.', 'x = 3', response).pointsObtained, response).toBe(2);
    expect(check('Solve x² − 5x + 6 = 0.', 'x = 2 or x = 3', 'x = 2 and 3').pointsObtained).toBe(2);
  });

  it('wants like terms collected for "simplify", and skips sample points where a root is complex', () => {
    expect(check('Simplify 3a + 2b + 5a − b.', '8a + b', 'a + 7a + b')).toMatchObject({ pointsObtained: 0, confident: true });
    // Expanded, like terms not collected: teachers differ (0, or the expansion mark of 1): half, flagged.
    expect(check('Expand and simplify 2(x + 3) + 3(x − 1).', '5x + 3', '2x + 6 + 3x - 3')).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
    expect(check('Expand and simplify 2(x + 3) + 3(x − 1).', '5x + 3', '3 + 5x').pointsObtained).toBe(2);
    expect(check('Write √x as a power of x.', 'x^(1/2)', 'x^0.5').pointsObtained).toBe(2);
    expect(check('Write √x as a power of x.', 'x^(1/2)', 'x^2').pointsObtained).toBe(0);
  });

  it('reads inequalities from either side and marks the sign', () => {
    const q = 'Solve x + 1 > 4.';
    expect(check(q, 'x > 3', '3 < x')).toMatchObject({ pointsObtained: 2, confident: true });
    // The boundary right, the sign the wrong way round: the method mark, flagged where the key names none.
    expect(check(q, 'x > 3', 'x < 3')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, 'x > 3', 'x < 3', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, 'x > 3', 'x ≥ 3').feedback).toContain('3 itself is not included');
    expect(check(q, 'x > 3', 'x = 3').feedback).toContain('a range of values');
    expect(check('Solve −2x ≥ 4.', 'x ≤ -2', 'x <= −2').pointsObtained).toBe(2);
  });

  it('refuses a number where an expression is expected, and flags what it cannot read', () => {
    expect(check('Expand 2(x + 1).', '2x + 2', '7')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Expand 2(x + 1).', '2x + 2', 'two x plus two')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('the share of an answer in another form than asked', () => {
  const check = (question: string, answer: string, response: string, marksPossible = 2) =>
    checkAnswer({ question, answer, response, marksPossible });

  it('gives nothing for the question given back, or no product where a factorisation is asked', () => {
    expect(check('Expand (x + 2)(x + 5).', 'x² + 7x + 10', '(x+2)(x+5)')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Factorise x² + 7x + 10.', '(x + 2)(x + 5)', 'x^2 + 7x + 10')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Factorise x² + 7x + 10.', '(x + 2)(x + 5)', 'x(x + 7) + 10')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('gives half of two marks, flagged, for an expansion with like terms not collected', () => {
    expect(check('Expand and simplify (x + 2)(x − 5).', 'x² − 3x − 10', 'x^2 - 5x + 2x - 10')).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
    expect(check('Expand and simplify (x + 2)(x − 5).', 'x² − 3x − 10', 'x^2 - 5x + 2x - 10', 1).pointsObtained).toBe(0);
    // Where only "simplify" is asked, terms left uncollected earn nothing.
    expect(check('Simplify 4p + 3q − p + q.', '3p + 4q', 'p + 2p + 4q')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('gives half, flagged, for work done but brackets left where an expansion is asked', () => {
    expect(check('Expand and simplify 3(x + 2) + 3(x − 4).', '6x − 6', '6(x − 1)')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('reads letters written together beside a number or bracket as a product', () => {
    expect(check('Factorise fully 10p²q + 15pq².', '5pq(2p + 3q)', '5pq(2p + 3q)')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check('Factorise fully 10p²q + 15pq².', '5pq(2p + 3q)', '5p(2pq + 3q²)')).toMatchObject({ pointsObtained: 1, confident: true });
    // "and" between values stays a word.
    expect(check('Share £60 in the ratio 1 : 2.', '£20 and £40', '£20, £40').pointsObtained).toBe(2);
  });

  it('gives the method mark for factors with the right numbers and their signs swapped; flags a pair that only multiplies or adds right', () => {
    expect(check('Factorise x² + 2x − 24.', '(x + 6)(x − 4)', '(x − 6)(x + 4)')).toMatchObject({ pointsObtained: 1, confident: true });
    // Schemes differ on numbers that multiply to the constant (or add to the coefficient) but are not the pair: nothing, flagged.
    expect(check('Factorise x² + 2x − 24.', '(x + 6)(x − 4)', '(x + 8)(x − 3)')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('Factorise x² + 9x + 8.', '(x + 1)(x + 8)', '(x + 2)(x + 4)')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('Factorise x² + 9x + 8.', '(x + 1)(x + 8)', '(x + 3)(x + 5)')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('an expansion with like terms not collected', () => {
  const q = 'Expand and simplify (x + 4)(x − 2).';
  it('flags its half where the key gives no mark for the expansion (teachers differ)', () => {
    const r = check(q, 'x² + 2x − 8', 'x² − 2x + 4x − 8');
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(r.reason).toContain('like terms not collected');
  });
  it("gives the key's own expansion mark for sure ('M1 for 3 of 4 terms correct')", () => {
    expect(check(q, 'x² + 2x − 8 (M1 for 3 of 4 terms correct)', 'x² − 2x + 4x − 8')).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });
});
