import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { markPoints } from './point-marks';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('keys whose marks name their points', () => {
  it('reads the answer and the point of each mark', () => {
    expect(markPoints('Both are 12 - B1 for equal, B1 for showing 12')).toEqual({
      answer: 'Both are 12',
      points: [
        { marks: 1, what: 'equal' },
        { marks: 1, what: '12' },
      ],
    });
    expect(markPoints('No, 51 = 3 × 17 (B1 for not prime; B1 for 3 × 17)')?.points).toHaveLength(2);
    expect(markPoints('12 (M1 for 3 × 4)')).toBeNull();
  });

  it('marks each point on its own: a value by the number written, words by the same words or a synonym', () => {
    const q = 'Which is more: 20% of 35 or 35% of 20? Explain.';
    const key = 'They are the same (both 7) - B1 for equal, B1 for showing 7';
    expect(check(q, key, 'Both are 7, so they are equal').pointsObtained).toBe(2);
    expect(check(q, key, 'the same, both 7').pointsObtained).toBe(2);
    expect(check(q, key, 'equivalent')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '20% of 35 = 7 and 35% of 20 = 7').pointsObtained).toBe(1);
    expect(check(q, key, '35% of 20 is bigger').pointsObtained).toBe(0);
    expect(check(q, key, 'not equal, 7 and 8')).toMatchObject({ confident: false });
  });
});
