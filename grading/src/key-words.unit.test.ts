import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';
import { parseKey } from './key';

describe('keys with a sentence taken out', () => {
  it('reads "X. Do not accept Y." as the answer X, Y rejected (no empty sentence left behind)', () => {
    expect(parseKey('ran. Do not accept run.', "Give the past tense of 'run'.")).toEqual({
      kind: 'single',
      item: { text: 'ran', accept: [] },
      reject: ['run'],
    });
    const r = checkAnswer({
      question: "Give the past tense of 'run'.",
      answer: 'ran. Do not accept run.',
      marksPossible: 1,
      response: 'run',
    });
    expect(r.pointsObtained).toBe(0);
  });

  it('keeps a decimal in what the key rejects ("Do not accept 2.45.")', () => {
    const spec = parseKey('2.75 (hours). Do not accept 2.45.', 'Write 2 hours 45 minutes in hours.');
    expect(spec).toMatchObject({ kind: 'single', reject: ['2.45'] });
  });

  it('reads "any suitable synonym: a, b, c" as one of the words listed', () => {
    expect(parseKey('any suitable synonym: glad, cheerful, joyful', "Give a word with a similar meaning to 'happy'.")).toMatchObject({
      kind: 'single',
      item: { text: 'glad', accept: ['cheerful', 'joyful'] },
    });
  });
});

describe('a marker’s sentences in a list key', () => {
  it('"One mark each." and "Ignore X." are no words of the answer; "sunlight" is a wording of "light"', () => {
    const spec = parseKey(
      'light, heat, sound (accept sunlight, noise). One mark each. Ignore movement.',
      'Name three forms of energy a bulb gives out.',
    );
    expect(spec).toMatchObject({
      kind: 'list',
      need: 3,
      items: [
        { text: 'light', accept: ['sunlight'] },
        { text: 'heat', accept: [] },
        { text: 'sound', accept: ['noise'] },
      ],
    });
  });
});

describe('a list key opening with its marks note', () => {
  it('"One mark each, any two from: …" is the list; a fraction in an item is no pair of alternatives', () => {
    const spec = parseKey(
      'One mark each, any two from: fill no more than 1/2; wear goggles / eye protection; heat gently',
      'Give two safety rules.',
    );
    expect(spec).toMatchObject({
      kind: 'list',
      need: 2,
      items: [
        { text: 'fill no more than 1/2', accept: [] },
        { text: 'wear goggles', accept: ['eye protection'] },
        { text: 'heat gently', accept: [] },
      ],
    });
  });
});
