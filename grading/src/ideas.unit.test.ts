import { describe, expect, it } from 'vitest';
import { checkAnswer, type CheckAnswerInput } from './check';
import { parseKey } from './key';
import { markingPoints } from './ideas';
import { relate } from './text';

const check = (over: Partial<CheckAnswerInput> & Pick<CheckAnswerInput, 'answer' | 'response'>) =>
  checkAnswer({ question: '', marksPossible: 1, ...over });

const tea = {
  question: 'Explain why a puddle dries up on a sunny day.',
  answer: 'The Sun heats the water (1); the water evaporates into the air as water vapour (1).',
  marksPossible: 2,
};

describe('explanations marked point by point', () => {
  it('cuts a key into its marking points', () => {
    expect(markingPoints(tea.answer, 2)).toEqual([
      { text: 'The Sun heats the water', marks: 1 },
      { text: 'the water evaporates into the air as water vapour', marks: 1 },
    ]);
    expect(markingPoints('1. Boil the water 2. Pour it on the teabag 3. Add milk', 3)).toHaveLength(3);
    expect(markingPoints('Sunlight is scattered by air; blue light is scattered most.', 2)).toHaveLength(2);
    // Marks that do not add up to the question's: the points cannot be trusted.
    expect(markingPoints('Light is fast (1); sound is slow (1).', 3)).toBeNull();
  });
  it('gives full marks with confidence for every point made in other words', () => {
    const r = check({ ...tea, response: 'the sun heats the water and it evaporates' });
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
    expect(r.feedback).toContain('the water evaporates into the air as water vapour');
  });
  it('gives 0 with confidence for an answer that makes no point', () => {
    expect(check({ ...tea, response: 'it soaks in' })).toMatchObject({ pointsObtained: 0, confident: true });
  });
  it('gives the mark of one point made and says in the key’s terms what is missing', () => {
    const r = check({
      question: 'Explain why a candle goes out under a jar.',
      answer: 'The flame uses up the oxygen in the jar (1); without oxygen the combustion cannot continue (1).',
      marksPossible: 2,
      response: 'the fire uses all the oxygen up and then it can’t keep burning',
    });
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
    const half = check({ ...tea, response: 'the water evaporates' });
    expect(half.pointsObtained).toBe(1);
    expect(half.feedback).toMatch(/explain that the Sun heats the water/);
    // A method's steps are told as steps, in the key's words.
    const steps = check({
      question: 'Describe how to get dry salt from a mixture of salt and sand.',
      answer:
        'Add water and stir so the salt dissolves (1); filter to remove the sand (1); evaporate the water to leave salt crystals (1).',
      marksPossible: 3,
      response: 'add water, filter it, the sand stays in the filter paper',
    });
    expect(steps.pointsObtained).toBe(2);
    expect(steps.feedback).toContain('add the step: evaporate the water to leave salt crystals.');
  });
  it('does not let a word that the key repeats earn a second point', () => {
    const r = check({
      question: 'Describe how to separate iron filings from sand.',
      answer: 'Use a magnet (1); the iron is magnetic and is attracted to the magnet, the sand is not (1).',
      marksPossible: 2,
      response: 'use a magnet',
    });
    expect(r.pointsObtained).toBe(1);
  });
});

describe('synonyms, numbers, transpositions', () => {
  it('relates everyday synonyms and numbers in words', () => {
    expect(relate('faster', 'quicker')).toBe('form');
    expect(relate('rotates', 'spins')).toBe('form');
    expect(relate('six', '6')).toBe('exact');
    expect(relate('glucose', 'sugar')).toBe('compound');
    expect(relate('hot', 'warm')).toBeNull();
  });
  it('takes two swapped letters as one slip, but never a real word', () => {
    expect(relate('nucleus', 'nuclues')).toBe('slip');
    expect(check({ answer: 'nucleus', response: 'nuclues' })).toMatchObject({ pointsObtained: 1 });
  });
  it('reads "any of: …" as one answer with alternatives', () => {
    expect(parseKey('any of: glad, joyful, cheerful', '').kind).toBe('single');
    expect(check({ answer: 'any of: glad, joyful, cheerful', response: 'cheerful' })).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });
});

describe('yes / no, units, lists', () => {
  it('reads a yes said by the question’s own verb after a denial of something else', () => {
    expect(check({ question: 'Does ice float on water?', answer: 'Yes', response: 'it does not sink, it floats' }).pointsObtained).toBe(1);
    expect(
      check({ question: 'Does a heavy ball fall faster?', answer: 'No', response: "it doesn't, they fall at the same rate" })
        .pointsObtained,
    ).toBe(1);
    expect(check({ question: 'Is a whale a fish?', answer: 'No', response: 'it is not a fish, it is a mammal' }).pointsObtained).toBe(1);
  });
  it('flags a word after the key’s that may name something else', () => {
    expect(check({ question: 'What is the unit of force?', answer: 'newton (N)', response: 'newton metres' }).confident).toBe(false);
    expect(check({ question: 'What is the unit of force?', answer: 'newton (N)', response: 'newtons' })).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });
  it('takes a mark for a wrong extra item, flagged, and says why', () => {
    const r = check({
      question: 'Name the three primary colours of light.',
      answer: 'red, green, blue',
      marksPossible: 3,
      response: 'red, green, blue, yellow',
    });
    // Only the first n items are marked (the usual rule); flagged, since some teachers take a mark for the extra.
    expect(r).toMatchObject({ pointsObtained: 3, confident: false });
    expect(r.feedback).toContain('"yellow" is not among the answers the key lists');
    expect(
      check({
        question: 'Name two products of respiration.',
        answer: 'carbon dioxide and water',
        marksPossible: 2,
        response: 'water and CO2',
      }),
    ).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
  });
});

describe('clauses in lists, phrasal verbs, formulas in explanations', () => {
  it('marks "any n of" clauses as points, never twice by the same words', () => {
    const r = check({
      question: 'Explain how the lungs are adapted for gas exchange.',
      answer:
        'any four of: many alveoli give a large surface area; alveolus walls are one cell thick, a short diffusion distance; a rich supply of capillaries keeps a steep concentration gradient; moist surface so gases dissolve',
      marksPossible: 4,
      response: 'there are lots of alveoli which gives a big surface area and the walls are thin so the gas diffuses fast',
    });
    expect(r.pointsObtained).toBe(2);
  });
  it('reads "goes round" as orbit and CO2 as carbon dioxide', () => {
    const moon = check({
      question: 'Explain why the Moon appears to change shape during a month.',
      answer: 'The Moon orbits the Earth (1); we see different amounts of its sunlit half from Earth (1).',
      marksPossible: 2,
      response: 'the moon goes round the earth',
    });
    expect(moon.pointsObtained).toBe(1);
    const breath = check({
      question: 'Explain why we breathe faster during exercise.',
      answer: 'The muscles need more oxygen for respiration (1); faster breathing also removes more carbon dioxide (1).',
      marksPossible: 2,
      response: 'to get more oxygen to the muscles for respiration and get rid of the extra CO2',
    });
    expect(breath).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('explanations in other words: rates, adjectives of a noun, phrasal verbs in the key, half a point', () => {
  it('reads "collisions per second" as "more frequent collisions"', () => {
    const r = check({
      question: 'Explain why marble chips react faster with acid when they are powdered.',
      answer: 'Larger surface area (1); so more frequent collisions between particles (1).',
      marksPossible: 2,
      response: 'more surface area so more collisions per second',
    });
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
  });
  it('reads "conducts heat" as "a thermal conductor" (the adjective of a noun, and a derived form)', () => {
    const r = check({
      question: 'Explain why a metal spoon feels colder than a wooden spoon, even though both are at room temperature.',
      answer: 'Metal is a better thermal conductor (1); it transfers energy away from your hand faster (1).',
      marksPossible: 2,
      response: 'because metal conducts heat away from your hand quicker than wood',
    });
    expect(r).toMatchObject({ pointsObtained: 2 });
  });
  it('flags a point that a phrase of the key makes with another noun ("the acid gets used up")', () => {
    const r = check({
      question: 'Explain why a reaction slows down as it goes on.',
      answer: 'The reactants are used up / concentration falls (1); so there are fewer collisions per second (1).',
      marksPossible: 2,
      response: 'the acid gets used up',
    });
    expect(r.confident).toBe(false);
    expect(
      check({
        ...r,
        question: 'Explain why a reaction slows down as it goes on.',
        answer: 'The reactants are used up / concentration falls (1); so there are fewer collisions per second (1).',
        marksPossible: 2,
        response: 'the reactants get used up so there are less frequent collisions',
      }),
    ).toMatchObject({ pointsObtained: 2, confident: true });
  });
  it('flags a point made by only its effect, without the cause the key gives', () => {
    const r = check({
      question: 'Explain why a balloon rubbed on your hair sticks to a wall.',
      answer:
        'Rubbing transfers electrons, so the balloon becomes charged (1); the charged balloon attracts the (induced) opposite charge in the wall (1).',
      marksPossible: 2,
      response: 'friction gives it a static charge and it is attracted to the wall',
    });
    expect(r.confident).toBe(false);
    expect(r.reason).toMatch(/in part/);
  });
});

describe('flags only where other words may make a missing point', () => {
  it('marks a misconception in words unrelated to the key with confidence', () => {
    const r = check({
      question: 'Explain why the Earth has seasons.',
      answer: "The Earth's axis is tilted (1).",
      response: 'because the earth is closer to the sun in summer',
    });
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
  });
  it('still flags a denial, which says a point in opposite terms', () => {
    const r = check({
      question: 'Explain why a metal saucepan has a plastic handle.',
      answer: 'Plastic is a poor conductor of heat (an insulator) (1), so the handle stays cool enough to hold (1).',
      marksPossible: 2,
      response: "so you don't burn your hand",
    });
    expect(r.confident).toBe(false);
  });
});

describe('a point that says what a term of the question means', () => {
  const acute = {
    question: 'Explain why a quadrilateral cannot have four acute angles.',
    answer: 'an acute angle is less than 90° (1); four would add to less than 360°, but angles in a quadrilateral add to 360° (1)',
    marksPossible: 2,
  };
  it('is taken as shown by the term used in a point made, flagged as teachers differ', () => {
    const r = check({ ...acute, response: 'Four acute angles add up to less than 360, which is what a quadrilateral adds to' });
    expect(r).toMatchObject({ pointsObtained: 2, confident: false });
    expect(r.reason).toMatch(/what a word of the question means/);
  });
  it('is not taken from the term alone, without a point made', () => {
    const r = check({ ...acute, response: 'acute angles are too pointy' });
    expect(r.pointsObtained).toBe(0);
  });
});

describe('a kind of a point’s word', () => {
  const tiles = {
    question: 'Explain why a tiled floor feels colder to bare feet than a carpet in the same room.',
    answer: 'tile is a better conductor than carpet (1); so it transfers energy away from your feet faster (1)',
    marksPossible: 2,
  };
  it('says the point ("heat" for "energy", a form of it); another noun does not', () => {
    expect(check({ ...tiles, response: 'tile draws the heat out of your feet faster' })).toMatchObject({
      pointsObtained: 1,
      matched: ['it transfers energy away from your feet faster'],
    });
    expect(check({ ...tiles, response: 'tile draws the water out of your feet faster' }).pointsObtained).toBe(0);
  });
  it('is not the genus of a definition two steps up ("chemical" is a material, not directly a substance)', () => {
    const r = check({
      question: 'What is a solvent?',
      answer: 'a substance that dissolves a solute (1) to form a solution (1)',
      marksPossible: 2,
      response: 'a chemical in a bottle',
    });
    expect(r.pointsObtained).toBe(0);
  });
  it('takes a property of the thing ("metal is a better conductor") as no definition shown by use', () => {
    const r = check({
      question: 'Explain why a metal pan handle gets hot quickly.',
      answer: 'metal is a good conductor (1); so it transfers energy from the flame quickly (1)',
      marksPossible: 2,
      response: 'the metal takes energy from the flame quickly',
    });
    expect(r.reason ?? '').not.toMatch(/what a word of the question means/);
  });
});
