import { describe, expect, it } from 'vitest';
import { checkAnswer, type CheckAnswerInput } from './check';

const check = (over: Partial<CheckAnswerInput> & Pick<CheckAnswerInput, 'answer' | 'response'>) =>
  checkAnswer({ question: '', marksPossible: 1, ...over });

describe('a comparison said the other way round', () => {
  const cork = { question: 'Explain why a cork floats on water.', answer: 'cork is less dense than water (1)' };
  const echo = { question: 'Why do you hear an echo after you shout?', answer: 'light travels faster than sound (1)' };
  it('earns nothing when it states the opposite (the things swapped, or the opposite word)', () => {
    expect(check({ ...cork, response: 'because water is less dense than cork' })).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check({ ...cork, response: 'cork is more dense than water' }).pointsObtained).toBe(0);
    expect(check({ ...echo, response: 'sound travels faster than light' })).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check({ ...echo, response: 'light is slower than sound' }).pointsObtained).toBe(0);
  });
  it('earns the point when both are turned (the opposite word, the things swapped)', () => {
    expect(check({ ...cork, response: 'water is more dense than cork' }).pointsObtained).toBe(1);
    expect(check({ ...echo, response: 'sound is slower than light' }).pointsObtained).toBe(1);
    expect(check({ ...echo, response: 'light moves quicker than sound' }).pointsObtained).toBe(1);
  });
});
