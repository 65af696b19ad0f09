import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';
import { parseKey } from './key';
import { marksAfterPoints, soundsAlike } from './text';
import { lostFormAccent } from './words';

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

describe('a dictation, or a word of another language, is marked as spelt', () => {
  it('takes no slip in a dictation', () => {
    const q = "Dictation: write the word 'necessary'.";
    expect(grade(q, 'necessary', 'necessary').pointsObtained).toBe(1);
    expect(grade(q, 'necessary', 'neccessary')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('takes no slip in a foreign word, but ignores its accents and capitals', () => {
    const q = "What is the French word for 'school'?";
    expect(grade(q, "l'école (accept école)", 'ecole').pointsObtained).toBe(1);
    expect(grade(q, "l'école (accept école)", 'ekole').pointsObtained).toBe(0);
    const t = "Translate into Spanish: 'we live' (vivir).";
    expect(grade(t, 'vivimos', 'Vivimos').pointsObtained).toBe(1);
    expect(grade(t, 'vivimos', 'vivemos')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('still takes an English answer about a foreign word in other words', () => {
    expect(grade("What does the Spanish adjective 'lento' mean?", 'slow', 'slow').pointsObtained).toBe(1);
  });
});

describe('a yes / no in a double negative', () => {
  it('reads "not no" as yes and "not yes" as no', () => {
    const q = 'Can a solid conduct heat? Explain.';
    const key = 'Yes; particles vibrate and pass on energy';
    expect(grade(q, key, 'not no, the particles vibrate and pass on the energy', 2).pointsObtained).toBe(2);
    expect(grade(q, key, 'not yes', 2).pointsObtained).toBe(0);
  });
});

describe('marks written before each point ("1: …; 1: …")', () => {
  it('reads them as the notes after the points', () => {
    expect(marksAfterPoints('1: the ice is less dense; 1: so it floats on the water')).toBe(
      'the ice is less dense (1); so it floats on the water (1)',
    );
    expect(marksAfterPoints('1 : 8')).toBe('1 : 8');
    expect(marksAfterPoints('1:8')).toBe('1:8');
  });

  it('marks each point, none of them "1:"', () => {
    const q = 'Explain why ice floats on water.';
    const key = '1: ice is less dense than water; 1: so it floats';
    expect(grade(q, key, 'ice is less dense than water so it floats', 2).pointsObtained).toBe(2);
  });
});

describe('a yes / no key that scales the reason’s marks', () => {
  it('"Decision alone 0": a bare decision earns nothing; the full reason both marks', () => {
    const q = 'Is 57 a prime number? Give a reason.';
    const key = 'No (1 with partial reason); 2 for reason 57 = 3 × 19. Decision alone 0';
    expect(grade(q, key, 'no', 2)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, key, 'No, 3 × 19 = 57', 2)).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('a yes / no key with a mark for a partial reason', () => {
  it('gives that mark, flagged, to a reason that is not the key’s in full', () => {
    const q = 'Is 57 a prime number? Give a reason.';
    const key = 'No (1 with partial reason); 2 for reason 57 = 3 × 19. Decision alone 0';
    expect(grade(q, key, 'No, it has other factors', 2)).toMatchObject({ pointsObtained: 1, confident: false });
  });
});

describe('a word of the key written in two', () => {
  it('joins the two parts: the word exactly is right, a slip of it is right but flagged', () => {
    const q = 'Which type of rock forms from layers of sediment?';
    expect(grade(q, 'sedimentary', 'sedi mentary')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, 'sedimentary', 'sed imentery')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(grade(q, 'sedimentary', 'sedentary')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('a kind of the key’s answer', () => {
  it('takes a thing the thesaurus files under the key’s item where one thing is asked for, flagged', () => {
    const q = 'Name one animal that is kept as a pet.';
    const key = 'dog; also accept: cat, rabbit, hamster';
    expect(grade(q, key, 'spaniel')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(grade(q, key, 'dog')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('does not where the question asks for a type of thing', () => {
    expect(grade('Name one type of pet.', 'dog; also accept: cat, rabbit, hamster', 'spaniel').pointsObtained).toBe(0);
  });
});

describe('a name of the key slipped into a common word', () => {
  it('is 0, flagged (it can be no other answer; teachers differ); another name is a sure 0', () => {
    expect(grade('Which river flows through Rome?', 'Tiber', 'Timber')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(grade('What is the capital of Japan?', 'Tokyo', 'Kyoto')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('a yes / no key written as a mark scheme', () => {
  it('"B1 Yes; B1 reason": the decision earns its B1, the reason the other', () => {
    const q = 'Can a magnet attract a copper coin? Explain your answer.';
    const key = 'B1 No; B1 copper is not a magnetic metal';
    expect(parseKey(key, q)).toMatchObject({ kind: 'yes-no', yes: false, reason: 'copper is not a magnetic metal', reasonMarks: 1 });
    expect(grade(q, key, 'no', 2).pointsObtained).toBe(1);
    expect(grade(q, key, 'No, copper is not a magnetic metal', 2).pointsObtained).toBe(2);
    expect(grade(q, key, 'yes', 2).pointsObtained).toBe(0);
  });
});

describe('optional parts of a key in brackets', () => {
  it('an ending in brackets ("venu(e)") takes the word with it and without it', () => {
    const q = "Translate into French: 'I came' (venir, passé composé).";
    expect(grade(q, 'je suis venu(e)', 'je suis venue').pointsObtained).toBe(1);
    expect(grade(q, 'je suis venu(e)', 'je suis venu').pointsObtained).toBe(1);
  });

  it('words in brackets the item reads on past are optional, not an alternative alone', () => {
    const spec = parseKey('la (tarjeta) postal', "Give the Spanish for 'postcard'.");
    expect(spec).toMatchObject({ kind: 'single', item: { text: 'la postal' } });
    expect(grade("Give the Spanish for 'postcard'.", 'la (tarjeta) postal', 'la tarjeta postal').pointsObtained).toBe(1);
    expect(grade("Give the Spanish for 'postcard'.", 'la (tarjeta) postal', 'la tarjeta').pointsObtained).toBe(0);
  });
});

describe('an accent that marks the form asked for', () => {
  it('is wrong without it where the question asks for a tense; plain vocabulary is not judged by it', () => {
    const q = "Translate into Spanish: 'he ran' (correr, preterite).";
    expect(grade(q, '(él) corrió', 'corrio')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, '(él) corrió', 'corrió').pointsObtained).toBe(1);
    expect(grade(q, '(él) corrió', 'él corrió').pointsObtained).toBe(1);
    expect(lostFormAccent('el café', 'el cafe', "Give the Spanish for 'coffee'.")).toBeNull();
  });
});

describe('a sentence of marks after the key', () => {
  it('"X and Y. 1 each." is two items of a mark each, not a third item "1 each"', () => {
    const q = 'Name the two gases made when limestone is heated and then burnt.';
    const key = 'calcium oxide and carbon dioxide. 1 each.';
    expect(parseKey(key, 'Name the two products.')).toMatchObject({ kind: 'list', need: 2 });
    expect(grade(q, key, 'carbon dioxide and calcium oxide', 2).pointsObtained).toBe(2);
    expect(grade(q, key, 'carbon dioxide, water', 2).pointsObtained).toBe(1);
  });
});

describe('whole numbers set apart by a spaced "/" where one is asked for', () => {
  it('are the answers the key takes, not a fraction', () => {
    const q = 'Give one multiple of 4 that is between 10 and 18.';
    expect(grade(q, '12 / 16', '16').pointsObtained).toBe(1);
    expect(grade(q, '12 / 16', '12').pointsObtained).toBe(1);
    expect(grade(q, '12 / 16', '14').pointsObtained).toBe(0);
    expect(grade(q, '12 / 16', '0.75').pointsObtained).toBe(0);
  });
});

describe('homophones the sound rules hear', () => {
  it('"ear" before t as "ar", a final "le" as "el": the real word is 0, flagged (teachers differ)', () => {
    expect(soundsAlike('heart', 'hart')).toBe(true);
    expect(soundsAlike('mantle', 'mantel')).toBe(true);
    expect(soundsAlike('metal', 'mettle')).toBe(false);
    expect(grade('Which layer of a tooth lies under the enamel?', 'dentine', 'dentin').pointsObtained).toBe(1);
    expect(grade('Which part of a horse is braided for a show?', 'the mane', 'the main')).toMatchObject({
      pointsObtained: 0,
      confident: false,
    });
  });
});

describe('a "/" list of more answers than the question asks for', () => {
  it('is a list to choose from, any n of them; a "/" without spaces stays one item’s wordings', () => {
    const q = 'Give two animals that live in the Arctic.';
    expect(parseKey('1 mark each: polar bear / walrus / arctic fox / snowy owl …', q)).toMatchObject({
      kind: 'list',
      need: 2,
      anyOf: true,
    });
    expect(grade(q, '1 mark each: polar bear / walrus / arctic fox / snowy owl …', 'walrus and snowy owl', 2).pointsObtained).toBe(2);
    expect(grade(q, 'polar bear / walrus / arctic fox', 'walrus, penguin', 2).pointsObtained).toBe(1);
    const spec = parseKey('white/polar bear / walrus / arctic fox', q);
    expect(spec).toMatchObject({ kind: 'list', need: 2 });
    if (spec.kind === 'list') expect(spec.items).toHaveLength(3);
  });

  it('reads a ligature as its two letters ("cœur" as "coeur")', () => {
    expect(grade("Give the French for 'heart'.", 'le cœur', 'le coeur').pointsObtained).toBe(1);
  });
});
