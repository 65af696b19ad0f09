import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { keySteps } from './steps';

const check = (question: string, answer: string, response: string, marksPossible: number) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('keys marked step by step', () => {
  it('reads the steps of a key and their marks, and leaves other keys alone', () => {
    expect(keySteps('250 × 0.8 (M1) = £200 (A1)')?.map((s) => [s.code, s.marks])).toEqual([
      ['M', 1],
      ['A', 1],
    ]);
    expect(keySteps('W = F × d (1); 1.5 km or 1500 m (1); W = 30 000 J (1); = 30 kJ (1)')).toHaveLength(4);
    expect(keySteps('12 cm (1)')).toBeNull();
    expect(keySteps('x = 4 (M1 for 3x = 12)')).toBeNull();
  });

  it('gives the marks of the steps the working shows, a right value implying the step before it', () => {
    const q =
      'A coat costs £250. It is reduced by 20%, then the new price rises by 10%. Find the final price and the overall percentage change.';
    const key = '250 × 0.8 (M1) = £200 (A1); 200 × 1.1 (M1) = £220 (A1) (4)';
    expect(check(q, key, '£220', 4).pointsObtained).toBe(4);
    expect(check(q, key, '250 × 0.8 = 200, then 200 × 1.1 = 210', 4).pointsObtained).toBe(3);
    expect(check(q, key, '£200, £230', 4).pointsObtained).toBe(2);
    expect(check(q, key, '250 × 0.8 = 180', 4).pointsObtained).toBe(1);
    expect(check(q, key, '£50', 4).pointsObtained).toBe(0);
    // A value worked out is no value written: 250 × 0.8 = 180 does not write 200.
    expect(check(q, key, '250 × 0.8 = 180', 4).matched).toEqual([]);
  });

  it('wants the last step in the unit the question names, and credits a formula used, flagged', () => {
    const q = 'A crane lifts a load with a force of 20 N through 1.5 km. Calculate the work done in kJ.';
    const key = 'W = F × d (1); 1.5 km or 1500 m (1); W = 30 000 J (1); = 30 kJ (1)';
    expect(check(q, key, '30 kJ', 4).pointsObtained).toBe(4);
    expect(check(q, key, '20 × 1500 = 30 000 J', 4)).toMatchObject({ pointsObtained: 3 });
    expect(check(q, key, '20 × 1.5 = 30 J', 4)).toMatchObject({ pointsObtained: 1, confident: false });
  });
});
