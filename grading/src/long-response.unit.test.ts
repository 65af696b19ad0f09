import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_LENGTH } from '@evergrade/contracts';
import { checkAnswer, OFFLINE_MAX_RESPONSE_CHARS } from './check';

const sentence = 'The energy from the sun is absorbed by chlorophyll, and 40 (1) cm² of leaf turns 6 CO2 into glucose. ';
const essay = (chars: number) => sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);
const explanation = {
  question: 'Explain how plants make food.',
  answer: 'Light energy absorbed by chlorophyll (1); carbon dioxide and water made into glucose (1)',
  marksPossible: 2,
};

describe('an answer longer than the offline checker reads', () => {
  it('is a tenth of the longest response the app stores: longer ones exist and are flagged', () => {
    expect(OFFLINE_MAX_RESPONSE_CHARS).toBe(20_000);
    expect(OFFLINE_MAX_RESPONSE_CHARS).toBeLessThan(MAX_RESPONSE_LENGTH);
    const r = checkAnswer({ ...explanation, response: essay(MAX_RESPONSE_LENGTH) });
    expect(r).toMatchObject({ method: 'none', confident: false, pointsObtained: 0 });
  });

  it('is flagged for a teacher with its reason, not marked', () => {
    for (const answer of ['40 (1) cm² (1). Accept cm^2', 'Light absorbed by chlorophyll (1); glucose made (1)', 'mitochondria']) {
      const r = checkAnswer({ question: 'Explain.', answer, marksPossible: 2, response: essay(OFFLINE_MAX_RESPONSE_CHARS + 1) });
      expect(r.confident).toBe(false);
      expect(r.pointsObtained).toBe(0);
      expect(r.method).toBe('none');
      expect(r.reason).toMatch(/longer than the offline checker reads \(20,000 characters\)/);
      expect(r.feedback).toMatch(/a teacher will mark it/);
    }
  });

  it('starts one character past the limit: an essay of the limit is still marked, its points found', () => {
    const over = checkAnswer({
      question: 'Name it.',
      answer: 'mitochondria',
      marksPossible: 1,
      response: essay(OFFLINE_MAX_RESPONSE_CHARS + 1),
    });
    expect(over.method).toBe('none');
    const long = checkAnswer({ ...explanation, response: essay(OFFLINE_MAX_RESPONSE_CHARS) });
    expect(long.method).not.toBe('none');
    expect(long.pointsObtained).toBe(2);
    expect(long.matched.join(' ')).toMatch(/chlorophyll/);
    const short = checkAnswer({ ...explanation, response: essay(600) });
    expect(short.method).not.toBe('none');
    expect(short.pointsObtained).toBeGreaterThan(0);
    // Not a timing test: the first answers of a worker load the word list, the lemmatizer and WordNet, and the suites
    // share two cores.
  }, 60_000);
});
