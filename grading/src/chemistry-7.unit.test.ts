import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';

const grade = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, marksPossible, response });

describe('chemistry keys written with "/" and notes of form', () => {
  it('reads "hydrogen / H2" as one compound, so a lone atom symbol is the flagged near-miss', () => {
    const q = 'Which gas burns with a squeaky pop?';
    expect(grade(q, 'hydrogen / H2', 'H2').pointsObtained).toBe(1);
    expect(grade(q, 'hydrogen / H2', 'hydrogen').pointsObtained).toBe(1);
    expect(grade(q, 'hydrogen / H2', 'H').confident).toBe(false);
  });

  it('"(formula asked)" in the key takes the formula only, and is no compound of its own', () => {
    const q = 'What is the chemical formula of quicklime?';
    expect(grade(q, 'CaO (formula asked)', 'CaO')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, 'CaO (formula asked)', 'calcium oxide')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('an "-ous" acid is another substance than its "-ic" acid', () => {
    const q = 'Name the acid with formula HNO3.';
    expect(grade(q, 'nitric acid', 'nitrous acid')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('a balanced equation that is a multiple of the lowest ratio is flagged (teachers differ)', () => {
    const q = 'Balance the equation: Mg + O2 → MgO';
    expect(grade(q, '2Mg + O2 → 2MgO', '2Mg + O2 → 2MgO')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, '2Mg + O2 → 2MgO', '4Mg + 2O2 → 4MgO').confident).toBe(false);
  });
});

describe('a key of element symbols', () => {
  it('takes the symbol or the element’s name, and nothing else', () => {
    const q = 'Name one alkali metal (name or symbol).';
    const key = 'Li, Na, K, Rb, Cs';
    expect(grade(q, key, 'sodium')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, key, 'Na')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, key, 'calcium')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});
