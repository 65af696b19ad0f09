import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';
import { noteNames, takeNoteSentences } from './note-sentences';

const grade = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, marksPossible, response });

describe("a key's sentences to the marker after its answer", () => {
  it('are taken out of the key when they give part marks or say what is not marked down', () => {
    expect(takeNoteSentences('62.5% (62 1/2 % fine). A fraction only = half.')).toEqual({
      key: '62.5% (62 1/2 % fine)',
      notes: ['A fraction only = half.'],
    });
    expect(takeNoteSentences('sixty-three (hyphen optional). Spelling counts.')).toEqual({
      key: 'sixty-three',
      notes: ['hyphen optional', 'Spelling counts.'],
    });
    expect(takeNoteSentences('41 km/h. Leaving it unrounded loses the answer mark.').notes).toEqual([
      'Leaving it unrounded loses the answer mark.',
    ]);
  });

  it('a sentence of wordings the key also takes is read as "accept …"', () => {
    expect(takeNoteSentences('Mercury, Venus (1 each). Hermes / Aphrodite OK.').key).toBe(
      'Mercury, Venus (1 each) (accept Hermes, Aphrodite)',
    );
    expect(takeNoteSentences('the nucleus. Nucleolus / cell centre OK.').key).toBe('the nucleus (accept Nucleolus, cell centre)');
  });

  it('leaves a marking scheme, a rejection worth 0, a requirement and an accept list to the key', () => {
    for (const key of [
      'x = 4. 1 pt for the method, 1 pt for the answer.',
      "Yes – it is magnetic. 'Because it is a metal' = 0.",
      '3+ (Fe³⁺). Sign required.',
      'Oslo. Accept Christiania.',
      '12',
    ])
      expect(takeNoteSentences(key)).toEqual({ key, notes: [] });
  });

  it('a note that names what the response wrote is found', () => {
    expect(noteNames(['Unrounded 41.4 loses the answer half.'], '41.4 km/h')).toBe('41.4');
    expect(noteNames(['A fraction only = half.'], '5/8')).toBeNull();
  });
});

describe('the checker with such notes', () => {
  it('marks the answer the key gives, not a note ("= half" is no answer of "half")', () => {
    const key = '62.5% (62 1/2 % fine). A decimal only = half.';
    expect(grade('Write 5/8 as a percentage.', key, '62.5%')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade('Write 45 in words.', 'forty-five (hyphen optional). Spelling counts.', 'forty-five')).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });

  it('flags an answer it does not find fully right, since a note may give it part marks', () => {
    const r = grade('Write 5/8 as a percentage.', '62.5% (62 1/2 % fine). The right method with a slip = half.', '60%');
    expect(r.pointsObtained).toBe(0);
    expect(r.confident).toBe(false);
    expect(r.reason).toMatch(/notes to the marker may give this answer part marks/);
  });

  it('flags full marks when a note names what the response wrote', () => {
    const r = grade(
      'Convert 26 mph to km/h (1 mile ≈ 1.61 km). Round to the nearest whole number.',
      '42 km/h. Unrounded 41.86 loses the answer half.',
      '41.86 km/h',
    );
    expect(r.confident).toBe(false);
  });
});
