import { describe, expect, it } from 'vitest';
import { checkAnswer, type CheckAnswerInput } from './check';

const check = (over: Partial<CheckAnswerInput> & Pick<CheckAnswerInput, 'answer' | 'response'>) =>
  checkAnswer({ question: '', marksPossible: 1, ...over });

describe('a one-point definition or a list item with a key word swapped for another', () => {
  it('does not make the point when the word that sets it apart is replaced', () => {
    const q = "What does 'carnivore' mean?";
    const key = 'an animal that eats only meat';
    expect(check({ question: q, answer: key, response: 'an animal that only eats meat' })).toMatchObject({ pointsObtained: 1 });
    expect(check({ question: q, answer: key, response: 'an animal that eats grass' })).toMatchObject({ pointsObtained: 0 });
    const item = check({
      question: 'Give one reason a harvest can fail.',
      answer: 'any one: lack of rain; pests; frost damage',
      response: 'heavy rain',
    });
    expect(item.pointsObtained).toBe(0);
  });
  it('still makes it when another word stands before the same noun ("cold wet spring" for "long wet spring")', () => {
    const r = check({
      question: 'Give two reasons the crop was poor.',
      answer: 'any two of: long wet spring (1); late frost (1); pests (1)',
      marksPossible: 2,
      response: 'a cold wet spring and pests',
    });
    expect(r.pointsObtained).toBe(2);
  });
});

describe('an explanation key with accepted wordings', () => {
  it('gives the mark of a one-mark key for an accepted wording said whole', () => {
    const key = 'the value that divides the ordered data in half (accept: middle value, middle number)';
    const q = 'What does the median of a data set tell you?';
    expect(check({ question: q, answer: key, response: 'it is the middle value' })).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check({ question: q, answer: key, response: 'the most common value' }).pointsObtained).toBe(0);
  });
});
