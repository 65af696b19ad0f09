import { describe, expect, it } from 'vitest';
import { schemeAsNotes } from './algebra-scheme';
import { checkAnswer } from './index';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('an algebra key whose marks are counts after the answer ("x = 6; 1 for 3x = 18")', () => {
  it('reads a counted mark for a step as a method mark, one for the answer as its accuracy mark', () => {
    expect(schemeAsNotes('x = 6; 1 for 3x = 18')).toBe('x = 6 (M1 for 3x = 18)');
    expect(schemeAsNotes('(x + 1)(x + 4); 1 for one correct bracket')).toBe('(x + 1)(x + 4) (M1 for one correct bracket)');
    expect(schemeAsNotes('3x(x − 5). 1 for a partial factorisation; 2 for fully')).toBe('3x(x − 5) (M1 for a partial factorisation)');
    expect(schemeAsNotes('x + 9. 1 for 4x + 8 − 3x + 1; 1 for x + 9')).toBe('x + 9 (M1 for 4x + 8 − 3x + 1)');
    expect(schemeAsNotes('x² + 7x + 10. 1 for three of the four terms; 1 for fully simplified')).toBe(
      'x² + 7x + 10 (M1 for three of the four terms)',
    );
    expect(schemeAsNotes('2x − 3; must be simplified')).toBe('2x − 3 (must be simplified)');
  });

  it('gives a right answer all the marks, and the step alone its method mark', () => {
    const q = 'Solve 4x − 5 = 2x + 7.';
    expect(check(q, 'x = 6; 1 for 2x = 12', 'x = 6')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, 'x = 6; 1 for 2x = 12', '2x = 12').pointsObtained).toBe(1);
    const f = 'Factorise x² + 5x + 4.';
    expect(check(f, '(x + 1)(x + 4); 1 for one correct bracket', '(x+4)(x+1)')).toMatchObject({ pointsObtained: 2, confident: true });
    const e = 'Expand and simplify 2(x + 5) − (x − 1).';
    expect(check(e, 'x + 11. 1 for 2x + 10 − x + 1; 1 for x + 11', 'x + 11')).toMatchObject({ pointsObtained: 2, confident: true });
  });

  it('gives the mark for one correct bracket to a factor of the key, or to the root that stands for it', () => {
    const f = 'Factorise x² + 7x + 12.';
    const key = '(x + 3)(x + 4); 1 for one correct bracket';
    expect(check(f, key, '(x+3)(x-4)')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(f, key, 'x = -3, x = -4')).toMatchObject({ pointsObtained: 1 });
    expect(check(f, key, '(x+2)(x+6)')).toMatchObject({ pointsObtained: 0 });
  });
});

describe("an algebra key with a marker's abbreviation, or in two forms", () => {
  it('reads "oe" after a value as no letters', () => {
    const q = 'Work out 1/4 + 2/3';
    const key = 'M1 for common denominator e.g. 3/12 + 8/12\nA1 11/12 oe (accept 0.917 or better)';
    expect(check(q, key, '11/12')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '3/12 + 8/12 = 11/24').pointsObtained).toBe(1);
  });

  it('accepts either form of a key written as two forms of one expression', () => {
    const q = 'Write an expression for the perimeter of an equilateral triangle with side (y + 5).';
    expect(check(q, '3(y + 5) or 3y + 15', '3(y+5)', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '3(y + 5) or 3y + 15', '3y + 15', 1).pointsObtained).toBe(1);
    expect(check(q, '3(y + 5) or 3y + 15', '3y + 5', 1).pointsObtained).toBe(0);
  });
});

describe('the simplest form of a term', () => {
  it('takes a term written with its times signs, or a letter times itself written out, as not the simplest form', () => {
    const q = 'Write m + m + m + m + m in its simplest form.';
    expect(check(q, '5m', '5 × m', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, '5m', '5m', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    const r = 'Write 2 × c × d × d in its simplest form.';
    expect(check(r, '2cd²', '2cdd', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(r, '2cd²', '2cd^2', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(r, '2cd²', '2d²c', 1).pointsObtained).toBe(1);
  });

  it('flags a digit typed between letters, a power or a coefficient', () => {
    const r = 'Write 7 × p × p × q in its simplest form.';
    expect(check(r, '7p²q', '7p2q', 1)).toMatchObject({ confident: false });
  });
});

describe('an algebra key written as marks in one line, parted by semicolons ("M1 …; A1 …", "B1 x = …; B1 y = …")', () => {
  it('reads each mark after a semicolon as a mark of its own, the accuracy mark the answer', () => {
    expect(schemeAsNotes('M1 5x + 10 − 2x + 6; A1 3x + 16')).toBe('3x + 16 (M1 for 5x + 10 − 2x + 6)');
    expect(schemeAsNotes('M1 (x − 1)(x − 6); A1 x = 1 and x = 6. Answer only: both roots 2, one root 1')).toBe(
      'x = 1 and x = 6 (M1 for (x − 1)(x − 6); Answer only: both roots 2, one root 1)',
    );
    expect(schemeAsNotes('B1 a = 4; B1 b = −2')).toBe('a = 4, b = −2 (one mark for each)');
  });

  it('gives the answer alone both marks, and one unknown of two one mark', () => {
    const expand = 'Expand and simplify 5(x + 2) − 2(x − 3).';
    expect(check(expand, 'M1 5x + 10 − 2x + 6; A1 3x + 16', '3x + 16')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(expand, 'M1 5x + 10 − 2x + 6; A1 3x + 16', '16 + 3x').pointsObtained).toBe(2);
    const roots = 'Solve x² − 7x + 6 = 0.';
    const key = 'M1 (x − 1)(x − 6); A1 x = 1 and x = 6. Answer only: both roots 2, one root 1';
    expect(check(roots, key, 'x = 6').pointsObtained).toBe(1);
    expect(check(roots, key, 'x = 1, x = 6').pointsObtained).toBe(2);
    const pair = 'Solve the simultaneous equations a + b = 2 and a − b = 6.';
    expect(check(pair, 'B1 a = 4; B1 b = −2', 'a = 4, b = −2')).toMatchObject({ pointsObtained: 2 });
    expect(check(pair, 'B1 a = 4; B1 b = −2', 'a = 4').pointsObtained).toBe(1);
    expect(check(pair, 'B1 a = 4; B1 b = −2', 'a = 4, b = 2').pointsObtained).toBe(1);
  });
});

describe('a partial factorisation where the question asks to factorise fully on one mark', () => {
  it('earns nothing, the form being the point of the question; on two marks still half; without "fully" half, flagged', () => {
    const q1 = 'Factorise fully 10y² + 15y.';
    expect(check(q1, '5y(2y + 3)', 'y(10y + 15)', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q1, '5y(2y + 3)', '5(2y² + 3y)', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q1, '5y(2y + 3)', '5y(2y + 3)', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q1, '5y(2y + 3)', 'y(10y + 15)', 2)).toMatchObject({ pointsObtained: 1, confident: true });
    // Without "fully", teachers differ (half, or nothing): half, flagged.
    expect(check('Factorise 10y² + 15y.', '5y(2y + 3)', 'y(10y + 15)', 1)).toMatchObject({ pointsObtained: 0.5, confident: false });
  });
});
