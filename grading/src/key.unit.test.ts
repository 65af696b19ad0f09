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

describe('yes / no', () => {
  const q = 'In a vacuum, does a feather fall more slowly than a hammer? Explain.';
  const k = 'No (1); they have the same acceleration / there is no air resistance (1)';
  it('reads a question that opens with a phrase ("In a vacuum, does …?") as a yes / no question', () => {
    expect(parseKey(k, q).kind).toBe('yes-no');
    expect(grade(q, k, 2, 'No, there is no air resistance so they fall together').pointsObtained).toBe(2);
    expect(grade(q, k, 2, 'no it does not').pointsObtained).toBe(1);
  });
  it('takes "Not really, …" as a no', () => {
    expect(grade(q, k, 2, 'Not really, they hit the ground together').pointsObtained).toBe(1);
    expect(grade(q, k, 2, 'Not really, there is no air resistance').pointsObtained).toBe(2);
  });
  it('gives the mark of a quoted correction only for that sentence', () => {
    const q2 = "Is this sentence correct in standard English: 'Her and me saw the film.'? If not, correct it.";
    const k2 = "No (1); 'She and I saw the film.' (1)";
    expect(grade(q2, k2, 2, "No, it should be 'She and I saw the film'").pointsObtained).toBe(2);
    expect(grade(q2, k2, 2, 'no - Her and I saw the film').pointsObtained).toBe(1);
    expect(grade(q2, k2, 2, 'no - Her and I saw the film').confident).toBe(true);
  });
});

describe('a definition in other words for a one-word key', () => {
  it('is credited, for a teacher to confirm, when it shares two words with the thesaurus definition', () => {
    const r = grade('What does a thermometer measure?', 'temperature', 1, 'how hot or cold a thing is');
    expect(r.pointsObtained).toBe(1);
    expect(r.confident).toBe(false);
  });
  it('is flagged, never a silent 0, when the thesaurus cannot tell', () => {
    const r = grade("What does 'hesitant' mean?", 'unsure', 1, 'not wanting to go ahead yet');
    expect(r.confident).toBe(false);
  });
  it('leaves a wrong single word a confident 0', () => {
    const r = grade('What does a thermometer measure?', 'temperature', 1, 'heat');
    expect(r.pointsObtained).toBe(0);
  });
});

describe('a key that opens "accept any of:"', () => {
  const q = 'Name one alkali metal.';
  const k = 'accept any of: lithium, sodium, potassium, rubidium, caesium';
  it('is the list of answers, any one of which scores', () => {
    expect(parseKey(k, q).kind).toBe('single');
    expect(grade(q, k, 1, 'potassium').pointsObtained).toBe(1);
    expect(grade(q, k, 1, 'calcium').pointsObtained).toBe(0);
  });
  it('takes the symbol of any accepted element', () => {
    expect(grade('Name one noble gas.', 'accept any of: helium, neon, argon', 1, 'Ne').pointsObtained).toBe(1);
  });
  it('flags a phrase of a few words that matches none of them', () => {
    const r = grade(
      'State one way to speed up dissolving sugar.',
      'accept any of: stir; use warmer water; crush the sugar',
      1,
      'make it hotter',
    );
    expect(r.confident).toBe(false);
  });
});

describe('a question about spelling', () => {
  it('takes only the exact word when it asks for a misspelt word corrected', () => {
    const q = "Rewrite the misspelt word correctly: 'She could not beleive it.'";
    expect(grade(q, 'believe', 1, 'beleive').pointsObtained).toBe(0);
    expect(grade(q, 'believe', 1, 'Believe').pointsObtained).toBe(1);
  });
});

describe('real-word slips between nouns of one stem', () => {
  it('does not accept a noun with another noun ending (the doer for the act)', () => {
    const q = 'What process releases energy from glucose in cells?';
    expect(grade(q, 'respiration', 1, 'respirator').pointsObtained).toBe(0);
    expect(grade('Which part of a circuit carries the current?', 'the conductor', 1, 'the conduction').pointsObtained).toBe(0);
    expect(grade('Which part of a circuit carries the current?', 'the conductor', 1, 'conductors').pointsObtained).toBe(1);
  });
});

describe('a list item named by another name', () => {
  it('credits a thesaurus name of the item (gullet for oesophagus) and flags it', () => {
    const q = 'Name two parts of the digestive system.';
    const k = 'any two of: oesophagus, stomach, pancreas, liver - 1 mark each';
    const r = grade(q, k, 2, 'gullet and liver');
    expect(r.pointsObtained).toBe(2);
    expect(r.confident).toBe(false);
  });
});

describe('a key of small words only', () => {
  const q = "Choose the correct word: 'I put the book over ___.' (there / their / they're)";
  it('is marked on that exact word, apostrophes included', () => {
    expect(grade(q, 'there', 1, 'there')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(grade(q, 'there', 1, 'their')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(grade("Choose the correct word: 'The cat licked ___ paw.' (its / it's)", 'its', 1, "it's").pointsObtained).toBe(0);
  });
});

describe('explanations', () => {
  it('does not credit a second point met only by the words of the first', () => {
    const q = 'Explain why the air in a tyre pushes on the tyre.';
    const k = 'molecules collide with the rubber (1); each collision exerts a force on the rubber (1)';
    const r = grade(q, k, 2, 'air molecules collide with the rubber');
    expect(r.pointsObtained).toBe(1);
    expect(r.confident).toBe(false);
  });
});

describe('an explanation with a point in other words', () => {
  it('flags a partial mark when the response uses words of the point it was not given', () => {
    const q = 'A metal bench and a wooden bench stand in the same park. Explain why the metal bench feels colder to sit on.';
    const k = 'metal is a better (thermal) conductor (1); so it transfers energy away from your body faster (1)';
    const r = grade(q, k, 2, 'Metal is a good conductor so warmth leaves your body and goes into it rapidly');
    expect(r.pointsObtained).toBeGreaterThanOrEqual(1);
    if (r.pointsObtained < 2) expect(r.confident).toBe(false);
  });
});

describe('a formula inside a short answer', () => {
  it('is read as its name: never a silent 0 for "CO2" where the key says carbon dioxide', () => {
    const r = grade('What do plant leaves take in from the air for photosynthesis?', 'to absorb carbon dioxide', 1, 'they take in CO2');
    expect(r.pointsObtained === 1 || !r.confident).toBe(true);
  });
});

describe('a marking point of small words', () => {
  it('counts "without being used up (1)" as a point of its own', () => {
    const k = 'a substance that speeds up a reaction (1) without being used up (1)';
    const r = grade('What is a catalyst?', k, 2, 'it is not used up in the reaction');
    expect(r.pointsObtained).toBe(1);
  });
});

describe('a point met without the thing it is about', () => {
  it('is flagged: "it goes quicker" may restate the question rather than say the particles move faster', () => {
    const q = 'Explain why warming a solution makes sugar dissolve faster.';
    const k = 'molecules gain energy / move faster (1); collide with the sugar more often (1)';
    const r = grade(q, k, 2, 'the solution gets warmer so it goes quicker');
    if (r.pointsObtained > 0) expect(r.confident).toBe(false);
  });
});

describe('one word’s alternatives in an item', () => {
  it('reads "a/b" between words in its place, and each alternative with the words the other has', () => {
    const spec = parseKey(
      'any two: ship/carry goods (1); drinking water (1); defence (1)',
      'Give two reasons why a town grew beside a river.',
    );
    expect(spec.kind === 'list' && spec.items[0]).toMatchObject({ text: 'ship' });
    const accepted = spec.kind === 'list' ? spec.items[0]!.accept : [];
    expect(accepted).toEqual(expect.arrayContaining(['carry goods', 'ship goods', 'carry']));
  });
  it('gives a bare alternative the mark its peer earns', () => {
    const r = checkAnswer({
      question: 'Give one reason why a town grew beside a river.',
      answer: 'any one: ship/carry goods (1); drinking water (1); defence (1)',
      marksPossible: 1,
      response: 'to carry things',
    });
    expect(r.pointsObtained).toBe(1);
  });
});

describe('an accepted wording with a note of what is not accepted', () => {
  const cells = {
    question: 'Name two parts found in every animal cell.',
    answer: "any two of: nucleus, cytoplasm, cell membrane; also accept: plasma membrane (not 'membrane' alone)",
    marksPossible: 2,
  };
  it('reads the wording without its note, and the note leaves nothing in the key', () => {
    const spec = parseKey(cells.answer, cells.question);
    expect(spec.kind === 'list' && spec.items.map((i) => [i.text, i.accept])).toEqual([
      ['nucleus', []],
      ['cytoplasm', []],
      ['cell membrane', ['plasma membrane']],
    ]);
    expect(checkAnswer({ ...cells, response: 'nucleus and a plasma membrane' }).pointsObtained).toBe(2);
    expect(checkAnswer({ ...cells, response: 'nucleus and a membrane' }).pointsObtained).toBeLessThan(2);
  });
});
