import { describe, expect, it } from 'vitest';
import { checkAnswer, type CheckAnswerInput } from './check';
import { parseKey } from './key';
import { relate } from './text';

const check = (over: Partial<CheckAnswerInput> & Pick<CheckAnswerInput, 'answer' | 'response'>) =>
  checkAnswer({ question: '', marksPossible: 1, ...over });

describe('word relations', () => {
  it('accepts spelling slips that are no English word, and word forms', () => {
    expect(relate('photosynthesis', 'photosynthesys')).toBe('slip');
    expect(relate('mitochondria', 'mitocondria')).toBe('slip');
    expect(relate('chlorophyll', 'clorofil')).toBe('slip');
    expect(relate('mitochondria', 'mitochondrion')).toBe('form');
    expect(relate('newton', 'newtons')).toBe('form');
    expect(relate('leaf', 'leaves')).toBe('form');
    expect(relate('colour', 'color')).toBe('exact');
  });
  it("takes a consonant slip that ends in another word for that word's mix, a vowel slip for a slip", () => {
    // "-plasm" (cytoplasm, protoplasm) where the key ends "-plast": two terms mixed, not a clear slip.
    expect(relate('leucoplast', 'leucoplasm')).toBe('other-word');
    // Slips of vowels keep the sound, whatever word their ending makes.
    expect(relate('membrane', 'membrain')).toBe('slip');
    expect(relate('sedimentary', 'sedimentry')).toBe('slip');
  });
  it('never takes a different real word for a slip', () => {
    expect(relate('run', 'ran')).toBeNull();
    expect(relate('tokyo', 'kyoto')).toBeNull();
    expect(relate('monoxide', 'dioxide')).toBeNull();
    expect(relate('affect', 'effect')).toBe('other-word');
    expect(relate('heart', 'heat')).toBe('other-word');
    expect(relate('organism', 'organ')).toBeNull();
    expect(relate('carbon', 'carbonate')).toBeNull();
  });
  it('takes only the exact word in a spelling question', () => {
    expect(relate('library', 'libary', false)).toBe('other-word');
    expect(relate('leaves', 'leafs', false)).toBe('other-word');
    const r = checkAnswer({
      question: 'Spell the word for a place where books are kept.',
      answer: 'library',
      marksPossible: 1,
      response: 'libary',
    });
    expect(r).toMatchObject({ pointsObtained: 0, confident: true, feedback: 'Not correct. The correct spelling is "library".' });
  });
});

describe('reading the key', () => {
  it('reads alternatives, "also accept" and "do not accept"', () => {
    expect(parseKey('mitochondria / mitochondrion', '')).toEqual({
      kind: 'single',
      item: { text: 'mitochondria', accept: ['mitochondrion'] },
      reject: [],
    });
    expect(parseKey('Evaporation (also accept: vaporisation, boiling)', '')).toMatchObject({
      kind: 'single',
      item: { text: 'Evaporation', accept: ['vaporisation', 'boiling'] },
    });
    expect(parseKey('Iris. Accept: pupil muscles. Do not accept pupil', '')).toMatchObject({
      item: { text: 'Iris', accept: ['pupil muscles'] },
      reject: ['pupil'],
    });
  });
  it('reads lists, "any two of" and the number a question asks for', () => {
    expect(parseKey('Any two of: helium, neon, argon', '')).toMatchObject({ kind: 'list', need: 2, anyOf: true });
    expect(parseKey('Mercury, Venus, Earth, Mars', 'Name the inner planets.')).toMatchObject({ kind: 'list', need: 4, anyOf: false });
    expect(parseKey('oxygen, nitrogen, argon', 'Name two gases in the air.')).toMatchObject({ kind: 'list', need: 2, anyOf: true });
    expect(parseKey('Gases (oxygen and carbon dioxide)', '')).toMatchObject({ kind: 'single', item: { text: 'Gases' } });
  });
  it('reads yes / no with its reason, and sentences as explanations', () => {
    expect(parseKey('No, sound needs a medium to travel through', '')).toEqual({
      kind: 'yes-no',
      yes: false,
      reason: 'sound needs a medium to travel through',
    });
    expect(parseKey('Light travels much faster than sound, so the light reaches us first.', '').kind).toBe('explanation');
  });
});

describe('short answers in words', () => {
  it('accepts a slip and says how to spell it', () => {
    const r = check({ question: 'What process makes food in plants?', answer: 'Photosynthesis', response: 'Photosynthesys' });
    expect(r).toMatchObject({ pointsObtained: 1, confident: true });
    expect(r.feedback).toBe('Correct: Photosynthesis. Check the spelling: "photosynthesis", not "photosynthesys".');
  });
  it('refuses a different real word, confidently, and says why', () => {
    const r = check({ question: 'Complete: loud music can ___ your hearing.', answer: 'affect', response: 'effect' });
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
    expect(r.feedback).toContain('"effect" is a different word from "affect"');
    expect(check({ question: 'Capital of Japan?', answer: 'Tokyo', response: 'Kyoto' })).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    expect(check({ question: 'Which gas?', answer: 'Carbon monoxide', response: 'carbon dioxide' }).pointsObtained).toBe(0);
  });
  it('accepts the alternatives the key lists, and refuses what it rejects', () => {
    const key = { question: 'Liquid to gas?', answer: 'Evaporation (also accept: vaporisation, boiling). Do not accept melting' };
    expect(check({ ...key, response: 'vaporization' })).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check({ ...key, response: 'boiling' }).feedback).toContain('the key also accepts "boiling"');
    const melting = check({ ...key, response: 'melting' });
    expect(melting).toMatchObject({ pointsObtained: 0, confident: true });
    expect(melting.feedback).toBe('"melting" is not accepted for this question. The answer is Evaporation.');
  });
  it('flags an answer that hedges between two', () => {
    const r = check({ question: 'Largest planet?', answer: 'Jupiter', response: 'Jupiter or Saturn' });
    expect(r.confident).toBe(false);
    expect(r.reason).toContain('more than one answer');
  });
  it('gives list credit per item, in any order, and names what is missing', () => {
    const q = { question: 'Name the four inner planets.', answer: 'Mercury, Venus, Earth, Mars', marksPossible: 2 };
    expect(check({ ...q, response: 'Mars, Earth, Venus and Mercury' })).toMatchObject({ pointsObtained: 2, confident: true });
    const three = check({ ...q, response: 'Mercury, Venus, Earth' });
    expect(three).toMatchObject({ pointsObtained: 1.5, confident: true, missing: ['Mars'] });
    expect(three.feedback).toBe(
      'Partly correct (1.5 of 2): you correctly named Mercury, Venus and Earth. Your answer does not include Mars: add it to complete the list.',
    );
  });
  it('gives "any two of" credit up to the number asked, and says which would do', () => {
    const q = { question: 'Name two noble gases.', answer: 'Any two of: helium, neon, argon', marksPossible: 2 };
    expect(check({ ...q, response: 'neon and helium' })).toMatchObject({ pointsObtained: 2, confident: true });
    const one = check({ ...q, response: 'argon, oxygen' });
    expect(one).toMatchObject({ pointsObtained: 1, confident: true });
    expect(one.feedback).toContain('"oxygen" is not among the answers the key lists');
    expect(one.feedback).toContain('the key accepts helium, neon or argon');
  });
  it('reads yes / no through negation', () => {
    const q = { question: 'Does the mass change when ice melts?', answer: 'No' };
    for (const response of ['No, it does not', "It doesn't change", 'no'])
      expect(check({ ...q, response }).pointsObtained, response).toBe(1);
    expect(check({ ...q, response: 'Yes it does' })).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check({ question: 'True or false: all metals are magnetic.', answer: 'False', response: 'not true' }).pointsObtained).toBe(1);
    expect(check({ ...q, response: 'maybe' })).toMatchObject({ pointsObtained: 0, confident: false });
  });
  it('gives half for the right yes / no and asks for the key’s reason', () => {
    const r = check({
      question: 'Can sound travel through a vacuum?',
      answer: 'No, sound needs particles to travel',
      response: 'No',
      marksPossible: 2,
    });
    expect(r.pointsObtained).toBe(1);
    expect(r.feedback).toBe('You are right that the answer is No. To earn the other marks, explain why: sound needs particles to travel.');
  });
  it('does not credit a negated answer', () => {
    expect(
      check({ question: 'Which gas do plants take in?', answer: 'Carbon dioxide', response: 'not carbon dioxide' }).pointsObtained === 1,
    ).toBe(
      check({ question: 'Which gas do plants take in?', answer: 'Carbon dioxide', response: 'not carbon dioxide' }).confident === false,
    );
    expect(check({ question: 'Pressure when heated?', answer: 'The pressure increases', response: 'It does not increase' })).toMatchObject({
      pointsObtained: 0,
    });
  });
});

describe('explanations', () => {
  const q = {
    question: 'Explain what happens in photosynthesis.',
    answer: 'Plants use light energy to turn carbon dioxide and water into glucose, and oxygen is released.',
    marksPossible: 3,
  };
  it('says what was right and what is missing in the key’s own phrases, never a list of stems', () => {
    const r = check({ ...q, response: 'Plants take in carbon dioxide and water.' });
    expect(r.confident).toBe(false);
    expect(r.feedback).toBe(
      'Partly correct (1.5 of 3). You partly said that plants use light energy to turn carbon dioxide and water into glucose. ' +
        'To complete it, mention light energy, glucose and turn. Your answer does not say that oxygen is released: add this in your own words.',
    );
    expect(r.feedback).not.toMatch(/Missing:/);
  });
  it('gives full marks, confidently, when every idea is there', () => {
    const r = check({ ...q, response: 'Plants use light energy to convert carbon dioxide and water into glucose and release oxygen' });
    expect(r).toMatchObject({ pointsObtained: 3, confident: true });
    expect(r.feedback).toBe(
      'Correct: your answer says that plants use light energy to turn carbon dioxide and water into glucose and oxygen is released.',
    );
  });
});

describe('multiple choice in words', () => {
  const q = { question: 'Which is renewable?\nA) Coal\nB) Gas\nC) Wind\nD) Oil', answer: 'C', questionType: 'multiple choice' };
  it('reads the option from a sentence, and never takes a word for a letter', () => {
    for (const response of ['The answer is C', 'I think C', 'answer: c', 'C.', 'Option C'])
      expect(check({ ...q, response }).pointsObtained, response).toBe(1);
    expect(check({ ...q, response: 'A lot of wind' }).pointsObtained).toBe(1);
    expect(check({ ...q, response: 'D: Oil' })).toMatchObject({ pointsObtained: 0, confident: true });
    const unsure = check({ ...q, response: 'not sure' });
    expect(unsure).toMatchObject({ pointsObtained: 0, confident: false });
    expect(unsure.feedback).toContain('give the letter of one option');
  });
  it('is a choice when the question lists options and the key is a letter, without a question type', () => {
    const r = check({ question: 'Which is a mammal?\nA) Shark\nB) Dolphin\nC) Trout', answer: 'B', response: 'the answer is B' });
    expect(r).toMatchObject({ pointsObtained: 1, method: 'choice', confident: true });
  });
  it('takes only the exact word when the question is about the word itself (plural, tense, spelling)', () => {
    expect(check({ question: 'What is the plural of "mouse"?', answer: 'mice', response: 'mouses' })).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    expect(check({ question: 'What is the past tense of "run"?', answer: 'ran', response: 'ran' }).pointsObtained).toBe(1);
  });
});

describe('yes / no with a reason worth its own mark', () => {
  const prime = { question: 'Is 91 a prime number? Give a reason.', answer: 'No (1); 91 = 7 × 13 (1)', marksPossible: 2 };
  const orbit = {
    question: 'Does the Sun orbit the Earth? Explain your answer.',
    answer: 'No (1); the Earth orbits the Sun (1)',
    marksPossible: 2,
  };
  it('reads the reason without the marks noted in the key, and gives its mark when it is made', () => {
    expect(parseKey(prime.answer, prime.question)).toMatchObject({ kind: 'yes-no', yes: false, reason: '91 = 7 × 13', reasonMarks: 1 });
    expect(checkAnswer({ ...prime, response: 'No, because 7 × 13 = 91' })).toMatchObject({ pointsObtained: 2, confident: true });
  });
  it('gives whole marks: the yes / no alone earns its mark, never a share of the reason’s', () => {
    expect(checkAnswer({ ...prime, response: 'No' })).toMatchObject({ pointsObtained: 1, confident: true });
  });
  it('takes the question’s words in the key’s order, and flags them in another order (it may say the opposite)', () => {
    expect(checkAnswer({ ...orbit, response: 'No, the Earth goes round the Sun' })).toMatchObject({ pointsObtained: 2, confident: true });
    expect(checkAnswer({ ...orbit, response: 'No it doesn’t, the sun goes round us from far away' })).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
  });
});

describe('lists: accepted wordings, alternatives and the first n items', () => {
  const bases = {
    question: 'Name the four bases found in DNA.',
    answer: 'adenine, thymine, cytosine, guanine (also accept: A, T, C, G) (½ each)',
    marksPossible: 2,
  };
  it('pairs an "also accept" list with the key’s items in order, and reads no mark note as an item', () => {
    expect(parseKey(bases.answer, bases.question)).toMatchObject({
      kind: 'list',
      items: [
        { text: 'adenine', accept: ['A'] },
        { text: 'thymine', accept: ['T'] },
        { text: 'cytosine', accept: ['C'] },
        { text: 'guanine', accept: ['G'] },
      ],
    });
    expect(checkAnswer({ ...bases, response: 'A, T, C, G' })).toMatchObject({ pointsObtained: 2, confident: true });
  });
  it('keeps "militarism / arms race" one item with two wordings', () => {
    const spec = parseKey('any two of: alliance system, militarism / arms race, imperialism, nationalism (1 each)', 'Give two causes.');
    expect(spec).toMatchObject({ kind: 'list', need: 2 });
    expect(spec.kind === 'list' && spec.items.map((i) => i.text)).toEqual(['alliance system', 'militarism', 'imperialism', 'nationalism']);
  });
  it('marks the first n items when that agrees with charging a wrong extra item, and says what was not counted', () => {
    const q = {
      question: 'Name two continents that the equator passes through.',
      answer: 'any two of: South America, Africa, Asia',
      marksPossible: 2,
    };
    const r = checkAnswer({ ...q, response: 'Africa, Europe, South America' });
    expect(r).toMatchObject({ pointsObtained: 1, confident: true });
    expect(r.feedback).toContain('Only the first 2 items are marked, so "South America" was not counted.');
    const skeleton = {
      question: 'State two functions of the skeleton.',
      answer: 'any two of: support, protection, movement, making blood cells',
      marksPossible: 2,
    };
    expect(checkAnswer({ ...skeleton, response: 'protects organs, helps us move, makes red blood cells' })).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
  });
  it('flags a wrong item after n right ones: teachers differ on whether it costs a mark', () => {
    const r = checkAnswer({
      question: 'Name the three primary colours of light.',
      answer: 'red, green, blue',
      marksPossible: 3,
      response: 'red, green, blue, yellow',
    });
    // The mark is the first n items' (the usual rule, and the blind sets' teachers'); still flagged, as teachers differ.
    expect(r).toMatchObject({ pointsObtained: 3, confident: false });
    expect(r.reason).toMatch(/Teachers differ/);
    expect(r.feedback).toMatch(/Only the first 3 items are marked/);
  });
});

describe('names: surnames, regnal numbers, a word swapped, "any named …"', () => {
  it('takes a person’s surname alone, with its spelling slip, where the question asks who', () => {
    const r = checkAnswer({
      question: 'Which scientist proposed the theory of evolution by natural selection?',
      answer: 'Charles Darwin',
      marksPossible: 1,
      response: 'Darwen',
    });
    expect(r).toMatchObject({ pointsObtained: 1, confident: true });
    expect(r.feedback).toContain('the surname is enough');
    // Not a place's last word: "Ireland" is not "Northern Ireland".
    expect(
      checkAnswer({
        question: 'Which country of the UK has Belfast as its capital?',
        answer: 'Northern Ireland',
        marksPossible: 1,
        response: 'Ireland',
      }).pointsObtained,
    ).toBe(0);
  });
  it('reads a regnal number in any form, and another number as another person', () => {
    expect(relate('vii', '7th')).toBe('exact');
    expect(relate('vii', 'seventh')).toBe('exact');
    const r = checkAnswer({
      question: 'Who was the first Tudor monarch?',
      answer: 'Henry VII',
      marksPossible: 1,
      response: 'Henery the 8th',
    });
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
    expect(r.feedback).toContain('"8th" is a different number from VII');
  });
  it('gives 0 with confidence for a name with one word swapped for another real word', () => {
    const q = { question: 'What type of energy is stored in a stretched spring?', answer: 'elastic potential energy', marksPossible: 1 };
    expect(checkAnswer({ ...q, response: 'electric potential energy' })).toMatchObject({ pointsObtained: 0, confident: true });
  });
  it('takes a kind that WordNet files under the key where the key accepts "any named …"', () => {
    const q = {
      question: 'Name a type of wave that can travel through a vacuum.',
      answer: 'electromagnetic waves (also accept: light or any named EM wave)',
      marksPossible: 1,
    };
    expect(checkAnswer({ ...q, response: 'radio waves' })).toMatchObject({ pointsObtained: 1, confident: true });
    expect(checkAnswer({ ...q, response: 'sound waves' }).pointsObtained).toBe(0);
  });
});

describe('lists of clauses', () => {
  it('takes a three-word item made in a sentence, and no part of a made item as an extra', () => {
    const r = checkAnswer({
      question: 'Give two reasons why the Great Fire of London spread so quickly in 1666.',
      answer:
        'any two of: wooden houses built close together (1); long dry summer (1); strong east wind (1); poor firefighting equipment (1)',
      marksPossible: 2,
      response: 'houses were made of wood and built close together and it had been a hot dry summer',
    });
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('names said shorter', () => {
  it('takes a name without its generic last word where WordNet has the rest, flagged', () => {
    const r = checkAnswer({
      question: 'What are the cells on a root that absorb water called?',
      answer: 'root hair cells',
      marksPossible: 1,
      response: 'root hairs',
    });
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(
      checkAnswer({ question: 'Which cells fight infection?', answer: 'white blood cells', marksPossible: 1, response: 'white blood' })
        .pointsObtained,
    ).toBe(0);
  });
  it('credits the organ two items share once ("intestines" for small and large intestine)', () => {
    const r = checkAnswer({
      question: 'Name three organs of the digestive system.',
      answer: 'any three of: mouth, oesophagus, stomach, small intestine, large intestine, liver, pancreas, rectum (1 each)',
      marksPossible: 3,
      response: 'stomach, intestines, lungs',
    });
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
    expect(r.feedback).toContain('you correctly named stomach and intestines');
  });
  it('reads "between Britain and Germany" as one phrase of a list answer', () => {
    const r = checkAnswer({
      question: 'Give two long-term causes of the First World War.',
      answer: 'any two of: alliance system, militarism / arms race, imperialism, nationalism (1 each)',
      marksPossible: 2,
      response: 'the alliances and the arms race between Britain and Germany',
    });
    expect(r.pointsObtained).toBe(2);
  });
});

describe('guards on the new readings', () => {
  it('flags the right surname with another first name', () => {
    const r = checkAnswer({
      question: 'Who was the first person to walk on the Moon?',
      answer: 'Neil Armstrong',
      marksPossible: 1,
      response: 'Lance Armstrong',
    });
    expect(r.confident).toBe(false);
  });
  it('leaves a word swapped for one that does not look alike to a teacher ("movement energy")', () => {
    const r = checkAnswer({
      question: 'What type of energy does a moving car have?',
      answer: 'kinetic energy',
      marksPossible: 1,
      response: 'movement energy',
    });
    expect(r.confident).toBe(false);
  });
});

describe('a key that is an action', () => {
  it('reads a verb of the same sense as the key’s ("transports" for "to carry"); another verb is not it', () => {
    const xylem = { question: 'What is the job of the xylem in a plant?', answer: 'to carry water (up the plant)', marksPossible: 1 };
    expect(checkAnswer({ ...xylem, response: 'it transports water up the stem' })).toMatchObject({ pointsObtained: 1, confident: true });
    expect(checkAnswer({ ...xylem, response: 'it stores water' }).pointsObtained).toBe(0);
  });
});
