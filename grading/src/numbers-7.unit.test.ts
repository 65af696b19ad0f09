import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { schemeLinesKey } from './numeric-scheme';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('a numeric key whose marks are counts after the answer ("1 for …", "1 number, 1 unit")', () => {
  it('reads the answer and the counted marks as a scheme', () => {
    expect(schemeLinesKey('45 km/h. 1 for 45; 1 for km/h')).toBe('45 km/h (B1 value; B1 unit)');
    expect(schemeLinesKey('12 m²; 1 number, 1 unit')).toBe('12 m² (B1 value; B1 unit)');
    expect(schemeLinesKey('9 kg/m³. 1 for 9; 1 for kg/m³')).toBe('9 kg/m³ (B1 value; B1 unit)');
    // A calculation, or the fraction before it is simplified, is a step of the method, whatever it comes to.
    expect(schemeLinesKey('15 m/s. 1 for 54 000 ÷ 3600; 1 for 15')).toBe('15 m/s (M1 for 54 000 ÷ 3600; B1 value)');
    expect(schemeLinesKey('2/7. 1 for 6/21; 1 for 2/7')).toBe('2/7 (M1 for 6/21; B1 value)');
    expect(schemeLinesKey('30%; 1 for 60/200')).toBe('30% (M1 for 60/200)');
    expect(schemeLinesKey('£72; 1 for £24 per year')).toBe('£72 (M1 for £24 per year)');
  });

  it('gives a fully right answer all the marks', () => {
    const speed = 'A cyclist rides 36 km in 3 hours. Work out her average speed. Give the unit.';
    expect(check(speed, '12 km/h. 1 for 12; 1 for km/h', '12 km/h')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(speed, '12 km/h. 1 for 12; 1 for km/h', '12 kph').pointsObtained).toBe(2);
    expect(check(speed, '12 km/h. 1 for 12; 1 for km/h', '12')).toMatchObject({ pointsObtained: 1 });
    const area = 'A mat is 3 m long and 4 m wide. Find its area. Include units.';
    expect(check(area, '12 m²; 1 number, 1 unit', '12m2')).toMatchObject({ pointsObtained: 2, confident: true });
    const pct = 'Ali scored 27 out of 36. What percentage is this?';
    expect(check(pct, '75%. 1 for 27/36; 1 for 75%', '75%')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(pct, '75%. 1 for 27/36; 1 for 75%', '27/36 = 75%').pointsObtained).toBe(2);
    const conv = 'Convert 54 km/h into m/s.';
    expect(check(conv, '15 m/s. 1 for 54 000 ÷ 3600; 1 for 15', '54000/3600 = 15')).toMatchObject({ pointsObtained: 2, confident: true });
  });

  it('gives the method mark to the step, and the unit mark stands alone only flagged', () => {
    const frac = 'Work out 3/4 × 2/9. Give your answer in its simplest form.';
    expect(check(frac, '1/6. 1 for 6/36; 1 for 1/6', '6/36').pointsObtained).toBe(1);
    expect(check(frac, '1/6. 1 for 6/36; 1 for 1/6', '1/6')).toMatchObject({ pointsObtained: 2, confident: true });
    const dens = 'A stone has a mass of 800 g and a volume of 400 cm³. Work out its density. Give the unit.';
    expect(check(dens, '2 g/cm³. 1 for 2; 1 for g/cm³', '0.5 g/cm³')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('reads a fraction the question gives, in other terms, as no step of the method', () => {
    const q = 'Which is larger, 2/5 or 3/8? Show how you decide.';
    const key = '2/5. 1 for 16/40 and 15/40 (or 0.4, 0.375); 1 for 2/5';
    expect(check(q, key, '3/8 because 8 is bigger')).toMatchObject({ pointsObtained: 0 });
    // The answer alone, where the working is asked for and has a mark of its own: that mark, flagged.
    expect(check(q, key, '2/5')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, key, '2/5 since 16/40 > 15/40')).toMatchObject({ pointsObtained: 2, confident: true });
  });

  it('reads "1 each" after the values as marks, not a value', () => {
    const q = 'Solve the simultaneous equations x + y = 12 and x − y = 2.';
    expect(check(q, 'x = 7, y = 5; 1 each', 'x = 5, y = 7')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, 'x = 7, y = 5; 1 each', 'x = 7, y = 5').pointsObtained).toBe(2);
  });
});

describe('ways of writing a numeric key or answer', () => {
  it('reads a vulgar fraction character after a whole number as a mixed number', () => {
    const q = 'Write 23/8 as a mixed number.';
    expect(check(q, '2 7/8', '2⅞', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Write 13/5 as a mixed number.', '2 3/5', '2⅗', 1).pointsObtained).toBe(1);
    expect(check(q, '2 7/8', '2⅝', 1).pointsObtained).toBe(0);
  });

  it('reads "(and)" in a key in words as the "and" the number may leave out', () => {
    const q = 'Write 8 070 in words.';
    expect(check(q, 'eight thousand (and) seventy', 'eight thousand seventy', 1).pointsObtained).toBe(1);
    expect(check(q, 'eight thousand (and) seventy', 'eight thousand and seventy', 1).pointsObtained).toBe(1);
    // Digits are not the form asked for.
    expect(check(q, 'eight thousand (and) seventy', '8 thousand and seventy', 1)).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('reads a key in hours and minutes with its counted marks, the answer in minutes in brackets accepted', () => {
    const q = 'A coach leaves at 07:50 and arrives at 10:05. How long is the journey?';
    const key = '2 h 15 min (135 min); 1 for method';
    expect(schemeLinesKey(key)).toBe('2 h 15 min (accept 135 min) (M1 for method)');
    expect(check(q, key, '2 hours 15 minutes')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '135 minutes').pointsObtained).toBe(2);
  });
});

describe('more ways teachers write counted marks after a key', () => {
  it('reads one value written in several forms, each accepted', () => {
    const q = 'Work out 5/8 ÷ 1/2';
    const key = '5/4 = 1 1/4 = 1.25; 1 for invert and multiply';
    expect(schemeLinesKey(key)).toBe('5/4 (accept 1 1/4) (accept 1.25) (M1 for invert and multiply)');
    expect(check(q, key, '1 1/4')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '1.25').pointsObtained).toBe(2);
  });

  it('reads "answer alone ok" as the marker\'s note, and "1 for answer" after a comma as the value\'s mark', () => {
    expect(schemeLinesKey('600 (30×20); answer alone ok; 1 for rounding')).toBe('600 (M1 for rounding; answer alone ok; 30×20)');
    expect(
      check('Estimate 31 × 19.6 by rounding each number.', '600 (30×20); answer alone ok; 1 for rounding', '30 x 20 = 600'),
    ).toMatchObject({ pointsObtained: 2, confident: true });
    expect(schemeLinesKey('482; 1 for subtraction shown, 1 for answer')).toBe('482 (M1 for subtraction shown; B1 value)');
  });

  it('reads marks by how many roots are right ("both for 2, one for 1") as no value', () => {
    const q = 'Solve y² = 49.';
    expect(check(q, 'y = 7 or y = −7; both for 2, one for 1', 'y = ±7')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, 'y = 7 or y = −7; both for 2, one for 1', '7').pointsObtained).toBe(1);
  });
});

describe('quantities written with points grouping thousands, or the right number with a wrong unit', () => {
  it('reads "2.500 ml" as 2500 ml where that is the only reading that is the key', () => {
    const q = 'Convert 3.5 litres into millilitres.';
    expect(check(q, '3500 ml', '3.500 ml', 1)).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, '3500 ml', '3.5 ml', 1).pointsObtained).toBe(0);
    expect(check(q, '3500 ml', '3.600 ml', 1).pointsObtained).toBe(0);
  });

  it('flags the right number with the wrong unit or scale (teachers give nothing, or take off half)', () => {
    expect(check('How many grams are there in 4.5 kg?', '4500 g', '4500 kg', 1)).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('Convert 50 °F to °C.', '10 °C', '10 °F', 1)).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('Convert 50 °F to °C.', '10 °C', '12 °C', 1)).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('hedges, ranges, place values and a unit asked for on one mark', () => {
  it('marks two numbers, one right, as a hedge: 0, flagged', () => {
    expect(check('How many faces does a cube have?', '6 (six)', 'six or seven', 1)).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('Find the mean of 2, 4 and 9.', '5', '5 or 6', 1)).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('Solve x² = 64', 'x = 8 or x = −8', '8 or -8').pointsObtained).toBe(2);
  });

  it('accepts every whole number of a range the key accepts', () => {
    const q = 'Roughly what percentage of the air is nitrogen?';
    expect(check(q, 'about 78% (accept 77-79%)', '77%', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, 'about 78% (accept 77-79%)', '81%', 1).pointsObtained).toBe(0);
  });

  it('reads "6 hundreds" as 600, in the key and in the answer; the digit alone is its face value', () => {
    const q = 'What is the value of the digit 6 in 45 678?';
    const key = '600 (also accept: six hundred, 6 hundreds)';
    expect(check(q, key, '6 hundreds', 1).pointsObtained).toBe(1);
    expect(check(q, key, '6', 1)).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('flags the bare value where the question asks for the unit on one mark (teachers give half or none)', () => {
    const q = 'At what temperature does pure water freeze? Include the unit.';
    expect(check(q, '0 °C (also accept 273 K)', '0', 1)).toMatchObject({ confident: false });
    expect(check(q, '0 °C (also accept 273 K)', '0 °C', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('number words built on the unit, a unit by name or symbol, a percentage as a decimal', () => {
  it('reads "fiveteen", "fivety" as fifteen and fifty, as "fourty" is forty', () => {
    expect(check('How many minutes are in a quarter of an hour?', '15 (fifteen)', 'fiveteen', 1).pointsObtained).toBe(1);
    expect(check('What is half of 100?', '50', 'fivety', 1).pointsObtained).toBe(1);
  });

  it('accepts the symbol or the name of a unit keyed as "name / symbol"', () => {
    const q = 'In what unit is frequency measured?';
    expect(check(q, 'hertz / Hz', 'Hz', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, 'hertz / Hz', 'hertz', 1).pointsObtained).toBe(1);
  });

  it('gives the method mark to a decimal where the key is a percentage with a method mark, flagged (some take off only half)', () => {
    const q = 'A price rose from £40 to £50. What is the percentage increase?';
    expect(check(q, '25%; 1 for 10/40', '0.25')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, '25%; 1 for 10/40', '25%')).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('the total where the interest is asked', () => {
  it("gives the method mark, not the answer's, to the amount with the interest added", () => {
    const q = '£300 is saved at 2% simple interest per year. How much interest is earned in 4 years?';
    expect(check(q, '£24; 1 for £6 per year', '£324')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '£24; 1 for £6 per year', '£24')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, '£24; 1 for £6 per year', '£330').pointsObtained).toBe(0);
  });
});

describe('money in pence and pounds', () => {
  it('reads a key in pence as money, not an expression in p, and pence and pounds as one amount', () => {
    const q = 'Four pens cost £1.40. How much does one pen cost?';
    expect(check(q, '35p (accept £0.35)', '£0.35', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '35p (accept £0.35)', '35p', 1).pointsObtained).toBe(1);
    expect(check(q, '35p (accept £0.35)', '£3.50', 1).pointsObtained).toBe(0);
    // An expression in p stays one.
    expect(check('Simplify 4p + 9p', '13p', '13p', 1).pointsObtained).toBe(1);
  });

  it('gives the method mark, flagged, to the right amount in pence where pounds are asked', () => {
    const q = 'A rubber costs 25p. Work out the cost of 12 rubbers. Give your answer in pounds.';
    const key = '£3.00. 1 for 12 × 25 or 300; 1 for £3.00';
    expect(check(q, key, '300p')).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, key, '£3')).toMatchObject({ pointsObtained: 2, confident: true });
  });
});

describe('a unit symbol typed in lower case where no other unit has that name', () => {
  it('reads "w", "hz", "kj", "kpa" and "kmh^-1" as the units they can only be', () => {
    const power = 'A lamp uses 900 J in 30 s. Calculate its power. Give the unit.';
    expect(check(power, 'B1 30; B1 W (accept watts, J/s)', '30 w')).toMatchObject({ pointsObtained: 2, confident: true });
    const freq = 'A wave has speed 12 m/s and wavelength 3 m. Calculate its frequency. Give the unit.';
    expect(check(freq, 'B1 4; B1 Hz (accept hertz)', '4 hz')).toMatchObject({ pointsObtained: 2, confident: true });
    const speed = 'A bus travels 90 km in 1.5 hours. Calculate its average speed. Give the unit.';
    expect(check(speed, 'B1 60; B1 km/h', '60 kmh^-1')).toMatchObject({ pointsObtained: 2, confident: true });
    const energy = 'A kettle transfers 4000 J. Write this in kilojoules.';
    expect(check(energy, '4 kJ', '4 kj', 1)).toMatchObject({ pointsObtained: 1 });
  });
});

describe('a bare number where the question asks to write a value as a percentage', () => {
  it('keeps the mark but flags it (teachers differ on the % sign); "what percentage" and a change stay sure', () => {
    expect(check('Write 0.09 as a percentage.', '9%', '9', 1)).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('Lee got 18 out of 24. Write this as a percentage.', '75%', '75', 1)).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
    expect(check('Write 0.09 as a percentage.', '9%', '9%', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('What percentage of 40 is 10?', '25%', '25', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });
});

describe('a key giving a place value by its name and in figures ("4 tenths / 0.4")', () => {
  it('is one value, either form right', () => {
    const q = 'What is the value of the digit 4 in 12.48?';
    expect(check(q, '4 tenths / 0.4', '0.4', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '4 tenths / 0.4', 'four tenths', 1)).toMatchObject({ pointsObtained: 1 });
    expect(check(q, '4 tenths / 0.4', '4', 1).pointsObtained).toBe(0);
    expect(check('What is the value of the digit 5 in 2.356?', '5 hundredths or 0.05', '0.05', 1).pointsObtained).toBe(1);
  });
});

describe('a misspelt number word where the question asks for the number in words', () => {
  it('keeps the mark but flags it (some teachers take the slip, some mark the spelling)', () => {
    const q = 'Write 7080 in words.';
    expect(check(q, 'seven thousand and eighty', 'seven thousand and eightey', 1)).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check(q, 'seven thousand and eighty', 'seven thousand and eighty', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });
});
