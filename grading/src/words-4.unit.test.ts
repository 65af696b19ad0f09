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

describe('yes / no: hedges, negations, contradictions and reasons', () => {
  const q = 'Is 57 a prime number? Give a reason.';
  const key = 'No (1); 57 = 3 x 19 (1)';
  it('takes a mild hedge before the decision, not an uncommitted answer', () => {
    const gq = 'Does ice float on water? Explain.';
    const gk = 'Yes (1); ice is less dense than water (1)';
    expect(check({ question: gq, answer: gk, marksPossible: 2, response: 'I think yes, ice is less dense than water' })).toMatchObject({
      pointsObtained: 2,
    });
    // A hedge is no decision: 0, flagged, as teachers differ on it (some mark it as if stated plainly).
    const hedged = check({ question: 'Is 0.5 equal to 1/2?', answer: 'Yes', response: 'not sure, maybe yes' });
    expect(hedged).toMatchObject({ pointsObtained: 0, confident: false });
    expect(hedged.reason).toContain('hedged');
    expect(check({ question: gq, answer: gk, marksPossible: 2, response: 'Maybe, most ice does' })).toMatchObject({
      pointsObtained: 0,
      confident: false,
    });
    // Neither yes, no nor a hedge: the checker cannot read a decision, so a teacher looks.
    const unread = check({ question: 'Is x² = 2x true for every x?', answer: 'No', response: 'only when x = 0 or 2' });
    expect(unread).toMatchObject({ pointsObtained: 0, confident: false });
    expect(unread.reason).toContain('No clear yes or no');
  });
  it('reads "not possible" and "impossible" as no', () => {
    const cq = 'Can a triangle have two right angles? Explain.';
    const ck = 'No (1); the two right angles already add up to 180° (1)';
    expect(check({ question: cq, answer: ck, marksPossible: 2, response: 'Not possible' }).pointsObtained).toBe(1);
    expect(check({ question: cq, answer: ck, marksPossible: 2, response: 'impossible' }).pointsObtained).toBe(1);
  });
  it('gives 0 when the reason says the opposite of the decision', () => {
    const r = check({ question: q, answer: key, marksPossible: 2, response: 'no, it only divides by 1 and itself so it is prime' });
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check({ question: q, answer: key, marksPossible: 2, response: 'no, because 3 x 19 = 57' }).pointsObtained).toBe(2);
  });
  it('does not read the decision word as a negation of the reason', () => {
    const r = check({
      question: 'Does boiling water make a new substance? Explain.',
      answer: 'No (1); it is a change of state / reversible - the steam condenses back to water (1)',
      marksPossible: 2,
      response: 'No it is reversible',
    });
    expect(r.pointsObtained).toBe(2);
  });
  it('takes the absence of what the key says is needed as the reason', () => {
    const r = check({
      question: 'Can a fire burn in space without air? Explain.',
      answer: 'No (1); a fire needs oxygen to burn (1)',
      marksPossible: 2,
      response: 'No, there is no oxygen to burn',
    });
    expect(r.pointsObtained).toBe(2);
  });
  it('gives the reason for the counterexample the key opens with, where the question claims "all"', () => {
    const aq = 'Are all birds able to fly? Give an example.';
    const ak = 'No (1); e.g. penguin/ostrich/emu cannot fly (1)';
    expect(check({ question: aq, answer: ak, marksPossible: 2, response: 'No, an ostrich' })).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
    expect(check({ question: aq, answer: ak, marksPossible: 2, response: 'No, a sparrow' }).pointsObtained).toBe(1);
  });
});

describe('one idea in other everyday words', () => {
  it('reads a word written in two parts as the one word', () => {
    const key = 'any one from: wind, solar, geothermal, tidal';
    expect(check({ question: 'Name one renewable energy resource.', answer: key, response: 'geo-thermal' }).pointsObtained).toBe(1);
    expect(check({ question: 'Name one renewable energy resource.', answer: key, response: 'geo thermal power' }).pointsObtained).toBe(1);
  });
  it('reads "not enough X" as a lack of X, and "heat it up" as raising the temperature', () => {
    const q = 'Give one reason people leave the countryside.';
    const key = 'any one: lack of services; low wages; isolation';
    expect(check({ question: q, answer: key, response: 'not enough services' })).toMatchObject({ pointsObtained: 1 });
    expect(check({ question: q, answer: key, response: 'too few services' })).toMatchObject({ pointsObtained: 1 });
    const rate = check({
      question: 'Give one way to make sugar dissolve faster.',
      answer: 'any one: increase temperature; stir; use smaller crystals',
      response: 'warm the water up',
    });
    expect(rate.pointsObtained).toBe(1);
  });
});

describe('explanation points said another way', () => {
  it('takes the reverse statement: the opposite said of the other thing the question compares', () => {
    const r = check({
      question: 'Explain why a copper pan heats up faster than a glass dish in the same oven.',
      answer: 'copper is a better conductor (1); so energy reaches the food faster (1)',
      marksPossible: 2,
      response: 'glass is an insulator',
    });
    expect(r.pointsObtained).toBe(1);
  });
  it('reads "belongs to" as possession, but not a point about the question’s things said as "something"', () => {
    const q = "Explain why an apostrophe is used in 'the cat's toy'.";
    const key = 'to show possession (1); the toy belongs to the cat (1)';
    expect(check({ question: q, answer: key, marksPossible: 2, response: 'to show the toy belongs to the cat' }).pointsObtained).toBe(2);
    expect(
      check({ question: q, answer: key, marksPossible: 2, response: 'it shows that something belongs to someone' }).pointsObtained,
    ).toBe(1);
  });
  it('matches an accepted wording of small words by its words that are not joiners ("lots of")', () => {
    const r = check({
      question: "Give a word that means the same as 'numerous'.",
      answer: 'many (accept: lots of, plenty)',
      response: 'a lot',
    });
    expect(r.pointsObtained).toBe(1);
  });
});

describe('wordings of a marking point', () => {
  it('takes any form of the key’s verb, irregular ones too ("worn away" for "wearing away")', () => {
    const r = check({
      question: "In geography, what does 'abrasion' mean?",
      answer: 'the wearing away of the coast by rocks carried in the waves',
      response: 'when the coast is worn away by rocks in the waves',
    });
    expect(r.pointsObtained).toBe(1);
  });
  it('reads every "a/b" group of a point, and one ending the point as standing alone', () => {
    const q = 'Explain why the mode might be a poor average for a small data set.';
    const key = 'each value may appear only once/rarely (1); so there may be no mode or several modes/no single mode (1)';
    expect(
      check({ question: q, answer: key, marksPossible: 2, response: 'values may appear rarely so there may be several modes' })
        .pointsObtained,
    ).toBe(2);
    const alone = check({
      question: 'Explain why the mean can mislead for salaries in a company.',
      answer: 'a few very high salaries/outliers (1) pull the mean up (1)',
      marksPossible: 2,
      response: 'because of outliers',
    });
    expect(alone.pointsObtained).toBe(1);
  });
});

describe('flags kept for answers that may be right', () => {
  it('does not flag a list item clearly not named (a light word of it only, or its key word swapped)', () => {
    const q = 'Give one way to make a cup of tea cool faster.';
    const key = 'any one: pour it into a saucer; blow across the surface; add cold milk';
    const r = check({ question: q, answer: key, response: 'add more sugar' });
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('a word that is a kind of a key word', () => {
  it('flags a response whose word the thesaurus files under a point’s word, beside another word of the point', () => {
    const r = check({
      question: 'Explain why a kettle of water stops getting hotter once it boils.',
      answer: 'energy is used to separate the particles (1); not to raise the temperature (1)',
      marksPossible: 2,
      response: 'the heat is used to turn it to steam',
    });
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('a marking point’s verb said by a thesaurus synonym', () => {
  it('takes "carries" for "transports", but not with the point’s thing swapped', () => {
    const q = 'What is the function of the phloem in a plant?';
    const key = 'transports sugars from the leaves to the rest of the plant';
    expect(check({ question: q, answer: key, response: 'it carries sugars from the leaves' }).pointsObtained).toBe(1);
    expect(check({ question: q, answer: key, response: 'carries water up from the roots' })).toMatchObject({ pointsObtained: 0 });
  });
});
