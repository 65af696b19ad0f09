import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { checkEquation, readEquation } from './equations';
import { showsWorking } from './numeric';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('method marks for a wrong final value, always flagged', () => {
  it('gives half of two marks for working shown before a wrong answer, and flags it', () => {
    const r = check('Convert 30 °C to °F. (F = 9C/5 + 32)', '86 °F', '30 × 9 ÷ 5 = 54 °F');
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(r.reason).toContain('Working is shown');
    expect(check('Solve 4(x + 1) = 20.', 'x = 4', '4x + 4 = 20, 4x = 16, x = 5')).toMatchObject({ pointsObtained: 1, confident: false });
    // Of one mark there is nothing to share, but a teacher still looks.
    expect(check('Convert 30 °C to °F. (F = 9C/5 + 32)', '86 °F', '30 × 9 ÷ 5 = 54 °F', 1)).toMatchObject({
      pointsObtained: 0,
      confident: false,
    });
    // Working that uses none of the question's numbers shows no method: flagged, without a share.
    expect(check('What is the density of a 300 g block with a volume of 60 cm³?', '5 g/cm³', '2 + 2 = 4 g/cm³')).toMatchObject({
      pointsObtained: 0,
      confident: false,
    });
    // A wrong answer without working stays a confident 0.
    expect(check('Work out 15 × 4.', '60', '64')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('reads a correct step left unfinished by its root', () => {
    const r = check('Solve 7x − 3 = 4x + 9.', 'x = 4', '3x = 12');
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(r.feedback).toContain('not finished');
    expect(check('Solve 7x − 3 = 4x + 9.', 'x = 4', '3x = 15')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('knows the percentage of the amount without the change applied', () => {
    const r = check('Increase £200 by 10%.', '£220', '£20');
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(r.feedback).toContain('10% of 200');
    expect(check('Increase £200 by 10%.', '£220', '£220').pointsObtained).toBe(2);
    // The change the other way (a decrease for an increase): a share, flagged; any other wrong value none.
    expect(check('Increase 80 kg by 10%.', '88 kg', '72 kg')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Increase 80 kg by 10%.', '88 kg', '90 kg')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('flags decimal hours written as hours and minutes', () => {
    const r = check('How long does it take to walk 10 km at 4 km/h?', '2.5 hours', '2 hours 50 minutes');
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('How long does it take to walk 10 km at 4 km/h?', '2.5 hours', '2 hours 30 minutes').pointsObtained).toBe(2);
    // Of one mark there is no method mark to give: simply wrong, not flagged.
    expect(check('Convert 2.4 hours into hours and minutes.', '2 h 24 min', '2 hours 40 minutes', 1)).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
  });
});

describe('a key of labelled parts', () => {
  it('marks each part by its label', () => {
    const q = 'Work out (a) 48 ÷ 6 and (b) 6 × 9.';
    expect(check(q, '(a) 8 (b) 54', '(a) 8, (b) 54')).toMatchObject({ pointsObtained: 2, confident: true });
    const one = check(q, '(a) 8 (b) 54', 'a) 8  b) 56');
    expect(one).toMatchObject({ pointsObtained: 1, confident: true });
    expect(one.feedback).toContain('(b) 54');
    expect(check(q, '(a) 8 (b) 54', 'a) 54 b) 8').pointsObtained).toBe(0);
  });
});

describe('hours and minutes', () => {
  it('reads a key in hours and minutes, and wants that form where the question asks for it', () => {
    const q = 'How long is 150 minutes in hours and minutes?';
    expect(check(q, '2 hours 30 minutes', '2 hrs 30 mins', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '2 hours 30 minutes', '2:30', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '2 hours 30 minutes', '150 minutes', 1)).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check(q, '2 hours 30 minutes', '2 hours 20 minutes', 1)).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('an expansion with every term right but one', () => {
  it('gets half of its marks, flagged, where the expansion has three terms or more', () => {
    expect(check('Expand and simplify (x + 3)(x + 2).', 'x² + 5x + 6', 'x² + 5x + 5')).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
    expect(check('Expand and simplify (x + 3)(x + 2).', 'x² + 5x + 6', 'x² + 6')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Expand and simplify (x + 1)(x − 1).', 'x² − 1', 'x² + 1')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('chemical equations', () => {
  it('reads formulas with coefficients and state symbols', () => {
    const eq = readEquation('2H₂(g) + O₂(g) → 2H₂O(l)')!;
    expect(eq.left.map((s) => [s.count, s.formula])).toEqual([
      [2, 'H2'],
      [1, 'O2'],
    ]);
    expect(readEquation('hydrogen + oxygen → water')).toBeNull();
  });

  it('wants the right formulas, balanced', () => {
    const q = 'Write the balanced symbol equation for methane burning in oxygen.';
    const key = 'CH4 + 2O2 → CO2 + 2H2O';
    expect(check(q, key, 'CH4 + 2O2 → CO2 + 2H2O')).toMatchObject({ pointsObtained: 2, confident: true });
    // A multiple of the lowest ratio: full marks for some teachers, a mark off for others (flagged).
    expect(check(q, key, '2CH4 + 4O2 -> 2CO2 + 4H2O')).toMatchObject({ pointsObtained: 2, confident: false });
    const unbalanced = check(q, key, 'CH4 + O2 → CO2 + H2O');
    expect(unbalanced).toMatchObject({ pointsObtained: 1, confident: false });
    expect(unbalanced.feedback).toContain('not balanced');
    expect(check(q, key, 'CH4 + O2 → CO + H2O', 1)).toMatchObject({ pointsObtained: 0 });
    expect(check(q, key, 'NaCl → Na + Cl2')).toMatchObject({ pointsObtained: 0, confident: true });
    // A physics formula is no chemical equation, though its letters are symbols of elements.
    expect(checkEquation('P = VI', 'P = IV', 2)).toBeNull();
    const power = 'Write the equation linking power, potential difference and current.';
    expect(check(power, 'P = VI', 'P = I × V')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(power, 'P = VI', 'P = V/I')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('a key naming its method step: an equivalent method is flagged only where working is shown', () => {
  const q = 'A coat costs £60 after a 25% discount. What was its price before?';
  const key = '£80 (M1 for 60 ÷ 0.75)';
  it('leaves a bare wrong value a confident 0: it shows no method, equivalent or not', () => {
    for (const response of ['£45', '105', '3/4', 'x = 7'])
      expect(check(q, key, response), response).toMatchObject({ pointsObtained: 0, confident: true });
  });
  it('flags working that does not show the named step: it may be an equivalent method', () => {
    const r = check(q, key, '75% = 60 so 25% = 20');
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
    expect(r.reason).toContain('equivalent method');
  });
  it('tells working from a bare value', () => {
    expect(showsWorking('£432')).toBe(false);
    expect(showsWorking('50/54')).toBe(false);
    expect(showsWorking('x = 1')).toBe(false);
    expect(showsWorking('5000 x 1.03 = 5150')).toBe(true);
    expect(showsWorking('80% = 64 so 10% = 8')).toBe(true);
  });
});

describe('several values with a method mark: sure where the method is written down', () => {
  const q = 'Solve x² − 5x + 6 = 0.';
  const key = 'x = 2 or x = 3 (M1 for (x-2)(x-3))';
  it('gives the method mark without a flag for the factorisation written with no roots', () => {
    expect(check(q, key, '(x-2)(x-3) = 0', 3)).toMatchObject({ pointsObtained: 2, confident: true });
  });
  it('still flags a method read only from slipped values (signs changed), no step shown', () => {
    const r = check(q, key, 'x = -2, x = -3', 3);
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(r.reason).toContain('A correct method with a wrong value');
  });
});
