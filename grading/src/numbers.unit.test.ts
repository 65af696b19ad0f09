import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { decimalComma, normaliseDigits, numberWordsToDigits } from './numbers';
import { keyValues } from './numeric';
import { findQuantities, readQuantity } from './quantity';

const value = (text: string) => readQuantity(text)?.value;

describe('number words', () => {
  it('rewrites whole numbers, compounds and scales as digits', () => {
    expect(numberWordsToDigits('twelve')).toBe('12');
    expect(numberWordsToDigits('forty-five km')).toBe('45 km');
    expect(numberWordsToDigits('forty five')).toBe('45');
    expect(numberWordsToDigits('three hundred and forty-five')).toBe('345');
    expect(numberWordsToDigits('one thousand two hundred grams')).toBe('1200 grams');
    expect(numberWordsToDigits('minus seven')).toBe('-7');
    expect(numberWordsToDigits('three point one four')).toBe('3.14');
    expect(numberWordsToDigits('two dozen')).toBe('24');
  });

  it('reads fractions and mixed numbers in words', () => {
    expect(value('one and a half')).toBe(1.5);
    expect(value('two and three quarters')).toBe(2.75);
    expect(value('two thirds')).toBeCloseTo(2 / 3, 12);
    expect(value('a quarter')).toBe(0.25);
    expect(value('three quarters')).toBe(0.75);
    expect(value('half')).toBe(0.5);
  });

  it('keeps words that are not numbers, and numbers in a sentence', () => {
    expect(numberWordsToDigits('the answer is twelve months')).toBe('the answer is 12 months');
    expect(numberWordsToDigits('carbon dioxide')).toBe('carbon dioxide');
    expect(findQuantities('I think twenty one people came').map((q) => q.value)).toEqual([21]);
  });
});

describe('number words as people write them out', () => {
  it('reads a comma after thousands or millions as part of the number, but not between two numbers of one scale', () => {
    expect(numberWordsToDigits('thirty thousand, two hundred and nine')).toBe('30209');
    expect(numberWordsToDigits('three million, four hundred thousand')).toBe('3400000');
    expect(numberWordsToDigits('one thousand, two thousand')).toBe('1000, 2000');
  });

  it('reads a number word misspelled by a slip that is no English word, and leaves real words alone', () => {
    expect(numberWordsToDigits('fourty-two')).toBe('42');
    expect(numberWordsToDigits('three thousandths')).toBe('(3/1000)');
    expect(numberWordsToDigits('nine thousnd')).toBe('9000');
    expect(numberWordsToDigits('5 hundreths')).toBe('(5/100)');
    // "seventh" and "for" are words of their own, not slips of "seventy" and "four".
    expect(numberWordsToDigits('the seventh day')).toBe('the seventh day');
    expect(numberWordsToDigits('for two')).toBe('for 2');
  });

  it('reads "point three" as a decimal below one, but not "this point" or a boiling point', () => {
    expect(numberWordsToDigits('point three')).toBe('0.3');
    expect(numberWordsToDigits('it is point zero five')).toBe('it is 0.05');
    expect(numberWordsToDigits('at that point three people left')).toBe('at that point 3 people left');
  });

  it('reads a value restated in brackets as one value', () => {
    expect(value('45 (forty-five)')).toBe(45);
    expect(value('1/4 (0.25)')).toBe(0.25);
    expect(value('3 (5)')).toBe(15);
  });

  it('marks a number written out in words against a key in words, and figures where figures are asked', () => {
    const words = 'Write the number 30 209 in words.';
    expect(
      checkAnswer({
        question: words,
        answer: 'thirty thousand, two hundred and nine',
        response: 'thirty thousand two hundred and nine',
        marksPossible: 1,
      }).pointsObtained,
    ).toBe(1);
    expect(
      checkAnswer({
        question: words,
        answer: 'thirty thousand, two hundred and nine',
        response: 'thirty thousand and twenty nine',
        marksPossible: 1,
      }).pointsObtained,
    ).toBe(0);
    const decimal = 'Write 0.3 in words.';
    expect(
      checkAnswer({ question: decimal, answer: 'nought point three / zero point three', response: 'point three', marksPossible: 1 })
        .pointsObtained,
    ).toBe(1);
    expect(
      checkAnswer({ question: decimal, answer: 'nought point three / zero point three', response: 'three', marksPossible: 1 })
        .pointsObtained,
    ).toBe(0);
    const figures = 'Write two and a half thousand in figures.';
    expect(checkAnswer({ question: figures, answer: '2500', response: '2 500', marksPossible: 1 }).pointsObtained).toBe(1);
    expect(checkAnswer({ question: figures, answer: '2500', response: '2.5 thousand', marksPossible: 1 })).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
  });
});

describe('digits with separators', () => {
  it('reads thousands separators: comma, space, and the European dot with a decimal comma', () => {
    expect(value('12,500')).toBe(12500);
    expect(value('1 000 000')).toBe(1000000);
    expect(normaliseDigits('1.000,5')).toBe('1000.5');
    expect(value('1.000,25')).toBe(1000.25);
    expect(value('1 1/2')).toBe(1.5);
  });

  it('reads a decimal with a scale word, and x as a times sign between numbers', () => {
    expect(value('2.5 million')).toBe(2500000);
    expect(value('3 x 10^8 m/s')).toBe(3e8);
    expect(value('6 x 7')).toBe(42);
  });

  it('reads the unicode minus and a lone decimal comma', () => {
    expect(value('−7')).toBe(-7);
    expect(decimalComma('3,5')).toBe('3.5');
    expect(decimalComma('3,500')).toBeNull();
    expect(decimalComma('2, 3')).toBeNull();
  });
});

describe('the value a key gives', () => {
  it('reads the value after the words that introduce it, and before a clause that only allows alternatives', () => {
    const read = (key: string) => keyValues(key)?.map((q) => `${q.value}${q.unit ? ` ${q.unit.label}` : ''}`);
    expect(read('The answer is 12 cm')).toEqual(['12 cm']);
    expect(read('12 cm²; allow 12.0')).toEqual(['12 cm²']);
    expect(read('Approximately 3.14')).toEqual(['3.14']);
    // A direction or a count noun is not a unit: such keys are for the word checks.
    expect(read('5 m/s north')).toBeUndefined();
    expect(read('There are 46 chromosomes')).toBeUndefined();
  });
});

describe('numbers in answers', () => {
  const check = (question: string, answer: string, response: string, marksPossible = 1) =>
    checkAnswer({ question, answer, response, marksPossible });

  it('accepts number words for digits and refuses a different number', () => {
    expect(check('How many months in a year?', '12', 'twelve').pointsObtained).toBe(1);
    expect(check('What is 3 ÷ 2?', '1.5', 'one and a half').pointsObtained).toBe(1);
    const wrong = check('What is 9 × 5?', '45', 'fifty-four');
    expect(wrong).toMatchObject({ pointsObtained: 0, confident: true });
    expect(wrong.feedback).toBe('Your answer fifty-four is not correct: the expected answer is 45. Check your working.');
  });

  it('flags "05" for 0.5 (a decimal point lost in reading) instead of marking it wrong', () => {
    const r = check('What is 1 ÷ 2 as a decimal?', '0.5', '05');
    expect(r.confident).toBe(false);
    expect(r.reason).toContain('decimal point lost');
    expect(r.pointsObtained).toBe(1);
    const moved = check('A 5 Ω resistor carries 0.5 A. What is the voltage?', '2.5 V', '25 V');
    expect(moved).toMatchObject({ pointsObtained: 0, confident: false });
    expect(moved.feedback).toContain('Check where the decimal point goes');
    // A missing zero of a whole number is a wrong answer, not a reading slip.
    expect(check('Write twelve thousand five hundred in digits.', '12500', '1250')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('treats 25% and 25 alike, and 0.25 as half right where a percentage is asked (flagged)', () => {
    const q = 'What percentage of 80 is 20?';
    expect(check(q, '25%', '25', 2).pointsObtained).toBe(2);
    expect(check(q, '25%', '25 percent', 2).pointsObtained).toBe(2);
    const decimal = check(q, '25%', '0.25', 2);
    expect(decimal).toMatchObject({ pointsObtained: 1, confident: false });
    expect(decimal.feedback).toContain('the question asks for a percentage');
    expect(check('Probability of heads as a decimal?', '0.5', '50%')).toMatchObject({ pointsObtained: 0.5, confident: false });
    expect(check('Probability of heads?', '0.5', '50%').pointsObtained).toBe(1);
    // 5% is not 5: half, flagged, unless the question asks for a percentage.
    expect(check('Work out 10% of 50.', '5', '5%', 2)).toMatchObject({ pointsObtained: 1, confident: false });
    expect(check('What percentage of 80 is 20?', '25', '25%', 2).pointsObtained).toBe(2);
  });

  it('wants the simplest fraction where the question asks for it, and any equal value otherwise', () => {
    expect(check('Simplify 6/8.', '3/4', '3/4').pointsObtained).toBe(1);
    expect(check('Simplify 6/8.', '3/4', '6/8')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Write 0.75 as a fraction in its simplest form.', '3/4', '0.75').pointsObtained).toBe(0);
    expect(check('What fraction of the balls are red?', '2/5', '4/10').pointsObtained).toBe(1);
    // "As a fraction" without "simplest form": an equal fraction is right, flagged as a matter of convention.
    expect(check('Write 0.25 as a fraction.', '1/4', '25/100')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('wants a mixed number where the question asks for one', () => {
    expect(check('Write 7/2 as a mixed number.', '3 1/2', '3.5')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Write 7/2 as a mixed number.', '3 1/2', '3 1/2').pointsObtained).toBe(1);
    // The right value in another form than the one asked: 0 of one mark, 1 of two (the usual policy), so not flagged.
    expect(check('Write 7/2 as a mixed number.', '3 1/2', '7/2')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Write 7/2 as a mixed number.', '3 1/2', '3 and 1/2')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('compares whole numbers exactly, and measured values within 1%', () => {
    expect(check('How many days in a leap year?', '366', '365').pointsObtained).toBe(0);
    expect(check('How long is a leap year?', '366 days', '365 days').pointsObtained).toBe(0);
    expect(check('Force?', '6 N', '6.02 N').pointsObtained).toBe(1);
    expect(check('Speed of light?', '3 × 10^8 m/s', '299792458 m/s').pointsObtained).toBe(1);
  });

  it('flags an exact key rounded without being asked', () => {
    const r = check('What is 5/8 as a decimal?', '0.625', '0.63');
    expect(r).toMatchObject({ pointsObtained: 1, confident: false });
    expect(r.feedback).toBe('Correct to 2 decimal places: the exact answer is 0.625.');
  });

  it('flags a value the answer negates', () => {
    expect(check('Speed?', '60 km/h', 'not 60 km/h', 2)).toMatchObject({ confident: false });
  });

  it('matches named values letter by letter, so swapped values are wrong', () => {
    const q = 'Solve the simultaneous equations x + y = 6 and x − y = 2.';
    expect(check(q, 'x = 4, y = 2', 'y = 2 and x = 4', 2)).toMatchObject({ pointsObtained: 2, confident: true });
    const swapped = check(q, 'x = 4, y = 2', 'x = 2, y = 4', 2);
    expect(swapped).toMatchObject({ pointsObtained: 0, confident: true });
    expect(swapped.feedback).toContain('x = 4 and y = 2');
    expect(check(q, 'x = 4, y = 2', '4 and 2', 2).confident).toBe(false);
    expect(check('Solve x² − 5x + 6 = 0.', 'x = 2 or x = 3', 'x = 3 or x = 2', 2).pointsObtained).toBe(2);
    expect(check('Solve x² = 49.', 'x = 7 or x = −7', 'x = ±7', 2).pointsObtained).toBe(2);
    expect(check('What is the square root of 144?', '12', '±12').pointsObtained).toBe(1);
  });

  it('counts the digits when the question asks for rounding', () => {
    expect(check('Round 3.14159 to 2 decimal places.', '3.14', '3.14').pointsObtained).toBe(1);
    const r = check('Round 3.14159 to 2 decimal places.', '3.14', '3.142');
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
    expect(r.feedback).toContain('not rounded as the question asks');
    expect(check('What is π × 1?', '3.14', '3.142').pointsObtained).toBe(1);
    // Significant figures are counted on the digits, whatever the power of ten.
    expect(check('Write 0.00045213 to 3 significant figures.', '0.000452', '4.52 × 10^-4').pointsObtained).toBe(1);
    expect(check('Write 0.00045213 to 3 significant figures.', '0.000452', '0.0004521').pointsObtained).toBe(0);
    expect(check('Round 3456 to 2 s.f.', '3500', '3.5 × 10^3').pointsObtained).toBe(1);
    // The right value with other trailing zeros is for a teacher: mark schemes differ.
    expect(check('Round 7.96 to 1 d.p.', '8.0', '8')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});
