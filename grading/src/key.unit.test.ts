import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';
import { parseKey } from './key';

const grade = (question: string, answer: string, marksPossible: number, response: string) =>
  checkAnswer({ question, answer, marksPossible, response });

describe('a key that says how it is marked', () => {
  it('reads "- 1 mark each" at the end as marking, not as words of the last item', () => {
    const spec = parseKey('igneous, sedimentary, metamorphic - 1 mark each', 'Name the three types of rock.');
    expect(spec.kind).toBe('list');
    const r = grade(
      'Name the three types of rock.',
      'igneous, sedimentary, metamorphic - 1 mark each',
      3,
      'metamorphic, igneous, sedimentary',
    );
    expect(r.pointsObtained).toBe(3);
    expect(r.confident).toBe(true);
  });

  it('marks a list of numbers one mark per item', () => {
    const q = 'Write down the first four square numbers.';
    const k = '1, 4, 9, 16 - 1 mark each';
    expect(grade(q, k, 4, '1, 4, 9, 16').pointsObtained).toBe(4);
    const part = grade(q, k, 4, '4, 9, 16, 25');
    expect(part.pointsObtained).toBe(3);
  });

  it('takes "(accept X)" in an "any n of" list as one more item to choose from', () => {
    const q = 'Name two noble gases.';
    const k = 'any two of: helium, neon, argon (accept krypton) - 1 mark each';
    const r = grade(q, k, 2, 'krypton, neon');
    expect(r.pointsObtained).toBe(2);
  });
});
