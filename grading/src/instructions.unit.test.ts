import { describe, expect, it } from 'vitest';
import { checkWithInstructions, mentions, parseInstructions } from './instructions';

const oxygen = { question: 'Which gas do plants give off during photosynthesis?', answer: 'Oxygen', marksPossible: 2 };
const force = { question: 'A 2 kg trolley accelerates at 3 m/s^2. What is the resultant force on it?', answer: '6 N', marksPossible: 2 };
const plants = {
  question: 'Why do leaves look green?',
  answer: 'They reflect green light and absorb red and blue light.',
  marksPossible: 2,
};

describe('parseInstructions', () => {
  it.each([
    ['also accept: O2, dioxygen', { kind: 'accept', answers: ['O2', 'dioxygen'] }],
    ['Accept O2 for oxygen', { kind: 'accept', answers: ['O2'] }],
    ['accept "O₂" as correct.', { kind: 'accept', answers: ['O₂'] }],
    ['Also allow O2 or dioxygen', { kind: 'accept', answers: ['O2', 'dioxygen'] }],
    ['Award full marks if the answer mentions chlorophyll', { kind: 'fullIfMentions', terms: ['chlorophyll'], all: false }],
    ['give full marks if the response contains reflect or reflection', { kind: 'fullIfMentions', terms: ['reflect', 'reflection'] }],
    ['Give full marks when the student includes green and reflect', { kind: 'fullIfMentions', terms: ['green', 'reflect'], all: true }],
    ['full marks for mentioning chlorophyll', null],
    ['Award full marks for mentioning chlorophyll', { kind: 'fullIfMentions', terms: ['chlorophyll'] }],
    ['award 1 mark if the answer mentions chlorophyll', { kind: 'awardIfMentions', points: 1, terms: ['chlorophyll'] }],
    ['Give half a mark for mentioning light', null],
    ['give one mark for mentioning light', { kind: 'awardIfMentions', points: 1, terms: ['light'] }],
    ['Deduct 1 mark for missing units', { kind: 'deductForMissingUnits', points: 1 }],
    ['take off 0.5 marks if the units are missing', { kind: 'deductForMissingUnits', points: 0.5 }],
    ['deduct two marks if the answer has no units', { kind: 'deductForMissingUnits', points: 2 }],
    ['Give no marks if the answer mentions respiration', { kind: 'zeroIfMentions', terms: ['respiration'] }],
    ['Give everyone full marks', { kind: 'fullForAll' }],
  ])('reads %j', (text, rule) => {
    const parsed = parseInstructions(text);
    if (rule === null) {
      expect(parsed.rules).toEqual([]);
      expect(parsed.notUnderstood).toHaveLength(1);
    } else {
      expect(parsed.notUnderstood).toEqual([]);
      expect(parsed.rules).toEqual([expect.objectContaining(rule)]);
    }
  });

  it.each([
    'Accept any spelling of photosynthesis',
    'Accept answers that give the result in metres per second.',
    'Be more lenient',
    'award 1 mark for the method',
    'deduct 1 mark for poor handwriting',
    'Ignore spelling mistakes',
  ])('does not pretend to understand %j', (text) => {
    expect(parseInstructions(text)).toEqual({ rules: [], notUnderstood: [text.replace(/\.$/, '')] });
  });

  it('splits sentences on lines, semicolons and full stops but not decimal points', () => {
    const parsed = parseInstructions(
      'Also accept: O2.\nTake off 0.5 marks for missing units; award full marks if the answer mentions oxygen',
    );
    expect(parsed.rules.map((r) => r.kind)).toEqual(['accept', 'deductForMissingUnits', 'fullIfMentions']);
    expect(parsed.rules[1]).toMatchObject({ points: 0.5 });
  });
});

describe('mentions', () => {
  it('matches words in order, by stem, case-blind, not after a negation', () => {
    expect(mentions('It reflects GREEN light', 'reflect green')).toBe(true);
    expect(mentions('The leaf has chlorophyll.', 'chlorophyll')).toBe(true);
    expect(mentions('green reflects', 'reflect green')).toBe(false);
    expect(mentions('there is no chlorophyll', 'chlorophyll')).toBe(false);
    expect(mentions('CO2 is made', 'co2')).toBe(true);
  });
});

describe('checkWithInstructions', () => {
  it('"also accept" raises an accepted answer to full marks and says so', () => {
    const planet = { question: 'Name the largest planet.', answer: 'Jupiter', marksPossible: 2 };
    const before = checkWithInstructions({ ...planet, response: 'Jove' }, '');
    expect(before).toMatchObject({ instructions: 'none', pointsObtained: 0 });
    const after = checkWithInstructions({ ...planet, response: 'Jove' }, 'Also accept: Jove, Zeus');
    expect(after).toMatchObject({ pointsObtained: 2, confident: true, instructions: 'applied' });
    expect(after.feedback).toContain('accepts "Jove"');
    expect(after.changes).toHaveLength(1);
    // An answer that is none of them keeps the checker's mark.
    const other = checkWithInstructions({ ...planet, response: 'Saturn' }, 'Also accept: Jove, Zeus');
    expect(other).toMatchObject({ pointsObtained: 0, instructions: 'applied', changes: [] });
  });

  it('"award full marks if the answer mentions X" gives full marks on a mention only', () => {
    const hit = checkWithInstructions(
      { ...plants, response: 'Because of chlorophyll.' },
      'Award full marks if the answer mentions chlorophyll',
    );
    expect(hit).toMatchObject({ pointsObtained: 2, confident: true });
    expect(hit.feedback).toContain('"chlorophyll"');
    const miss = checkWithInstructions(
      { ...plants, response: 'Because of the sun.' },
      'Award full marks if the answer mentions chlorophyll',
    );
    expect(miss.pointsObtained).toBe(checkWithInstructions({ ...plants, response: 'Because of the sun.' }, '').pointsObtained);
    expect(miss.changes).toEqual([]);
  });

  it('"award N marks if the answer mentions X" gives at least N', () => {
    const r = checkWithInstructions({ ...plants, response: 'chlorophyll' }, 'award 1 mark if the answer mentions chlorophyll');
    expect(r.pointsObtained).toBe(1);
    expect(r.feedback).toContain('0 marks → 1 mark');
  });

  it('"deduct N marks for missing units" takes marks off a bare number only', () => {
    // The teacher's penalty replaces the checker's own for the missing unit: 2 with the unit, less 1.
    const bare = checkWithInstructions({ ...force, response: '6' }, 'Deduct 1 mark for missing units');
    expect(bare.pointsObtained).toBe(1);
    expect(bare.feedback).toContain('no units');
    expect(bare.feedback).not.toMatch(/\d of 2 marks\)/);
    expect(checkWithInstructions({ ...force, response: 'F = 2 x 3 = 6' }, 'Deduct 0.5 marks for missing units').pointsObtained).toBe(1.5);
    expect(checkWithInstructions({ ...force, response: '7' }, 'Deduct 1 mark for missing units').pointsObtained).toBe(0);
    const unit = checkWithInstructions({ ...force, response: '6 N' }, 'Deduct 1 mark for missing units');
    expect(unit).toMatchObject({ pointsObtained: 2, changes: [] });
  });

  it('"give no marks if the answer mentions X" takes the mark to 0', () => {
    const r = checkWithInstructions(
      { ...oxygen, response: 'oxygen and carbon dioxide' },
      'give no marks if the answer mentions carbon dioxide',
    );
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('leaves the mark and lists the sentences when any of them is not understood', () => {
    const r = checkWithInstructions({ ...oxygen, response: 'O2' }, 'Also accept: O2. Be lenient with spelling');
    const base = checkWithInstructions({ ...oxygen, response: 'O2' }, '');
    expect(r).toMatchObject({ instructions: 'not-understood', notUnderstood: ['Be lenient with spelling'], changes: [] });
    expect(r.pointsObtained).toBe(base.pointsObtained);
  });

  it('gives an empty answer nothing, whatever the instructions', () => {
    expect(checkWithInstructions({ ...plants, response: '' }, 'Give everyone full marks').pointsObtained).toBe(0);
  });
});
