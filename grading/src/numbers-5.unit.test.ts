import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { numberWordsToDigits } from './numbers';
import { keyValues } from './numeric';
import { schemeLinesKey } from './numeric-scheme';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('a numeric key written as a mark scheme on lines or sentences', () => {
  it('reads the answer and the marks as notes', () => {
    expect(schemeLinesKey('M1 for 0.7 × 90\nA1 £63')).toBe('£63 (M1 for 0.7 × 90; A1 £63)');
    expect(schemeLinesKey('£63. M1 for 0.3 × 90 (= 27) or 0.7 × 90. A1 £63.')).toBe('£63 (M1 for 0.3 × 90 (= 27) or 0.7 × 90; A1 £63)');
    // Independent marks for the value and its unit: the value with that unit, the marks named.
    expect(schemeLinesKey('B1 45\nB1 km/h (accept kph)')).toBe('45 km/h (B1 value; B1 unit)');
    expect(schemeLinesKey('6 g/cm³. 1 mark for 6; 1 mark for unit.')).toBe('6 g/cm³ (B1 value; B1 unit)');
    // A mark for a value seen in the working is a method mark; values of parts are each a value.
    expect(schemeLinesKey('25. B1 2500 g seen. B1 25.')).toBe('25 (M1 for 2500 g seen; B1 value)');
    expect(schemeLinesKey('B1 24 006. B1 24 000.')).toBe('24 006 and 24 000 (B1 value; B1 value)');
  });

  it('leaves other keys alone', () => {
    expect(schemeLinesKey('£63 (M1 for 0.7 × 90)')).toBeNull();
    expect(schemeLinesKey('x = 8 (M1 for 2x = 16; A1 x = 8)')).toBeNull();
    expect(schemeLinesKey('B1 (x + 2)²\nB1 − 5')).toBeNull();
    expect(schemeLinesKey('Yes with working. B1 30/40 = 75%. B1 yes.')).toBeNull();
  });

  it('marks the answer alone full, and a wrong answer by the steps its working shows', () => {
    const q = 'A coat costs £90. It is reduced by 30% in a sale. What is the sale price?';
    const key = 'M1 for 0.3 × 90 (= 27) or 0.7 × 90\nA1 £63';
    expect(check(q, key, '£63')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '0.7 x 90 = 62')).toMatchObject({ pointsObtained: 1 });
    expect(check(q, `£63. ${key.replace('\n', '. ')}.`, '£63')).toMatchObject({ pointsObtained: 2, confident: true });
  });

  it('marks the value and the unit of a key that gives each a mark', () => {
    const q = 'A train travels 180 km in 4 hours. Work out its average speed. Give the units.';
    const key = 'B1 45\nB1 km/h (accept kph)';
    expect(check(q, key, '45 kph')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '45')).toMatchObject({ pointsObtained: 1 });
  });
});

describe('units as the key and the question say', () => {
  it('takes the number alone where the key says units are not required', () => {
    const q = 'Find the perimeter of a regular hexagon of side 5 cm.';
    expect(check(q, '30 cm (units not required)', '30', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '30 cm. Ignore missing unit.', '30', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('flags the number alone of one mark where the key requires the unit (half or none)', () => {
    const q = 'A tile is 6 cm by 5 cm. What is its area? Give units.';
    expect(check(q, '30 cm² (units required)', '30', 1)).toMatchObject({ pointsObtained: 0.5, confident: false });
  });

  it('gives nothing of one mark for the unit of another quantity', () => {
    const q = 'A tile is 6 cm by 5 cm. What is its area?';
    expect(check(q, '30 cm² (units required)', '30 cm', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('What is the weight of a 3 kg bag? (g = 10 N/kg)', '30 N', '30 kg', 1).pointsObtained).toBe(0);
    // Of two marks, half, as before.
    expect(check(q, '30 cm²', '30 cm', 2).pointsObtained).toBe(1);
  });

  it("gives the unit's own mark to a wrong value with the right unit, flagged (one teacher of four gives none)", () => {
    const q = 'A train travels 180 km in 4 hours. Work out its average speed. Give the units.';
    expect(check(q, '45 km/h (1 mark value, 1 mark unit)', '720 km/h')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, '45 km/h. B1 for 45. B1 for correct unit.', '720 km/h')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, '45 km/h. B1 for 45. B1 for correct unit.', '720 kg')).toMatchObject({ pointsObtained: 0 });
  });

  it("takes the unit's mark off a bare number where the key gives the unit a mark, flagged where the question names it", () => {
    const q = 'A runner covers 9 km in 45 minutes. Calculate her speed in km/h.';
    const key = '12 km/h. M1 9 ÷ 0.75. A1 12. B1 a correct unit.';
    expect(check(q, key, '12 km/h', 3)).toMatchObject({ pointsObtained: 3, confident: true });
    expect(check(q, key, '12', 3)).toMatchObject({ pointsObtained: 2, confident: false });
  });

  it('takes the accuracy mark off the right amount in another unit than the one the question names, flagged', () => {
    const q = 'A film lasts 1 hour 35 minutes. How long is it, in minutes?';
    expect(check(q, '95 minutes. M1 60 + 35. A1 95.', '1 h 35 min')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('A rod is 4.2 cm long. Give its length in mm.', '42 mm', '4.2 cm', 1)).toMatchObject({
      pointsObtained: 0.5,
      confident: false,
    });
  });
});

describe("method marks by the key's notes", () => {
  it('gives the method marks, not the accuracy mark, to a calculation left unworked', () => {
    const q = 'A coat costs £90. It is reduced by 30% in a sale. What is the sale price?';
    expect(check(q, 'M1 for 0.7 × 90\nA1 £63', '0.7 × 90')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(
      check('A box has a mass of 800 g and a volume of 400 cm³. Find its density.', 'M1 800 ÷ 400\nA1 2 g/cm³', '800/400'),
    ).toMatchObject({ pointsObtained: 1 });
    // A fraction is a number where the key is one: 7/12 for 7/12.
    expect(check('Work out 1/3 + 1/4', 'M1 4/12 + 3/12\nA1 7/12', '7/12')).toMatchObject({ pointsObtained: 2, confident: true });
  });

  it('gives each step shown its marks, and a later step implies those before it', () => {
    const q = 'Two pens cost £1.20 each and a ruler costs 85p. How much change from £5?';
    const key = '£1.75. M1 2 × 1.20 (= 2.40). M1 for total 3.25. A1 £1.75.';
    expect(check(q, key, '2.40 + 0.85 = 3.25', 3)).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '2 x 1.20 = 2.40', 3)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '£1.75', 3)).toMatchObject({ pointsObtained: 3, confident: true });
  });

  it("gives the method marks to the answer the key names for 'do not award A1'", () => {
    const q = 'A loan of £200 has 5% simple interest per year. How much interest is paid over 2 years?';
    const key = '£20. M1 for 5% of 200 = 10. A1 20. Do not award A1 for £220.';
    expect(check(q, key, '£220')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '£35')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('forms asked of a fraction', () => {
  it('takes a whole number as the simplest form of a whole answer', () => {
    const q = 'Work out 2½ × 1⅗. Give your answer in its simplest form.';
    expect(check(q, '4. M1 for 5/2 × 8/5. A1 4.', '5/2 x 8/5 = 40/10 = 4')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, '4. M1 for 5/2 × 8/5. A1 4.', '40/10').pointsObtained).toBe(1);
  });

  it('takes the accuracy mark off a decimal where a fraction is asked, where the key has method marks (flagged)', () => {
    const q = 'Work out 1/2 + 1/3. Give your answer as a fraction.';
    expect(check(q, '5/6. M1 for 3/6 + 2/6. A1 5/6.', '0.833')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, '5/6', '0.833')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('numbers in words and the unit a question counts', () => {
  it('reads a number word with a letter left out as the word it is all in ("ninty" is ninety, not ninth)', () => {
    expect(numberWordsToDigits('ninty')).toBe('90');
    expect(check('How many degrees are in three right angles? ', '270', 'two hundred and sevnty', 1).pointsObtained).toBe(1);
  });

  it('reads fractions whose denominators are ordinals past tenths', () => {
    expect(numberWordsToDigits('three twentieths')).toBe('(3/20)');
    expect(check('Write 0.55 as a fraction in its simplest form.', '11/20', 'eleven twentieths', 1)).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });

  it('reads a key of a number in figures and in words as that number', () => {
    expect(check('How many faces does a cube have?', '6 / six', 'six', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('How many faces does a cube have?', '6 / six', '1', 1).pointsObtained).toBe(0);
  });

  it('reads a bare key in the unit the question counts, so an answer not converted is wrong', () => {
    expect(check('How many minutes are there in 1.5 hours?', '90', '1 h 30 min', 1).pointsObtained).toBe(0);
    expect(check('How many minutes are there in 1.5 hours?', '90', '90 minutes', 1).pointsObtained).toBe(1);
    expect(check('How many ml are there in 2 litres?', '2000', '2000 cm³', 1).pointsObtained).toBe(1);
    expect(check('How many ml are there in 2 litres?', '2000', '2000', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('takes "degrees" alone for no unit where the unit of a temperature is required', () => {
    const q = 'At what temperature does ice melt? Include the unit.';
    expect(check(q, '0 °C (accept 273 K)\nunit required', '0 degrees', 1)).toMatchObject({ pointsObtained: 0.5, confident: false });
    expect(check(q, '0 °C (accept 273 K)\nunit required', '0 °c', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('standard form as typed', () => {
  const q = 'Write 0.00052 in standard form.';
  it("reads a power of ten whose minus is typed on the line ('5.2 × 10−4') as that power", () => {
    expect(check(q, '5.2 × 10⁻⁴', '5.2 × 10−4', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '5.2 × 10⁻⁴', '5.2 x 10-4', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('refuses calculator notation as standard form, flagged (teachers differ)', () => {
    expect(check(q, '5.2 × 10⁻⁴', '5.2E-4', 1)).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('marks after what earns them, and a step written in two units', () => {
  it("marks the answer by the response's first value and a comparison by any one example's numbers", () => {
    const q = 'Which is larger, 2/3 or 5/7? Show how you decide.';
    const key = '5/7 (B1) with a valid comparison, e.g. 14/21 and 15/21, or 0.667 and 0.714 (B1).';
    expect(check(q, key, '5/7 since 2/3 = 14/21 and 5/7 = 15/21')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '5/7')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '2/3 because 5/7 is smaller')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it("credits a method step the key writes in two units ('1 h 12 min seen') where the answer is left so", () => {
    const q = 'A bus leaves at 10:48 and arrives at 12:00. How many minutes does the journey take?';
    expect(check(q, 'M1 for 12 + 60 or 1 h 12 min seen\nA1 72 (minutes)', '1 hr 12 mins')).toMatchObject({ pointsObtained: 1 });
    expect(check(q, 'M1 for 12 + 60 or 1 h 12 min seen\nA1 72 (minutes)', '72')).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe("a marker's abbreviation after the key's answer", () => {
  it("reads '7/12 oe' as 7/12", () => {
    expect(keyValues('7/12 oe')?.map((q) => q.value)).toEqual([7 / 12]);
    expect(keyValues('£63 cao')?.map((q) => q.value)).toEqual([63]);
  });
});

describe('a decimal where the key is a percentage with method marks', () => {
  it("gives the method marks: the decimal is the method step (flagged: some teachers take off only half); the key's own step is sure", () => {
    const q = 'A price rises from £50 to £60. Work out the percentage increase.';
    expect(check(q, 'M1 10/50 (× 100)\nA1 20%', '0.2')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, '20%. M1 for 10/50 (× 100) oe. A1 20.', '10/50')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, 'M1 10/50 (× 100)\nA1 20%', '20%')).toMatchObject({ pointsObtained: 2, confident: true });
  });
});
