import { describe, expect, it } from 'vitest';
import { checkAnswer } from './check';

const grade = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, marksPossible, response });

describe('word questions', () => {
  it('"another word with a similar meaning" is a synonym question: a thesaurus word is taken (flagged)', () => {
    const r = grade(
      "The poem calls the child 'joyful'. Give another word with a similar meaning.",
      'any suitable synonym: happy, merry',
      'glad',
    );
    expect(r.pointsObtained).toBe(1);
  });

  it('a key with a decimal reads the response’s decimal whole', () => {
    const q = 'Write 1 hour 30 minutes in hours, as a decimal.';
    expect(grade(q, '1.5 (hours). Do not accept 1.3.', '1.5').pointsObtained).toBe(1);
    expect(grade(q, '1.5 (hours). Do not accept 1.3.', '1.3').pointsObtained).toBe(0);
  });
});

describe('a word question’s words, each with its mark', () => {
  const q = "Correct the two spelling mistakes in: 'The libary was definately shut.'";
  const key = 'library (1)\ndefinitely (1)';
  it('gives each word spelt exactly its own mark', () => {
    expect(grade(q, key, 'library, definitely', 2).pointsObtained).toBe(2);
    expect(grade(q, key, 'library definately', 2)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, key, 'libary, definately', 2).pointsObtained).toBe(0);
    expect(grade(q, key, 'The library was definitely shut.', 2).pointsObtained).toBe(2);
  });
  it('a form given twice earns its mark once', () => {
    const r = grade("Give the simple past and the past participle of 'take'.", 'took (1)\ntaken (1)', 'took, took', 2);
    expect(r.pointsObtained).toBe(1);
  });
});

describe('yes / no', () => {
  it('"yes and no" makes no decision: 0', () => {
    expect(grade('Is ice less dense than water?', 'Yes', 'yes and no')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade('Is ice less dense than water?', 'Yes', 'no/yes').pointsObtained).toBe(0);
  });
  it('a reason that is a calculation is given by its numbers ("no, 3x19")', () => {
    expect(grade('Is 57 a prime number? Give a reason.', 'No (1); 57 = 3 × 19 (1)', 'no, 3x19', 2).pointsObtained).toBe(2);
    expect(grade('Is 57 a prime number? Give a reason.', 'No (1); 57 = 3 × 19 (1)', 'no, 3x17', 2).pointsObtained).toBe(1);
    expect(grade('Is 3/4 more than 0.7? Explain.', 'Yes (B1); 3/4 = 0.75 (B1)', 'yes 0.75 > 0.7', 2).pointsObtained).toBe(2);
  });
  it('"(no mark without reason)": a bare decision scores 0, with its reason the mark', () => {
    const q = 'Is 57 a prime number? Give a reason.';
    const key = 'No, because 57 = 3 × 19 (no mark without reason)';
    expect(grade(q, key, 'no')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade(q, key, 'no because 19 x 3 = 57').pointsObtained).toBe(1);
  });
});

describe('slips that sound like the key', () => {
  it('a real word that sounds like the key’s ("sell" for cell) is 0, flagged: teachers differ', () => {
    const r = grade('What is the basic unit of all living things?', 'cell', 'sell');
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
    expect(r.reason).toMatch(/homophone/);
    expect(grade('Which sense organ detects sound?', 'ear', 'eye')).toMatchObject({ pointsObtained: 0, confident: true });
  });
  it('no word, but said as the key’s word is, is a slip ("vains", "rane")', () => {
    expect(grade('Which vessels carry blood to the heart?', 'vein(s)', 'vains').pointsObtained).toBe(1);
    expect(grade('What falls from clouds as drops of water?', 'rain', 'rane').pointsObtained).toBe(1);
  });
  it('two letters swapped in a word of four is a slip; "igh" says "i"', () => {
    expect(grade('Which river flows through Egypt?', 'Nile', 'the Niel').pointsObtained).toBe(1);
    expect(grade('What is the powerhouse of the cell?', 'mitochondria', 'mightocondria').pointsObtained).toBe(1);
  });
  it('a list item the key rejects, given as an item of its own, earns nothing and needs no look', () => {
    const r = grade(
      'Name three things a fire needs.',
      'fuel, heat, oxygen (accept air). One mark each. Do not accept wood.',
      'fuel, wood, heat',
      3,
    );
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('a one-word compound in the key', () => {
  it('"toothbrushing" is said as "tooth brushing" or "brushing tooth", in either order', () => {
    const q = 'Give two ways to keep your teeth healthy.';
    const key = 'any two: toothbrushing, flossing, fewer sugary drinks, dental checkups';
    expect(grade(q, key, 'brushing tooth, flossing', 2).pointsObtained).toBe(2);
    expect(grade(q, key, 'flossing and tooth brushing', 2).pointsObtained).toBe(2);
  });
});

describe('names and kinds', () => {
  it('"-burgh" and "-borough" sound alike: a misspelt place name', () => {
    expect(grade('Which city in Cambridgeshire has a cathedral and the river Nene?', 'Peterborough', 'Peterburgh').pointsObtained).toBe(1);
  });
  it('a thing of the same kind as the answers of an open key, not listed, is 0 and flagged ("Name one …")', () => {
    const q = 'Name one gas that traps heat in the atmosphere.';
    const key = 'carbon dioxide / methane / water vapour / nitrous oxide';
    expect(grade(q, key, 'ozone')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(grade(q, key, 'the Sun')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('marks by how many items are right', () => {
  it('"2 marks for all three; 1 mark for two correct"', () => {
    const q = 'Name the three states of matter.';
    const key = 'solid, liquid, gas. 2 marks for all three; 1 mark for two correct.';
    expect(grade(q, key, 'solid, liquid, gas', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(grade(q, key, 'liquid and solid', 2)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, key, 'gas, plasma', 2)).toMatchObject({ pointsObtained: 0, confident: true });
  });
  it('"2 marks all correct in order; 1 mark for the correct three in the wrong order"', () => {
    const q = 'Put these in order of size, smallest first: cell, organ, tissue.';
    const key = 'cell, tissue, organ\n2 marks all correct in order\n1 mark for the correct three in the wrong order';
    expect(grade(q, key, 'cell tissue organ', 2).pointsObtained).toBe(2);
    expect(grade(q, key, 'cell, organ, tissue', 2).pointsObtained).toBe(1);
    expect(grade(q, key, 'cell, tissue', 2).pointsObtained).toBe(0);
  });
});

describe('two answers offered as a choice', () => {
  it('"X or Y" with only one of them right is 0 (flagged: not every policy says so); both right is the mark', () => {
    const q = 'Which country has the capital city Lisbon?';
    expect(grade(q, 'Portugal', 'Spain or Portugal')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(grade('Name a gas giant.', 'Jupiter / Saturn', 'Jupiter or Saturn').pointsObtained).toBe(1);
  });
});
