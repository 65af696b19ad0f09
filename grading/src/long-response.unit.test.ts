import { describe, expect, it } from 'vitest';
import { checkAnswer, OFFLINE_MAX_RESPONSE_CHARS } from './check';

const sentence = 'The energy from the sun is absorbed by chlorophyll, and 40 (1) cm² of leaf turns 6 CO2 into glucose. ';
const essay = (chars: number) => sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);

describe('an answer longer than the offline checker reads', () => {
  it('is flagged for a teacher with its reason, not marked (a 200,000-character answer returns at once)', () => {
    for (const answer of ['40 (1) cm² (1). Accept cm^2', 'Light absorbed by chlorophyll (1); glucose made (1)', 'mitochondria']) {
      const r = checkAnswer({ question: 'Explain.', answer, marksPossible: 2, response: essay(200_000) });
      expect(r.confident).toBe(false);
      expect(r.pointsObtained).toBe(0);
      expect(r.method).toBe('none');
      expect(r.reason).toMatch(/longer than the offline checker reads \(4,000 characters\)/);
      expect(r.feedback).toMatch(/a teacher will mark it/);
    }
  });

  it('starts one character past the limit, and an answer under it is still marked', () => {
    const over = checkAnswer({
      question: 'Name it.',
      answer: 'mitochondria',
      marksPossible: 1,
      response: essay(OFFLINE_MAX_RESPONSE_CHARS + 1),
    });
    expect(over.method).toBe('none');
    const r = checkAnswer({
      question: 'Explain how plants make food.',
      answer: 'Light energy absorbed by chlorophyll (1); carbon dioxide and water made into glucose (1)',
      marksPossible: 2,
      response: essay(600),
    });
    expect(r.method).not.toBe('none');
    expect(r.pointsObtained).toBeGreaterThan(0);
  });
});
