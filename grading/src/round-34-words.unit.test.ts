import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';
import { parseKey } from './key';
import { marksAfterPoints } from './text';

const grade = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, marksPossible, response });

describe('marks written before each marking point', () => {
  it('"(1) … (1) …", "[1] … [1] …" read as the usual notes after each point', () => {
    expect(marksAfterPoints('(1) the kettle element heats the water  (1) convection currents spread the heat')).toBe(
      'the kettle element heats the water (1); convection currents spread the heat (1)',
    );
    expect(marksAfterPoints('[1] glaciers carve the valley [1] meltwater leaves sediment')).toBe(
      'glaciers carve the valley (1); meltwater leaves sediment (1)',
    );
  });

  it('ticks are a mark each', () => {
    expect(marksAfterPoints('✓ the lens bends the light ✓ the rays meet at the focus')).toBe(
      'the lens bends the light (1); the rays meet at the focus (1)',
    );
  });

  it('"1 mark: …", "1 – …", "1 pt …" before each point', () => {
    expect(marksAfterPoints('1 mark: bees carry pollen; 1 mark: flowers are fertilised')).toBe(
      'bees carry pollen (1); flowers are fertilised (1)',
    );
    expect(marksAfterPoints('1 – the dam stores water; 1 – the water drives turbines')).toBe(
      'the dam stores water (1); the water drives turbines (1)',
    );
    expect(marksAfterPoints('1 pt meaning of the idiom; 1 pt sentence using it')).toBe('meaning of the idiom (1); sentence using it (1)');
  });

  it("a point's later sentence stays after its mark, as a note", () => {
    expect(marksAfterPoints('(1) ice floats on the lake (1) it insulates the water below. NOT ice is warm')).toBe(
      'ice floats on the lake (1); it insulates the water below (1). NOT ice is warm',
    );
  });

  it('numbers without words, and ratios, are not marks before points', () => {
    expect(marksAfterPoints('(1) 4 (1) 9')).toBe('(1) 4 (1) 9');
    expect(marksAfterPoints('2 : 5')).toBe('2 : 5');
    expect(marksAfterPoints('the pupil widens (1)')).toBe('the pupil widens (1)');
  });

  it('an explanation keyed that way is marked point by point', () => {
    const q = 'Explain why a puddle dries faster on a windy day.';
    const key = '(1) evaporation happens at the surface  (1) wind carries away the water vapour';
    expect(grade(q, key, 'Water evaporates at the surface and the wind carries the water vapour away.', 2)).toMatchObject({
      pointsObtained: 2,
    });
  });
});

describe('a word that only grades another does not make a point alone', () => {
  it('"faster" of "molecules move faster" is not the point said', () => {
    const q = 'Explain, using molecules, why sugar dissolves sooner in hot tea.';
    const key = '✓ molecules move faster ✓ molecules of water collide with the sugar more often';
    const r = grade(q, key, 'Hot tea dissolves it faster', 2);
    expect(r.pointsObtained === 0 || !r.confident).toBe(true);
  });
});

describe('notes on how a list is marked, at the end of the key', () => {
  it('"— 1 pt each, any two" is no item', () => {
    const spec = parseKey('sonnet, haiku, limerick — 1 pt each, any two', 'Name two forms of poem.');
    expect(spec).toMatchObject({ kind: 'list', need: 2 });
    expect(spec.kind === 'list' && spec.items.map((i) => i.text)).toEqual(['sonnet', 'haiku', 'limerick']);
    expect(grade('Name two forms of poem.', 'sonnet, haiku, limerick — 1 pt each, any two', 'haiku, sonnet', 2)).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
  });

  it('"— 1 each, max 3" and "— 1 pt for each … in the right position"', () => {
    const spec = parseKey('oak, ash, elm, beech — 1 each, max 3', 'Name three trees.');
    expect(spec.kind === 'list' && spec.items.map((i) => i.text)).toEqual(['oak', 'ash', 'elm', 'beech']);
    const ordered = parseKey(
      'red, orange, yellow — 1 pt for each colour in the right position',
      'List the first three colours of the rainbow.',
    );
    expect(ordered).toMatchObject({ kind: 'list', ordered: true });
    expect(ordered.kind === 'list' && ordered.items.map((i) => i.text)).toEqual(['red', 'orange', 'yellow']);
  });
});

describe('a shortened item of a list', () => {
  it('"hyd" for "hydrogen" is flagged, not silently wrong', () => {
    const r = grade('Name two gases in the air of a balloon factory.', 'hydrogen, helium', 'hyd, helium', 2);
    expect(r.confident).toBe(false);
    expect(r.reason).toMatch(/shortening/);
  });
});

describe('a key that says how many to take but lists none', () => {
  it('"any of the 7", "any two; capitals not needed" are flagged for a teacher', () => {
    for (const [q, key, answer] of [
      ['Name one of the seven continents.', 'any of the 7', 'Africa'],
      ['Name two months in French.', 'any two; capitals not needed', 'mai, juin'],
      ['Give an example of a mammal.', 'any valid example', 'whale'],
    ] as const) {
      const r = grade(q, key, answer);
      expect(r.confident).toBe(false);
      expect(r.reason).toMatch(/does not list/);
    }
  });

  it('a key that lists its answers after "any" is still marked', () => {
    expect(grade('Name one of the primary colours.', 'any of: red, yellow, blue', 'blue')).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });
});
