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

  it('gives half, flagged, for a factorisation that is not complete', () => {
    for (const response of ['x(2x + 4)', '2(x^2 + 2x)']) {
      expect(check('Factorise fully 2x² + 4x.', '2x(x + 2)', response), response).toMatchObject({ pointsObtained: 1, confident: false });
    }
    expect(check('Factorise fully 2x² + 4x.', '2x(x + 2)', '2x(x+2)').pointsObtained).toBe(2);
  });

  it('reads equations with the same subject, and solutions as x = 3, 3 or x = 3.0', () => {
    const q = 'Make y the subject of 2y − 4x = 6.';
    expect(check(q, 'y = 2x + 3', 'y = 3 + 2x').pointsObtained).toBe(2);
    expect(check(q, 'y = 2x + 3', 'y = 4x + 6').pointsObtained).toBe(0);
    expect(check(q, 'y = 2x + 3', '2x + 3 = y').pointsObtained).toBe(2);
    for (const response of ['x = 3', '3', 'x=3.0']) expect(check('Solve 2x + 5 = 11.', 'x = 3', response).pointsObtained, response).toBe(2);
    expect(check('Solve x² − 5x + 6 = 0.', 'x = 2 or x = 3', 'x = 2 and 3').pointsObtained).toBe(2);
  });

  it('wants like terms collected for "simplify", and skips sample points where a root is complex', () => {
    expect(check('Simplify 3a + 2b + 5a − b.', '8a + b', 'a + 7a + b')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Expand and simplify 2(x + 3) + 3(x − 1).', '5x + 3', '2x + 6 + 3x - 3')).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    expect(check('Expand and simplify 2(x + 3) + 3(x − 1).', '5x + 3', '3 + 5x').pointsObtained).toBe(2);
    expect(check('Write √x as a power of x.', 'x^(1/2)', 'x^0.5').pointsObtained).toBe(2);
    expect(check('Write √x as a power of x.', 'x^(1/2)', 'x^2').pointsObtained).toBe(0);
  });

  it('reads inequalities from either side and marks the sign', () => {
    const q = 'Solve x + 1 > 4.';
    expect(check(q, 'x > 3', '3 < x')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, 'x > 3', 'x < 3')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, 'x > 3', 'x ≥ 3').feedback).toContain('3 itself is not included');
    expect(check(q, 'x > 3', 'x = 3').feedback).toContain('a range of values');
    expect(check('Solve −2x ≥ 4.', 'x ≤ -2', 'x <= −2').pointsObtained).toBe(2);
  });

  it('refuses a number where an expression is expected, and flags what it cannot read', () => {
    expect(check('Expand 2(x + 1).', '2x + 2', '7')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Expand 2(x + 1).', '2x + 2', 'two x plus two')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});
