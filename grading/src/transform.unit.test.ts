import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';

const check = (question: string, answer: string, response: string) => checkAnswer({ question, answer, response, marksPossible: 1 });

describe('a quoted sentence to change: the changed words are the answer', () => {
  const q = "Change to the past tense: 'He catches the bus.'";
  const key = 'He caught the bus.';

  it('takes the changed word alone, or the whole sentence', () => {
    expect(check(q, key, 'caught')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, 'he caught the bus')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('marks the sentence with another word in its place wrong, confidently (an inflection must be exact)', () => {
    expect(check(q, key, 'He catched the bus.')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, key, 'catched')).toMatchObject({ pointsObtained: 0 });
  });

  it('leaves questions that quote no sentence to the other checks', () => {
    expect(check("Write the plural of 'goose'.", 'geese', 'geese')).toMatchObject({ pointsObtained: 1, confident: true });
  });
});
