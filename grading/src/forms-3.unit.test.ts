import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';

const check = (question: string, answer: string, response: string, marksPossible = 1) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('number forms a teacher reads as the same number', () => {
  it('reads "a over b" as the fraction a/b', () => {
    const r = check('Write 0.35 as a fraction in its simplest form.', '7/20', '7 over 20');
    expect(r.pointsObtained).toBe(1);
    expect(check('Write 0.35 as a fraction in its simplest form.', '7/20', '7 over 21').pointsObtained).toBe(0);
  });

  it('takes the unit named after the words of a number in the question ("to the nearest thousand metres")', () => {
    const r = check('A road is 12 340 metres long. Round this to the nearest thousand metres.', '12 000 metres', '12,000');
    expect(r).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('reads a key that is one number in words, or a value with its words in brackets, as that one number', () => {
    const q = 'Write the number 405 in words.';
    expect(check(q, 'four hundred and five', 'four hundred and five').pointsObtained).toBe(1);
    expect(check(q, 'four hundred and five', 'four hundred five').pointsObtained).toBe(1);
    expect(check(q, 'four hundred and five', 'four hundred and fifty').pointsObtained).toBe(0);
    // Digits where words are asked are not the form asked for.
    expect(check(q, 'four hundred and five', '405')).toMatchObject({ pointsObtained: 0, confident: true });
    const half = 'What is half of fifty-one?';
    for (const r of ['twenty-five and a half', '25½', '25.5'])
      expect(check(half, '25.5 (twenty-five and a half)', r).pointsObtained, r).toBe(1);
    expect(check(half, '25.5 (twenty-five and a half)', 'twenty-six').pointsObtained).toBe(0);
  });

  it('flags a value without its unit in a question of one mark that asks for no unit (teachers differ), and sees a unit asked after another', () => {
    const r = check('A tank holds 40 kg of water and 15 kg is drained. How much water is left?', '25 kg', '25');
    expect(r).toMatchObject({ pointsObtained: 0.5, confident: false });
    // Of two marks with the unit asked for, the unit mark is lost and nobody differs.
    expect(check('A car travels 100 km in 2 hours. Work out its speed. Give the unit.', '50 km/h', '50', 2)).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
    // "Use … to convert 30 °C to °F": the unit asked is the one after the second "to".
    expect(check('Use F = 9C/5 + 32 to convert 30 °C to °F.', '86 °F', '54 + 32 = 86')).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });

  it('keeps "into hours and minutes" a request for hours and minutes, not for minutes', () => {
    expect(check('Convert 135 minutes into hours and minutes.', '2 hours 15 minutes', '2h 15min').pointsObtained).toBe(1);
  });

  it('holds a whole number written with spaces between its digit groups to every digit ("63 120" is not "63 012")', () => {
    const q = 'Write sixty-three thousand and twelve in digits.';
    expect(check(q, '63 012', '63 120')).toMatchObject({ pointsObtained: 0 });
    expect(check(q, '63 012', '63,012').pointsObtained).toBe(1);
  });
});

describe('chemical names with an oxidation state', () => {
  it('gives nothing for the same metal with another oxidation state, even where the key accepts the bare name', () => {
    const q = 'Name the compound CuO.';
    expect(check(q, 'copper(II) oxide; accept copper oxide', 'copper(I) oxide')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, 'copper(II) oxide; accept copper oxide', 'copper(II) oxide').pointsObtained).toBe(1);
    expect(check(q, 'copper(II) oxide; accept copper oxide', 'copper oxide').pointsObtained).toBe(1);
  });
});

describe('units written in words after "per"', () => {
  it('reads "g per cm cubed", "g per cubic cm" and "kg per m cubed" as densities', () => {
    const q = 'A block has a mass of 300 g and a volume of 120 cm³. Calculate its density and give the units.';
    for (const r of ['2.5 g per cm cubed', '2.5 g per cubic cm', '2.5 grams per cubic centimetre'])
      expect(check(q, '2.5 g/cm³ (1 mark value, 1 mark unit)', r, 2).pointsObtained, r).toBe(2);
  });
});

describe("values held to the key's decimal places", () => {
  it("gives no full marks to a value written to the key's decimal places that differs in them (540.08 for 540.80)", () => {
    const q = '£400 is invested at 5% per year compound interest. How much is in the account after 2 years?';
    const r = check(q, '£441.00 (M1 for 400 × 1.05²)', '400 × 1.05^2 = 414.00', 2);
    expect(r.pointsObtained).toBeLessThan(2);
    expect(check(q, '£441.00 (M1 for 400 × 1.05²)', '441.00', 2).pointsObtained).toBe(2);
  });
});

describe("a step the key's method note names", () => {
  it('earns the method marks where the final value is the step (M1 for 20% = £30 or 150 × 1.2)', () => {
    const q = 'A coat costs £150. Its price increases by 20%. What is the new price?';
    const key = '£180 (M1 for 20% = £30 or 150 × 1.2)';
    expect(check(q, key, '20% of 150 = 30', 2)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '180', 2).pointsObtained).toBe(2);
  });
});

describe('a key that names a unit', () => {
  it('takes the unit by its symbol ("ohm (Ω)" answered "Ω") and nothing else', () => {
    const q = 'What is the SI unit of electrical resistance?';
    expect(check(q, 'ohm (Ω)', 'Ω')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, 'ohm (Ω)', 'ohms').pointsObtained).toBe(1);
    expect(check(q, 'ohm (Ω)', 'volts').pointsObtained).toBe(0);
  });
});

describe('values asked for in order', () => {
  it('gives nothing for the right values in another order than asked', () => {
    const q = 'Write these in order, smallest first: 0.4, 1/3, 3/8';
    expect(check(q, '1/3, 3/8, 0.4', '0.4, 3/8, 1/3')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, '1/3, 3/8, 0.4', '1/3, 3/8, 0.4').pointsObtained).toBe(1);
  });
});

describe('a bare answer where the question asks to show how', () => {
  it("gives the answer's mark of a key that lists one for the working, flagged (teachers differ)", () => {
    const q = 'Which is larger, 3/4 or 5/7? Show how you decide.';
    const key = '3/4 (1 mark for a valid comparison e.g. 21/28 and 20/28; 1 mark for 3/4)';
    expect(check(q, key, '3/4', 2)).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, key, '21/28 and 20/28 so 3/4', 2).pointsObtained).toBe(2);
  });
});

describe("the method step a key's note names", () => {
  it('earns the method mark when the working shows it, nothing when it shows the step done wrongly', () => {
    const q = 'Work out 5.6 ÷ 0.07 without a calculator.';
    const key = '80 (M1 for 560 ÷ 7 or equivalent)';
    expect(check(q, key, '560 ÷ 7 = 70', 2).pointsObtained).toBe(1);
    expect(check(q, key, '560 ÷ 8 = 70', 2)).toMatchObject({ pointsObtained: 0, confident: true });
    const solve = 'Solve 4x − 3 = 17.';
    expect(check(solve, 'x = 5 (M1 for 4x = 20)', '4x = 14, x = 3.5', 2)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(solve, 'x = 5 (M1 for 4x = 20)', '4x = 20, x = 4', 2).pointsObtained).toBe(1);
  });

  it('flags working that does not show the step at all: it may be an equivalent method', () => {
    const r = check(
      'After a 20% discount a coat costs £64. What was the original price?',
      '£80 (M1 for 64 ÷ 0.8)',
      '80% = 64 so 10% = 8',
      2,
    );
    expect(r.confident).toBe(false);
  });
});

describe('a key of a number with the noun it counts, then the number alone', () => {
  it('reads "2½ cups (2.5)" as 2.5, in words or digits', () => {
    const q = 'A recipe for 2 people needs 5/4 of a cup of flour. How many cups are needed for 4 people?';
    for (const r of ['two and a half cups', '2.5', '2½ cups']) expect(check(q, '2½ cups (2.5)', r).pointsObtained, r).toBe(1);
    expect(check(q, '2½ cups (2.5)', '3 cups').pointsObtained).toBe(0);
  });
});
