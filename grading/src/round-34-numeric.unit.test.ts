import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { keyValues } from './numeric';
import { stepCredit } from './steps';
import { partMarksAsLines, withoutMarkingAsides } from './value-keys';

const check = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('notes in brackets that accept a wording: "(… fine)", "(… OK)", "(… accepted)"', () => {
  it('reads "X fine" as "accept X", another wording of the same value', () => {
    const key = '62.5% (62 1/2 % fine)';
    expect(keyValues(key)?.[0]).toMatchObject({ value: 62.5 });
    expect(check('Write 5/8 as a percentage.', key, '62.5%')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Write 5/8 as a percentage.', key, '62 1/2 %')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('reads a mixed number of per cent written close up as one value', () => {
    expect(check('Write 1/8 as a percentage.', '12.5%', '12 1/2%')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Write 1/8 as a percentage.', '12.5%', '12 1/3%').pointsObtained).toBe(0);
  });

  it('reads a unit the note accepts as the key value in that unit', () => {
    const q = 'A 25 N force pushes a crate 4 m. How much work is done?';
    const key = 'W = Fd = 100 J (N·m accepted)';
    expect(check(q, key, '100 N·m')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '100 J')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '40 N·m').pointsObtained).toBe(0);
  });

  it('reads "(another form OK)" as another form the key takes', () => {
    const q = 'A spinner has 5 equal sectors, one of them red. What is the probability of red?';
    expect(check(q, '1/5 (20% OK)', '20%')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '1/5 (20% OK)', '1/5')).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('the marks before a key and its rulings on lesser answers after it', () => {
  it('leaves out "N pts:" where N is the item\'s marks, and the sentences that rule on lesser answers', () => {
    expect(withoutMarkingAsides('2 pts: setup 40 × 2.2 (1); 88 lb (1). Unrounded 88.2 loses the answer half.', 2)).toBe(
      'setup 40 × 2.2 (1); 88 lb (1)',
    );
    expect(withoutMarkingAsides('62.5% (fine). Decimal only = half.', 1)).toBe('62.5% (fine)');
    expect(withoutMarkingAsides('4.2%. 4% = not rounded as asked.', 1)).toBe('4.2%');
    // A total that is not the item's marks is left as written.
    expect(withoutMarkingAsides('3 pts: 12 m', 2)).toBe('3 pts: 12 m');
  });

  it('marks a percent key whose last sentence rules on a decimal', () => {
    const q = 'Write 5/8 as a percent.';
    const key = '62.5% (62 1/2 % fine). Decimal only = half.';
    expect(check(q, key, '62.5%')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '6.25%').pointsObtained).toBe(0);
  });

  it('reads "1 for V, 1 for U" after the total as a mark for the value and one for the unit', () => {
    const q = 'A cyclist rides 90 m in 2 s. What is her average speed? Include units.';
    const key = '2 pts: 1 for 45, 1 for m/s (metres per second fine)';
    expect(check(q, key, '45 m/s', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '45', 2).pointsObtained).toBe(1);
    expect(check(q, key, '180 m/s', 2).pointsObtained).toBeLessThan(2);
  });

  it('reads "— 1 pt each" after named values as a mark for each', () => {
    const q = 'Solve the system: a + b = 7 and a − b = 3';
    const key = 'a = 5, b = 2 — 1 pt each';
    expect(check(q, key, 'a = 5, b = 2', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'a = 5', 2).pointsObtained).toBe(1);
    expect(check(q, key, 'a = 2, b = 5', 2).pointsObtained).toBe(0);
  });

  it("reads letters' values each with its mark, set apart by spaces, as a mark each", () => {
    expect(partMarksAsLines('p = 6 (1)   q = 1 (1)', 2)).toBe('p = 6, q = 1 (1 each)');
    const q = 'Solve simultaneously: p + q = 7 and p − q = 5.';
    expect(check(q, 'p = 6 (1)   q = 1 (1)', 'p=6, q=1', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, 'p = 6 (1)   q = 1 (1)', 'p=1, q=6', 2).pointsObtained).toBe(0);
  });
});

describe('marks written as ticks, or before each step', () => {
  it('reads "✓ V ✓ U" as a mark for the value and one for the unit', () => {
    expect(withoutMarkingAsides('✓ 12 ✓ N', 2)).toBe('B1 12\nB1 N');
    expect(withoutMarkingAsides('✓ 9', 1)).toBe('9');
    const q = 'A 3 kg trolley accelerates at 4 m/s². Calculate the resultant force.';
    expect(check(q, '✓ 12 ✓ N', '12 N', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, '✓ 12 ✓ N', '12', 2).pointsObtained).toBe(1);
    expect(check(q, '✓ 12 ✓ N', '0.75 N', 2).pointsObtained).toBeLessThan(2);
  });

  it('reads "(1) step (1) answer" as the steps with their marks', () => {
    expect(withoutMarkingAsides('(1) 30/150 × 100  (1) 20%', 2)).toBe('30/150 × 100 (1); 20% (1)');
    const q = 'A price rises from 150 to 180. Calculate the percentage increase.';
    const key = '(1) 30/150 × 100  (1) 20%';
    expect(check(q, key, '20%', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '30%', 2).pointsObtained).toBe(0);
  });

  it('reads "(1) correct formulae (1) balanced" after an equation as what each mark is for', () => {
    const q = 'Write a balanced symbol equation for magnesium burning in oxygen.';
    const key = '2Mg + O2 → 2MgO   (1) correct formulae  (1) balanced';
    expect(check(q, key, '2Mg + O2 -> 2MgO', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, 'Mg + O2 → MgO', 2).pointsObtained).toBe(1);
  });
});

describe('factorising fully', () => {
  const q = 'Factor completely: 3x² − 27';
  const key = '3(x − 3)(x + 3). 1 pt for the common factor 3, 1 pt for the difference of two squares.';

  it('reads the sentence that splits the marks into steps as no part of the answer', () => {
    expect(check(q, key, '3(x+3)(x-3)', 2)).toMatchObject({ pointsObtained: 2, confident: true });
  });

  it('gives a share to a factorisation with a bracket that still factorises', () => {
    expect(check(q, key, '3(x² − 9)', 2)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('flags the brackets without the common factor, a share of two marks', () => {
    expect(check(q, key, '(x − 3)(x + 3)', 2)).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('takes the factors in either order where the key says so', () => {
    const k = '(x + 1)(x + 5), either order';
    expect(check('Factor completely: x² + 6x + 5', k, '(x+5)(x+1)')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Factor completely: x² + 6x + 5', '(x + 1)(x + 5) (either order)', '(x+5)(x+1)').pointsObtained).toBe(1);
  });
});

describe('both roots written with ±', () => {
  it('reads "x = ±9" in a key as both roots', () => {
    expect(keyValues('x = ±9 (both needed)')?.map((q) => q.value)).toEqual([9, -9]);
    expect(check('Solve x² = 81.', 'x = ±9 (both needed)', 'x = 9 or x = -9')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Solve x² = 81.', 'x = ±9 (both needed)', 'x = 9').pointsObtained).toBe(0);
  });
});

describe('a fraction left unsimplified where no form is asked', () => {
  it('accepts it, flagged: some teachers hold every final fraction to its simplest form', () => {
    expect(check('Work out 1/2 + 1/6.', '2/3', '4/6')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Work out 2 1/2 × 1 1/5.', '3', '18/6')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Work out 1/2 + 1/6.', '2/3', '2/3')).toMatchObject({ pointsObtained: 1, confident: true });
    // Where the simplest form is asked, it is still 0.
    expect(check('Simplify 10/16.', '5/8', '20/32').pointsObtained).toBe(0);
  });
});

describe('a key marked step by step, where the question asks for a precision', () => {
  it('credits the final step only as rounded, the method before it implied, flagged', () => {
    const q = 'Calculate the percentage by mass of carbon in CO₂ (C = 12, O = 16). Give your answer to 1 decimal place.';
    const key = '12/44 × 100 (1)  = 27.3% (1)';
    expect(check(q, key, '27.3%', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '27%', 2)).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, key, '27.2%', 2)).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, key, '36.4%', 2).pointsObtained).toBe(0);
  });

  it('reads a value with a unit as a value, not a division ("81 km/h")', () => {
    const q = 'Convert 50 mph to km/h (1 mile ≈ 1.61 km). Round to the nearest whole number.';
    expect(stepCredit('setup 50 × 1.61 (1); 81 km/h (1)', '80.5 km/h', q)).toMatchObject({ points: 1, unrounded: true });
    const key = '2 pts: setup 50 × 1.61 (1); 81 km/h (1). Unrounded 80.5 loses the answer half.';
    expect(check(q, key, '81 km/h', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '80.5 km/h', 2)).toMatchObject({ pointsObtained: 1, confident: false });
  });
});

describe('a key of the coefficients that fill the blanks of an equation', () => {
  const q = 'Balance: __N₂ + __H₂ → __NH₃';
  const key = '1, 3, 2 (lowest whole numbers)';

  it('reads the numbers written alone or in the equation written out (no number is 1)', () => {
    expect(check(q, key, '1, 3, 2')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, 'N2 + 3H2 -> 2NH3')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '1, 2, 3')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('gives nothing for a formula changed to balance', () => {
    expect(check(q, key, 'N2 + H2 → N2H2')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('flags a whole multiple of the lowest numbers: nothing for some teachers, half for others', () => {
    expect(check(q, key, '2, 6, 4')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('a formula the key takes "fine" is that formula, in its case', () => {
  it('reads "(NO2 fine)" as "(accept NO2)": a formula in another case is marked as against the key alone', () => {
    expect(withoutMarkingAsides('NO₂ (NO2 fine)', 1)).toBe('NO₂ (accept NO2)');
    const q = 'Write the chemical formula for nitrogen dioxide.';
    expect(check(q, 'NO₂ (NO2 fine)', 'NO2')).toMatchObject({ pointsObtained: 1, confident: true });
    const bare = check(q, 'NO₂', 'No2');
    expect(check(q, 'NO₂ (NO2 fine)', 'No2')).toMatchObject({ pointsObtained: bare.pointsObtained, confident: bare.confident });
  });
});

describe('the unit of another quantity on one mark, where the policy takes only half off a wrong unit', () => {
  it('gives half with the policy, nothing without it', () => {
    const q = 'What is the area of a square of side 6 cm?';
    const half = checkAnswer({
      question: q,
      answer: '36 cm²',
      response: '36 cm',
      marksPossible: 1,
      policy: { rightNumberWrongUnit: 'half-off' },
    });
    expect(half).toMatchObject({ pointsObtained: 0.5, confident: true });
    expect(check(q, '36 cm²', '36 cm')).toMatchObject({ pointsObtained: 0 });
    const none = checkAnswer({
      question: q,
      answer: '36 cm²',
      response: '36 cm',
      marksPossible: 1,
      policy: { rightNumberWrongUnit: 'nothing' },
    });
    expect(none.pointsObtained).toBe(0);
  });
});
