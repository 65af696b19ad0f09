import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';
import { parseKey } from './key';

const grade = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, marksPossible, response });

describe('a key’s notes to the marker', () => {
  it('"; not X" after the answer is what the key rejects, not one more item', () => {
    expect(parseKey('osmosis; not diffusion', 'Name the process.')).toMatchObject({
      kind: 'single',
      item: { text: 'osmosis' },
      reject: ['diffusion'],
    });
    const q = 'Which process moves water into a root hair cell?';
    expect(grade(q, 'osmosis; not diffusion', 'osmosis')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, 'osmosis; not diffusion', 'diffusion')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, 'osmosis (not diffusion)', 'diffusion').pointsObtained).toBe(0);
  });

  it('a "not" point with marks of its own stays a marking point, and "not X alone" rejects nothing', () => {
    const spec = parseKey('heat breaks the bonds (1); not to raise the temperature (1)', 'Explain why.');
    expect(spec.kind).toBe('explanation');
    expect(parseKey('any one: thick fur, blubber (not fat alone)', 'Give one.')).toMatchObject({ reject: [] });
  });

  it('"1 each" after a list is its marks, not an item', () => {
    const q = 'Name the two gases that make up most of the air.';
    expect(parseKey('nitrogen, oxygen; 1 each', q)).toMatchObject({ kind: 'list', need: 2 });
    expect(grade(q, 'nitrogen, oxygen; 1 each', 'nitrogen and oxygen', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(grade(q, 'nitrogen, oxygen; 1 each', 'oxygen', 2).pointsObtained).toBe(1);
  });

  it('names joined by "+" are a list; a formula equation is not', () => {
    expect(parseKey('sodium chloride + water; 1 each', 'Name the two products.')).toMatchObject({
      kind: 'list',
      items: [{ text: 'sodium chloride' }, { text: 'water' }],
    });
    expect(parseKey('methane + oxygen → carbon dioxide + water', 'Write the word equation.').kind).not.toBe('list');
  });

  it('"1 off for a wrong extra" marks a wrong extra item down, as the key says, without a flag', () => {
    const q = 'Name the gas giants of the Solar System.';
    const key = 'Jupiter, Saturn; 1 each; 1 off for a wrong extra';
    expect(grade(q, key, 'Jupiter, Saturn', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(grade(q, key, 'Saturn, Jupiter, Mars', 2)).toMatchObject({ pointsObtained: 1, confident: true });
  });
});
