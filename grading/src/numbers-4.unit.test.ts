import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('method steps a key names', () => {
  it("credits the note's step with a number's decimal point slipped, as the method with a slip", () => {
    const q = 'After a 25% increase a bike costs £300. What did it cost before?';
    expect(check(q, '£240 (M1 for 300 ÷ 1.25)', '300 ÷ 125 = 2.4').pointsObtained).toBe(1);
    // Another number after the note's first is a wrong attempt.
    expect(check(q, '£240 (M1 for 300 ÷ 1.25)', '300 ÷ 0.75 = 400')).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it("flags the note's step begun and ended short, which a teacher may credit", () => {
    const q = '£2000 is invested at 5% compound interest per year. What is it worth after 3 years?';
    expect(check(q, '£2315.25 (M1 for 2000 × 1.05^3)', '2000 × 1.05 = 2100')).toMatchObject({ pointsObtained: 0, confident: false });
  });

  it("credits a value the key's method note names, written in the working, without a flag", () => {
    const q = 'The ratio of cats to dogs at a shelter is 3 : 7. There are 28 dogs. How many animals are there?';
    expect(check(q, '40 (M1 for 12 cats)', '28 ÷ 7 = 4, 4 × 3 = 12 cats, total 38')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '40 (M1 for 12 cats)', '28 ÷ 7 = 4, total 38').pointsObtained).toBeLessThan(2);
  });

  it('gives the marks a method note names for the answer as written, without a flag', () => {
    const q = 'A price falls from £50 to £41. Work out the percentage decrease.';
    expect(check(q, '18% (M1 for 9/50)', '9/50')).toMatchObject({ pointsObtained: 1, confident: true });
    const sf = 'Work out (3 × 10^2) × (4 × 10^-6). Give your answer in standard form.';
    expect(check(sf, '1.2 × 10^-3 (M1 for 12 × 10^-4, or 0.0012)', '0.0012')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('credits the step of a key of several values', () => {
    const q = 'Share £90 in the ratio 2 : 7.';
    expect(check(q, '£20 and £70 (M1 for 90 ÷ 9 = 10)', '90 ÷ 9 = 10').pointsObtained).toBe(1);
    expect(check(q, '£20 and £70 (M1 for 90 ÷ 9 = 10)', '£20 and £70').pointsObtained).toBe(2);
  });
});

describe('answers near an exact key', () => {
  it('refuses a whole number that is not the key rounded to its places, flagged where working is shown', () => {
    const q = '£4000 is invested at 2% compound interest per year. How much is it worth after 2 years?';
    expect(check(q, '£4161.60', '4000 × 1.04 = £4160')).toMatchObject({ pointsObtained: 0, confident: false });
    // Bare, it shows no method that could earn a mark.
    expect(check(q, '£4161.60', '£4160')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check(q, '£4161.60', '£4161.6').pointsObtained).toBe(2);
    expect(check('Write 0.00038162 to 3 significant figures.', '0.000382', '3.82 × 10^-4', 1).pointsObtained).toBe(1);
  });
});

describe('wrong answers that may still earn method marks', () => {
  it('flags the key in standard form with another power of ten, and a list of values worked through', () => {
    const q = 'Work out (3 × 10^4) × (2 × 10^-7). Give your answer in standard form.';
    expect(check(q, '6 × 10^-3', '6 × 10^-2')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check(q, '6 × 10^-3', '5 × 10^-3')).toMatchObject({ pointsObtained: 0, confident: true });
    const hcf = 'Find the highest common factor of 60 and 90.';
    expect(check(hcf, '30', 'factors of 60: 1, 2, 3, 5, 6, 10, 15 so 15')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check(hcf, '30', '15')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('a decimal point lost in reading the handwriting', () => {
  it('flags only the key’s own digits without their point, not a value off by a power of ten with zeros added', () => {
    const lost = check('Convert 350 cm to metres.', '3.5 m', '35 m', 1);
    expect(lost).toMatchObject({ pointsObtained: 0, confident: false });
    expect(lost.reason).toContain('only by a decimal point');
    expect(check('Convert 350 cm to metres.', '3.5 m', '3500 m', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Convert 1.2 × 10^6 mm into km.', '1.2 km', '1200 km', 1)).toMatchObject({ pointsObtained: 0, confident: true });
  });
});
