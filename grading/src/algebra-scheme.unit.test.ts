import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { schemeAsNotes } from './algebra-scheme';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('a mark scheme written as lines or sentences', () => {
  it('reads the answer and its notes from lines of marks', () => {
    expect(schemeAsNotes('M1 3y + 12 = 21 or y + 4 = 7\nA1 y = 3')).toBe('y = 3 (M1 for 3y + 12 = 21 or y + 4 = 7)');
    expect(schemeAsNotes('5a − 9. M1 for 8a − 4 or −3a − 5 correctly expanded. A1 5a − 9.')).toBe(
      '5a − 9 (M1 for 8a − 4 or −3a − 5 correctly expanded)',
    );
    expect(schemeAsNotes('2 marks 5y(2y + 3)\n1 mark for a partial factorisation e.g. 5(2y² + 3y)')).toBe(
      '5y(2y + 3) (1 mark for a partial factorisation e.g. 5(2y² + 3y))',
    );
    expect(schemeAsNotes('a = 4, b = 1. One mark for each.')).toBe('a = 4, b = 1 (One mark for each)');
    // Independent marks, each going on from the last, are one expression.
    expect(schemeAsNotes('B1 (x − 2)²\nB1 + 3')).toBe('(x − 2)² + 3 (B1 for (x − 2)²; B1 for + 3)');
  });

  it('leaves a key alone that is not written so, or whose answer cannot be told', () => {
    expect(schemeAsNotes('x = 4 (M1 for 3x = 12)')).toBe('x = 4 (M1 for 3x = 12)');
    expect(schemeAsNotes('2.5 × 10³')).toBe('2.5 × 10³');
    expect(schemeAsNotes('B1 charge +2. B1 symbol Mg²⁺.')).toBe('B1 charge +2. B1 symbol Mg²⁺.');
  });

  it('marks a solved equation by the key written as lines: the answer alone is full marks, the named step its mark', () => {
    const q = 'Solve 3(y + 4) = 21';
    const key = 'M1 3y + 12 = 21 or y + 4 = 7\nA1 y = 3';
    expect(check(q, key, 'y=3')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'y + 4 = 7')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, 'y = 9')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('marks simultaneous values one mark each, and none for values swapped', () => {
    const q = 'Solve the simultaneous equations a + b = 5 and a − b = 3.';
    const key = 'a = 4, b = 1. One mark for each.';
    expect(check(q, key, 'a=4 b=1')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'a=1, b=4')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it("gives an expansion the key's mark for its terms where the key writes it as a sentence", () => {
    const q = 'Expand and simplify (x + 5)(x − 2).';
    const key = 'x² + 3x − 10. M1 for 4 terms with at least 3 correct. A1 fully simplified.';
    expect(check(q, key, 'x² + 3x − 10')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'x^2 - 2x + 5x - 10')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('reads "2 marks <answer>" as the answer and "1 mark for …" as its note', () => {
    const q = 'Factorise fully 10y² + 15y';
    const key = '2 marks 5y(2y + 3)\n1 mark for a partial factorisation e.g. 5(2y² + 3y), y(10y + 15)';
    expect(check(q, key, '5y(2y+3)')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'y(10y+15)')).toMatchObject({ pointsObtained: 1 });
    expect(check(q, key, '5y(2y+5)')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('method marks read from the answer itself, whatever notes the key has', () => {
  it("gives a completed square's right bracket its mark where the key's notes name the parts", () => {
    const q = 'Write x² + 8x + 3 in the form (x + a)² + b';
    expect(check(q, 'B1 (x + 4)²\nB1 − 13', '(x+4)² + 3')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it("gives a sequence's right coefficient its mark where the key's notes name the parts", () => {
    const q = 'Find the nth term of the sequence 7, 11, 15, 19, ...';
    expect(check(q, 'B1 4n\nB1 + 3\n(4n + 3)', '4n+1')).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('answers typed as students type them', () => {
  it('reads a digit typed after a letter as its power', () => {
    expect(check('Simplify y⁴ × y³', 'y⁷', 'y7', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Simplify (3y²)²', '9y⁴', '9y4', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Simplify y⁴ × y³', 'y⁷', 'y12', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Expand and simplify (x + 5)(x − 2).', 'x² + 3x − 10', 'x2+3x-10')).toMatchObject({ pointsObtained: 2, confident: true });
  });

  it('reads it as the coefficient where only that reading is right, for a teacher to confirm', () => {
    const r = check('Find the nth term of the sequence 9, 13, 17, 21, …', '4n + 5', 'n4 + 5', 1);
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('leaves off a unit written after an expression', () => {
    const q = 'Apples cost 20p each and a bag costs 5p. Write an expression for the cost, in pence, of n apples and a bag.';
    expect(check(q, '20n + 5', '5 + 20n pence', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('solutions and forms', () => {
  it('gives one mark for every root only: some of them earn nothing (of two marks, the share stands)', () => {
    expect(check('Solve y² = 64', 'y = 8 or y = −8 (both needed)', '8', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Solve y² = 64', 'y = 8 or y = −8', 'y = ±8', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Solve y² = 64', 'y = 8 or y = −8', 'y = 8', 2)).toMatchObject({ pointsObtained: 1 });
  });

  it('reads the numbers of the form asked, given as letters, as the form written out', () => {
    const q = 'Write 2x² + 12x + 7 in the form a(x + b)² + c.';
    expect(check(q, '2(x + 3)² − 11', 'a = 2, b = 3, c = −11')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, '2(x + 3)² − 11', 'a = 2, b = 3, c = 7')).toMatchObject({ pointsObtained: 0 });
  });

  it("gives the marks the key's notes name for letters of the form, read from the answer", () => {
    const q = 'Write 2x² + 12x + 7 in the form a(x + b)² + c.';
    const key = '2(x + 3)² − 11. B1 for a = 2 and b = 3. B1 for c = −11.';
    expect(check(q, key, '2(x+3)^2 + 7')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '(x+3)^2 - 11')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '(x+6)^2 - 29')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('more ways keys and answers are written', () => {
  it('reads "or any correct equivalent expression e.g. …" as any equivalent form', () => {
    const q = 'A rectangle has length (y + 4) and width 3y. Write an expression for its perimeter.';
    const key = '8y + 8 or any correct equivalent expression e.g. 2(y + 4) + 6y';
    expect(check(q, key, '8y+8', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '2(y+4)+6y', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '3y² + 12y', 1)).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('flags an expansion with one sign slipped, then collected, offering the method mark', () => {
    const q = 'Expand and simplify 4(3y − 2) − 3(y + 2).';
    const r = check(q, '9y − 14 (M1 for 12y − 8 or −3y − 6 correctly expanded)', '9y - 2');
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    // Where the key gives no mark for the expansion, the wrong answer is wrong.
    expect(check('Expand and simplify 3(y + 2) + 2(y − 4).', '5y − 2', '5y + 14')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe("a marker's note in words after the key", () => {
  it('reads the key without "(brackets in either order)", and a factorisation then solved as the factorisation', () => {
    const q = 'Factorise x² + 6x + 8.';
    const key = '(x + 2)(x + 4) (brackets in either order)';
    expect(check(q, key, '(x+4)(x+2)', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '(x+8)(x+1)', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, key, '(x + 2)(x + 4) = 0 so x = -2 or -4', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('reads an equation key without "(both 2s needed)": a formula changed to balance is wrong', () => {
    const q = 'Balance the equation: __Na + Cl₂ → __NaCl';
    const key = '2Na + Cl₂ → 2NaCl (both 2s needed)';
    expect(check(q, key, '2Na + Cl2 → 2NaCl', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, 'Na + Cl → NaCl', 1)).toMatchObject({ pointsObtained: 0, confident: true });
  });
});
