import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { keyNotes, schemeOf } from './scheme';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe("a key's marking notes", () => {
  it('reads the answer without its notes, and the marks the notes list', () => {
    expect(keyNotes('6x + 6 (any equivalent)')).toMatchObject({ text: '6x + 6', anyEquivalent: true });
    expect(keyNotes('7 (100 ÷ 16 = 6.25, round up)').text).toBe('7');
    expect(keyNotes('x = 7, y = 3 (M1 method, B1 x, B1 y)').marks.map((m) => m.code)).toEqual(['M', 'B', 'B']);
    expect(keyNotes('2Mg + O2 → 2MgO (1 correct formulae, 1 balanced)').marks).toHaveLength(2);
    // Brackets that are the answer stay: factors, a formula's group, a formula beside a name.
    expect(keyNotes('(x + 5)(x − 4)').text).toBe('(x + 5)(x − 4)');
    expect(keyNotes('Carbon dioxide (CO2)').text).toBe('Carbon dioxide (CO2)');
    expect(schemeOf('60 000 J', 'A motor runs for 2 minutes. (M1 convert time, M1 E = Pt, A1 answer)').map((m) => m.code)).toEqual([
      'M',
      'M',
      'A',
    ]);
  });

  it('reads "(1 value, 1 unit)" as the split of the marks, so a missing or wrong unit loses the unit mark only', () => {
    expect(keyNotes('3 m/s (1 value, 1 unit)')).toMatchObject({ text: '3 m/s' });
    expect(keyNotes('450 J (2 marks value, 1 mark unit)').text).toBe('450 J');
    const q = 'A trolley rolls 12 m in 4 s. Work out its average speed.';
    expect(check(q, '3 m/s (1 value, 1 unit)', '3 m/s').pointsObtained).toBe(2);
    expect(check(q, '3 m/s (1 value, 1 unit)', '3 metres per second').pointsObtained).toBe(2);
    expect(check(q, '3 m/s (1 value, 1 unit)', '3').pointsObtained).toBe(1);
    expect(check(q, '3 m/s (1 value, 1 unit)', '3 m').pointsObtained).toBe(1);
    // The unit's mark stands alone for most teachers: flagged, as one does not give it.
    expect(check(q, '3 m/s (1 value, 1 unit)', '48 m/s')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('marks any equivalent form where the key says so, whatever the question names', () => {
    expect(
      check('Write an expression for the perimeter of a rectangle of sides 3y and y − 1.', '8y − 2 (any equivalent)', '2(3y) + 2(y − 1)'),
    ).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
  });

  it('marks a value key with working in its notes by the value', () => {
    expect(
      check('A coach holds 40 people. How many coaches for 130 people?', '4 (130 ÷ 40 = 3.25, round up)', '4 coaches').pointsObtained,
    ).toBe(2);
  });
});

describe('method marks: whole marks, all the method marks for a correct step', () => {
  it('gives all but the accuracy mark for a correct step then a slip, flagged', () => {
    const r = check('Solve 5(x − 2) = 2x + 8.', 'x = 6', '5x − 10 = 2x + 8, 3x = 18, x = 54', 3);
    expect(r).toMatchObject({ pointsObtained: 2, confident: false });
    // Two roots: the right factors, the roots' signs wrong. The factors written down are the method: sure.
    expect(check('Solve x² − x − 12 = 0.', 'x = 4 or x = −3', '(x − 4)(x + 3) = 0 so x = −4 or x = 3', 3)).toMatchObject({
      pointsObtained: 2,
      confident: true,
    });
    // Wrong factors are no correct step.
    expect(check('Solve x² − x − 12 = 0.', 'x = 4 or x = −3', '(x − 6)(x + 2) = 0 so x = 6 or x = −2', 3)).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
  });

  it('gives half the marks rounded down to a whole mark for working it cannot check', () => {
    expect(check('A 200 W lamp is on for 3 minutes. Calculate the energy transferred.', '36 000 J', '200 × 3 = 600 J', 3)).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
  });

  it("follows the scheme's marks for each value and the method", () => {
    const r = check(
      'Solve the simultaneous equations a + b = 12 and a − b = 2.',
      'a = 7, b = 5 (M1 method, B1 a, B1 b)',
      '2a = 14 so a = 7, b = 6',
      3,
    );
    // The elimination written down earns its method mark for sure.
    expect(r).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check('Solve x² − 7x + 12 = 0.', 'x = 3 or x = 4', '(x − 3)(x − 4) = 0 so x = 3, 4', 3)).toMatchObject({
      pointsObtained: 3,
      confident: true,
    });
  });
});

describe('what is not a step of working', () => {
  it("does not count the question's equation copied out, nor a note accepting another value", () => {
    expect(check('Solve x² − x − 12 = 0.', 'x = 4 or x = −3', 'x² − x − 12 = 0 so x = −4 or x = 3', 3)).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    // "12 (accept 12.5)": the alternative value is kept, not lost with the note.
    expect(
      checkAnswer({ question: 'Estimate the mean.', answer: '12 (accept 12.5)', response: '12.5', marksPossible: 1 }).pointsObtained,
    ).toBe(1);
  });
});

describe('the final answer', () => {
  it('is the value stated before "because" when the reason follows it, else the last value', () => {
    const q = 'A minibus holds 16 pupils. How many minibuses are needed for 100 pupils?';
    expect(check(q, '7', '7 because 100 ÷ 16 = 6.25')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, '7', '100 ÷ 16 = 6.25 so 7 minibuses')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, '7', '100/16 = 6.25 so six minibuses')).toMatchObject({ pointsObtained: 1, confident: false });
  });
});
