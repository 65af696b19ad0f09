import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { rearrangement } from './algebra-method';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('method marks the schemes share, for a wrong algebraic answer', () => {
  it('reads the formula and the subject of a rearrangement', () => {
    expect(rearrangement('Make h the subject of V = πr²h.')).toMatchObject({ lhs: 'V', rhs: 'πr²h', subject: 'h' });
    expect(rearrangement('Rearrange s = ut + k to make u the subject.')).toMatchObject({ lhs: 's', rhs: 'ut + k', subject: 'u' });
    expect(rearrangement('Simplify 3x + 2x.')).toBeNull();
  });

  it('gives the method mark for a correct step of a rearrangement, not yet solved for the subject', () => {
    expect(check('Make u the subject of s = ut + k.', 'u = (s - k)/t', 'ut = s - k')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Make h the subject of V = 3h².', 'h = √(V/3)', 'h² = V/3')).toMatchObject({ pointsObtained: 1, confident: true });
    // The question's formula given back is no step.
    expect(check('Make u the subject of s = ut + k.', 'u = (s - k)/t', 's = ut + k')).toMatchObject({ pointsObtained: 0 });
    // Of one mark, nothing to share.
    expect(check('Make u the subject of s = ut + k.', 'u = (s - k)/t', 'ut = s - k', 1)).toMatchObject({ pointsObtained: 0 });
  });

  it('flags a rearrangement with a bracket left out or its last step missed, and marks other wrong ones 0', () => {
    const bracket = check('Make u the subject of s = ut + k.', 'u = (s - k)/t', 'u = s - k/t');
    expect(bracket).toMatchObject({ pointsObtained: 1, confident: false });
    expect(bracket.reason).toContain('slip');
    expect(check('Make h the subject of V = 3h².', 'h = √(V/3)', 'h = √V/3')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Make h the subject of V = 3h².', 'h = √(V/3)', 'h = V/3')).toMatchObject({ pointsObtained: 1, confident: false });
    // The inverse upside down: no step of a right method.
    expect(check('Make u the subject of s = ut + k.', 'u = (s - k)/t', 'u = t/(s - k)')).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    expect(check('Make u the subject of s = ut + k.', 'u = (s - k)/t', 'u = s + k - t')).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
  });

  it("gives an nth term's first mark for the right difference, only in a sequence question", () => {
    expect(check('Find the nth term of 7, 11, 15, 19, ...', '4n + 3', '4n + 7')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Find the nth term of 7, 11, 15, 19, ...', '4n + 3', '4n')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Find the nth term of 7, 11, 15, 19, ...', '4n + 3', 'n + 4')).toMatchObject({ pointsObtained: 0, confident: true });
    // Elsewhere a wrong constant is a wrong answer.
    expect(check('Simplify 4(x + 1) - 3.', '4x + 1', '4x + 3')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('marks the parts of a single term: one mark a part where the marks are as many', () => {
    expect(check('Simplify (3y²)³.', '27y⁶', '9y^6')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Simplify (3y²)³.', '27y⁶', '27y^5')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Simplify (3y²)³.', '27y⁶', '9y^5')).toMatchObject({ pointsObtained: 0 });
  });

  it('gives one of two marks for one number of a completed square right', () => {
    expect(check('Write x² + 8x + 5 in the form (x + p)² + q.', '(x + 4)² - 11', '(x + 4)² + 5')).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
    expect(check('Write x² + 8x + 5 in the form (x + p)² + q.', '(x + 4)² - 11', '(x + 8)² - 11')).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
    expect(check('Write x² + 8x + 5 in the form (x + p)² + q.', '(x + 4)² - 11', '(x + 8)² + 5')).toMatchObject({ pointsObtained: 0 });
  });

  it('flags an expansion in the working with every term but one right', () => {
    const r = check('Expand 4(3a - 2) - 3(a - 5).', '9a + 7', '12a - 8 - 3a - 15 = 9a - 23');
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Expand 4(3a - 2) - 3(a - 5).', '9a + 7', '12a - 2 - 3a - 5 = 9a - 7')).toMatchObject({ pointsObtained: 0 });
  });

  it('gives the method marks of an inequality: a correct step, or the right boundary the wrong way round', () => {
    const key = 'y > -3 (M1 for -2y < 6)';
    expect(check('Solve 5 - 2y < 11', key, '-2y < 6')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Solve 5 - 2y < 11', key, 'y < -3')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Solve 5 - 2y < 11', key, 'y > 3')).toMatchObject({ pointsObtained: 0 });
    expect(check('Solve 5 - 2y < 11', key, '-2y < 16')).toMatchObject({ pointsObtained: 0 });
    // Without a method mark in the key: all but one, for a teacher to confirm.
    expect(check('Solve 5 - 2y < 11', 'y > -3', 'y < -3')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('splits the marks of several values after the method mark, the method implied by a right value', () => {
    const q = 'Solve the simultaneous equations 3a + b = 14 and a - b = 2';
    const key = 'a = 4, b = 2 (M1 for eliminating a variable)';
    expect(check(q, key, 'a = 4, b = 5', 3)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'a = 4', 3)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'a = 4, b = 2', 3)).toMatchObject({ pointsObtained: 3, confident: true });
    // The values swapped between the letters: the method with a slip, flagged.
    expect(check(q, key, 'a = 2, b = 4', 3)).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, key, 'a = 7, b = 1', 3)).toMatchObject({ pointsObtained: 0 });
    expect(check('Solve x² - 7x + 12 = 0', 'x = 3 or x = 4 (M1 for (x-3)(x-4))', 'x = -3, x = -4', 3)).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
  });
});

describe('form asked, an equivalent answer in another form', () => {
  it('gives the method mark of two for a completed square not collected, nothing of one', () => {
    const q = 'Write x² + 10x + 4 in the form (x + p)² + q.';
    expect(check(q, '(x + 5)² - 21', '(x + 5)² - 25 + 4')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '(x + 5)² - 21', '(x + 5)² - 25 + 4', 1)).toMatchObject({ pointsObtained: 0 });
  });

  it('flags an expansion whose like terms are not collected where the key collects them, with half the marks', () => {
    expect(check('Expand 5(a + 2) - 3(a - 1).', '2a + 13', '5a + 10 - 3a + 3')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Expand 5(a + 2) - 3(a - 1).', '2a + 13', '2a + 13')).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('substituting a negative number', () => {
  it('flags the value of a negative number put in without brackets, with the method mark of two', () => {
    const q = 'Work out 5p - q² when p = 3 and q = -4.';
    const r = check(q, '-1', '31');
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(r.reason).toContain('without brackets');
    expect(check(q, '-1', '-1')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, '-1', '7')).toMatchObject({ pointsObtained: 0 });
    expect(check(q, '-1', '31', 1)).toMatchObject({ pointsObtained: 0 });
  });
});

describe("the key's own method note", () => {
  it('decides over the substitution slip where it names the step', () => {
    const r = check('Work out 5p - q² when p = 3 and q = -4.', '-1 (M1 for 15 - 16)', '31');
    expect(r.pointsObtained).toBe(0);
    expect(r.reason ?? '').not.toContain('without brackets');
  });
});

describe('a product after a division sign', () => {
  it('is read as the divisor, as written by hand, and flagged for the missing brackets', () => {
    const r = check('Make h the subject of V = 3kh.', 'h = V/(3k)', 'h = V/3k');
    expect(r).toMatchObject({ pointsObtained: 2, confident: false });
    expect(r.reason).toContain('brackets');
    expect(check('Make h the subject of V = 3kh.', 'h = V/(3k)', 'h = V/(3k)')).toMatchObject({ pointsObtained: 2, confident: true });
  });
});
