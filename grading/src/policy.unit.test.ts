import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEvalSets, offlineGrader } from './eval';
import { checkAnswer } from './index';
import { DEFAULT_POLICY, POLICY_SWITCHES, parsePolicy, type MarkingPolicy } from './policy';

// Invented questions and answers: each switch moves the mark both ways, and unset it is the checker's usual mark and flag.
const mark = (question: string, answer: string, response: string, marksPossible: number, policy?: MarkingPolicy) => {
  const r = checkAnswer({ question, answer, response, marksPossible, ...(policy ? { policy } : {}) });
  return { points: r.pointsObtained, confident: r.confident };
};

/** Unset, and an empty policy, give the same result as no policy at all (the usual behaviour, its flag included). */
const sameAsDefault = (question: string, answer: string, response: string, marksPossible: number) => {
  const none = checkAnswer({ question, answer, response, marksPossible });
  expect(checkAnswer({ question, answer, response, marksPossible, policy: DEFAULT_POLICY })).toEqual(none);
  expect(checkAnswer({ question, answer, response, marksPossible, policy: {} })).toEqual(none);
  return { points: none.pointsObtained, confident: none.confident };
};

describe('unitMarkStandsAlone', () => {
  const q = 'A train covers 240 km in 4 hours. Work out its average speed.';
  const key = '60 km/h (1 value, 1 unit)';
  it('gives or withholds the unit mark of a wrong value, confidently', () => {
    expect(sameAsDefault(q, key, '80 km/h', 2)).toEqual({ points: 1, confident: false });
    expect(mark(q, key, '80 km/h', 2, { unitMarkStandsAlone: true })).toEqual({ points: 1, confident: true });
    expect(mark(q, key, '80 km/h', 2, { unitMarkStandsAlone: false })).toEqual({ points: 0, confident: true });
  });
  it('leaves a right answer alone', () => {
    for (const unitMarkStandsAlone of [true, false])
      expect(mark(q, key, '60 km/h', 2, { unitMarkStandsAlone })).toEqual({ points: 2, confident: true });
  });
});

describe('bareNumberIfQuestionNamesUnit', () => {
  const q = 'A lorry travels 180 km in 3 hours. Work out its average speed in km/h.';
  it('takes the number alone as in the unit the question names, or wants the unit written', () => {
    expect(sameAsDefault(q, '60 km/h (1 value, 1 unit)', '60', 2)).toEqual({ points: 1, confident: false });
    expect(mark(q, '60 km/h (1 value, 1 unit)', '60', 2, { bareNumberIfQuestionNamesUnit: true })).toEqual({ points: 2, confident: true });
    expect(mark(q, '60 km/h (1 value, 1 unit)', '60', 2, { bareNumberIfQuestionNamesUnit: false })).toEqual({ points: 1, confident: true });
  });
  it('on one mark, leaves the number without the unit to missingUnitOnOneMark unless the number alone is enough', () => {
    const key = '60 km/h (units required)';
    expect(sameAsDefault(q, key, '60', 1)).toEqual({ points: 0.5, confident: false });
    expect(mark(q, key, '60', 1, { bareNumberIfQuestionNamesUnit: true, missingUnitOnOneMark: 'none' })).toEqual({
      points: 1,
      confident: true,
    });
    expect(mark(q, key, '60', 1, { bareNumberIfQuestionNamesUnit: false, missingUnitOnOneMark: 'none' })).toEqual({
      points: 0,
      confident: true,
    });
  });
  it('does not touch a question that does not name the unit', () => {
    const other = 'A lorry travels 180 km in 3 hours. Work out its average speed.';
    const usual = sameAsDefault(other, '60 km/h (1 value, 1 unit)', '60', 2);
    expect(mark(other, '60 km/h (1 value, 1 unit)', '60', 2, { bareNumberIfQuestionNamesUnit: true })).toEqual(usual);
  });
});

describe('missingUnitOnOneMark', () => {
  const q = 'A box has a mass of 3 kg and a volume of 0.5 m³. Work out its density.';
  const key = '6 kg/m³ (units required)';
  it('gives half or none for the right value without the unit', () => {
    expect(sameAsDefault(q, key, '6', 1)).toEqual({ points: 0.5, confident: false });
    expect(mark(q, key, '6', 1, { missingUnitOnOneMark: 'none' })).toEqual({ points: 0, confident: true });
    expect(mark(q, key, '6', 1, { missingUnitOnOneMark: 'half' })).toEqual({ points: 0.5, confident: true });
    expect(mark(q, key, '6 kg/m³', 1, { missingUnitOnOneMark: 'none' })).toEqual({ points: 1, confident: true });
  });
});

describe('otherUnitThanAsked', () => {
  const q = 'A pencil is 14.5 cm long. How long is it in millimetres? Give your answer in mm.';
  it('accepts the right amount in another unit, or takes the accuracy mark off', () => {
    expect(sameAsDefault(q, '145 mm', '14.5 cm', 2)).toEqual({ points: 1, confident: false });
    expect(mark(q, '145 mm', '14.5 cm', 2, { otherUnitThanAsked: 'accepted' })).toEqual({ points: 2, confident: true });
    expect(mark(q, '145 mm', '14.5 cm', 2, { otherUnitThanAsked: 'accuracy-mark-lost' })).toEqual({ points: 1, confident: true });
  });
  it('of one mark gives half, or none where a missing unit earns none', () => {
    expect(sameAsDefault(q, '145 mm', '14.5 cm', 1)).toEqual({ points: 0.5, confident: false });
    expect(mark(q, '145 mm', '14.5 cm', 1, { otherUnitThanAsked: 'accuracy-mark-lost' })).toEqual({ points: 0.5, confident: true });
    expect(mark(q, '145 mm', '14.5 cm', 1, { otherUnitThanAsked: 'accuracy-mark-lost', missingUnitOnOneMark: 'none' })).toEqual({
      points: 0,
      confident: true,
    });
  });
  it('marks pence where the question asks for pounds the same way', () => {
    const m = 'A pen costs 85p. How much do 6 pens cost? Give your answer in pounds.';
    expect(sameAsDefault(m, '£5.10', '510p', 1)).toEqual({ points: 0, confident: false });
    expect(mark(m, '£5.10', '510p', 1, { otherUnitThanAsked: 'accepted' })).toEqual({ points: 1, confident: true });
    expect(mark(m, '£5.10', '510p', 1, { otherUnitThanAsked: 'accuracy-mark-lost' })).toEqual({ points: 0, confident: true });
  });
});

describe('rightNumberWrongUnit', () => {
  it('gives the right number with a wrong unit nothing, or takes half a mark off', () => {
    const q = 'How many millilitres are there in 3.5 litres?';
    expect(sameAsDefault(q, '3500 ml', '3500 l', 1)).toEqual({ points: 0, confident: false });
    expect(mark(q, '3500 ml', '3500 l', 1, { rightNumberWrongUnit: 'nothing' })).toEqual({ points: 0, confident: true });
    expect(mark(q, '3500 ml', '3500 l', 1, { rightNumberWrongUnit: 'half-off' })).toEqual({ points: 0.5, confident: true });
  });
  it('marks another temperature scale the same way', () => {
    const q = 'Convert 50 °F to °C using C = (F − 32) × 5/9.';
    expect(sameAsDefault(q, '10 °C', '10 °F', 1)).toEqual({ points: 0, confident: false });
    expect(mark(q, '10 °C', '10 °F', 1, { rightNumberWrongUnit: 'nothing' })).toEqual({ points: 0, confident: true });
    expect(mark(q, '10 °C', '10 °F', 1, { rightNumberWrongUnit: 'half-off' })).toEqual({ points: 0.5, confident: true });
  });
});

describe('decimalForPercentage', () => {
  const q = 'A class has 40 pupils and 14 of them walk to school. What percentage of the class walk to school?';
  it('takes the form mark off or accepts the decimal', () => {
    expect(sameAsDefault(q, '35%', '0.35', 1)).toEqual({ points: 0, confident: false });
    expect(mark(q, '35%', '0.35', 1, { decimalForPercentage: 'form-mark-lost' })).toEqual({ points: 0, confident: true });
    expect(mark(q, '35%', '0.35', 1, { decimalForPercentage: 'accepted' })).toEqual({ points: 1, confident: true });
    expect(mark(q, '35%', '35%', 1, { decimalForPercentage: 'form-mark-lost' })).toEqual({ points: 1, confident: true });
  });
});

describe('calculatorNotation', () => {
  const q = 'Write 0.00072 in standard form.';
  it('refuses calculator notation as standard form, or takes it', () => {
    expect(sameAsDefault(q, '7.2 × 10^-4', '7.2E-4', 1)).toEqual({ points: 0, confident: false });
    expect(mark(q, '7.2 × 10^-4', '7.2E-4', 1, { calculatorNotation: 'not-standard-form' })).toEqual({ points: 0, confident: true });
    expect(mark(q, '7.2 × 10^-4', '7.2E-4', 1, { calculatorNotation: 'accepted' })).toEqual({ points: 1, confident: true });
    expect(mark(q, '7.2 × 10^-4', '0.00072', 1, { calculatorNotation: 'accepted' })).toEqual({ points: 0, confident: true });
  });
});

describe('percentSignRequired', () => {
  const q = 'Write 0.62 as a percentage.';
  it('requires the % sign or takes the number alone', () => {
    expect(sameAsDefault(q, '62%', '62', 1)).toEqual({ points: 1, confident: false });
    expect(mark(q, '62%', '62', 1, { percentSignRequired: true })).toEqual({ points: 0, confident: true });
    expect(mark(q, '62%', '62', 1, { percentSignRequired: false })).toEqual({ points: 1, confident: true });
    expect(mark(q, '62%', '62%', 1, { percentSignRequired: true })).toEqual({ points: 1, confident: true });
  });
});

describe('formulaCase', () => {
  const q = 'Which gas do plants take in for photosynthesis? Give its formula.';
  it('marks a formula in lower case as wrong, or as the formula', () => {
    expect(sameAsDefault(q, 'CO2', 'co2', 1)).toEqual({ points: 1, confident: false });
    expect(mark(q, 'CO2', 'co2', 1, { formulaCase: 'exact' })).toEqual({ points: 0, confident: true });
    expect(mark(q, 'CO2', 'co2', 1, { formulaCase: 'lower-case-accepted' })).toEqual({ points: 1, confident: true });
    expect(mark(q, 'CO2', 'CO2', 1, { formulaCase: 'exact' })).toEqual({ points: 1, confident: true });
  });
  it('leaves the digit 0 for the letter O to a teacher whatever the case switch', () => {
    const usual = sameAsDefault(q, 'CO2', 'C02', 1);
    expect(mark(q, 'CO2', 'C02', 1, { formulaCase: 'exact' })).toEqual(usual);
    expect(mark(q, 'CO2', 'C02', 1, { formulaCase: 'lower-case-accepted' })).toEqual(usual);
  });
});

describe('listItemsBeyondN', () => {
  const q = 'Name two instruments in the brass family.';
  const key = 'Any two from: trumpet, trombone, tuba, French horn';
  it('marks only the first two, or lets the wrong third cancel a right one', () => {
    const usual = sameAsDefault(q, key, 'trumpet, tuba, violin', 2);
    expect(usual).toEqual({ points: 2, confident: false });
    expect(mark(q, key, 'trumpet, tuba, violin', 2, { listItemsBeyondN: 'first-n' })).toEqual({ points: 2, confident: true });
    expect(mark(q, key, 'trumpet, tuba, violin', 2, { listItemsBeyondN: 'wrong-cancels-right' })).toEqual({
      points: 1,
      confident: true,
    });
  });
  it('leaves answers offered as a choice ("X or Y") to the usual check, a hedge rather than items beyond n', () => {
    const one = 'Name one planet with rings.';
    const rings = 'Any one from: Saturn, Jupiter, Uranus, Neptune';
    const usual = sameAsDefault(one, rings, 'Saturn or Mars', 1);
    expect(usual).toEqual({ points: 1, confident: false });
    expect(mark(one, rings, 'Saturn or Mars', 1, { listItemsBeyondN: 'first-n' })).toEqual(usual);
    expect(mark(one, rings, 'Saturn or Mars', 1, { listItemsBeyondN: 'wrong-cancels-right' })).toEqual(usual);
  });
});

describe('hedgedYesNo', () => {
  const q = 'Is a tomato a fruit?';
  it('gives a hedge no decision, or reads the answer it hedges', () => {
    expect(sameAsDefault(q, 'Yes', 'maybe yes', 1)).toEqual({ points: 0, confident: false });
    expect(mark(q, 'Yes', 'maybe yes', 1, { hedgedYesNo: 'no-decision' })).toEqual({ points: 0, confident: true });
    expect(mark(q, 'Yes', 'maybe yes', 1, { hedgedYesNo: 'as-answered' })).toEqual({ points: 1, confident: true });
    expect(mark(q, 'Yes', 'maybe no', 1, { hedgedYesNo: 'as-answered' })).toEqual({ points: 0, confident: true });
  });
});

describe('numberWordSpelling', () => {
  const q = 'Write 4090 in words.';
  const key = 'four thousand and ninety';
  it('gives a misspelt number word nothing, or takes its value', () => {
    expect(sameAsDefault(q, key, 'four thousand and ninty', 1)).toEqual({ points: 1, confident: false });
    expect(mark(q, key, 'four thousand and ninty', 1, { numberWordSpelling: 'exact' })).toEqual({ points: 0, confident: true });
    expect(mark(q, key, 'four thousand and ninty', 1, { numberWordSpelling: 'slips-accepted' })).toEqual({ points: 1, confident: true });
    expect(mark(q, key, 'four thousand and ninety', 1, { numberWordSpelling: 'exact' })).toEqual({ points: 1, confident: true });
  });
});

describe('the list of switches', () => {
  it('describes every switch once, and reads only known switches with allowed values', () => {
    const names = POLICY_SWITCHES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const s of POLICY_SWITCHES) expect(s.description.length).toBeGreaterThan(10);
    expect(parsePolicy({ formulaCase: 'exact', unitMarkStandsAlone: false })).toEqual({ formulaCase: 'exact', unitMarkStandsAlone: false });
    expect(() => parsePolicy({ formulaCase: 'loose' })).toThrow(/formulaCase/);
    expect(() => parsePolicy({ caseSensitive: true })).toThrow(/unknown switch/);
    expect(() => parsePolicy([])).toThrow();
  });
});

describe('the eval and a set’s policy', () => {
  it('gives every entry of "X.json" the switches of "X-policy.json", and none to a set without one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-eval-'));
    try {
      const entry = (id: string) => ({
        id,
        kind: 'chemistry',
        question: 'Which gas do plants take in for photosynthesis? Give its formula.',
        key: 'CO2',
        marks: 1,
        response: 'co2',
        teacher_mark: 0,
      });
      writeFileSync(join(dir, 'strict.json'), JSON.stringify([entry('s-1')]));
      writeFileSync(join(dir, 'strict-policy.json'), JSON.stringify({ formulaCase: 'exact' }));
      writeFileSync(join(dir, 'plain.json'), JSON.stringify([entry('p-1')]));
      const entries = loadEvalSets(dir);
      expect(entries.map((e) => [e.id, e.policy])).toEqual([
        ['p-1', undefined],
        ['s-1', { formulaCase: 'exact' }],
      ]);
      expect(await offlineGrader(entries[0]!)).toMatchObject({ points: 1, flagged: true });
      expect(await offlineGrader(entries[1]!)).toMatchObject({ points: 0, flagged: false });
      writeFileSync(join(dir, 'strict-policy.json'), JSON.stringify({ formulaCase: 'loose' }));
      expect(() => loadEvalSets(dir)).toThrow(/formulaCase/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
