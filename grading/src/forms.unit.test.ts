import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('the form a question asks for', () => {
  it('reads the unicode fraction slash as a fraction bar', () => {
    expect(check('Simplify 21/28.', '3/4', '3⁄4', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check('Simplify 21/28.', '3/4', '3∕4', 1)).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('knows an improper fraction is a fraction: a decimal or a mixed number is another form', () => {
    expect(check('Write 3 1/2 as an improper fraction.', '7/2', '3.5', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Write 3 1/2 as an improper fraction.', '7/2', '3 1/2', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Write 3 1/2 as an improper fraction.', '7/2', '7/2', 1).pointsObtained).toBe(1);
  });

  it('gives the right value in another form 0 of one mark and 1 of two, as the usual policy says', () => {
    expect(check('Work out 3/4 × 8/9. Give your answer in its simplest form.', '2/3', '24/36')).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
    expect(check('Work out 1 1/2 + 2 2/3. Give your answer as a mixed number.', '4 1/6', '25/6')).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
    // A decimal where a percentage is asked: teachers differ on one mark (0 or ½), so it is flagged.
    expect(check('Out of 40 cars, 10 are red. What percentage are red?', '25%', '0.25', 1)).toMatchObject({
      pointsObtained: 0,
      confident: false,
    });
  });

  it('gives the method share of a value not rounded as asked', () => {
    expect(
      check('Work out the circumference of a circle of diameter 7 cm. Give your answer to 1 decimal place.', '22.0 cm', '21.99 cm'),
    ).toMatchObject({
      pointsObtained: 1,
    });
    expect(
      check('Calculate the area of a circle of radius 3 cm. Give your answer to 1 decimal place.', '28.3 cm²', '28.27 cm²'),
    ).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
    expect(
      check('Calculate the area of a circle of radius 3 cm. Give your answer to 1 decimal place.', '28.3 cm²', '28.27 cm²', 1)
        .pointsObtained,
    ).toBe(0);
  });
});

describe('values near the key', () => {
  it('does not take an answer more exact than the key that does not round to it', () => {
    expect(check('A coat costs £50 after a 20% cut. Work out 120% of £50.', '£60', '£59.40').pointsObtained).toBe(0);
    expect(check('Work out 2/3 of 90.', '60', '59.9').pointsObtained).toBe(2);
    expect(check('What is g on Earth?', '9.8 m/s²', '9.81 m/s²').pointsObtained).toBe(2);
  });

  it("flags a value near the key but not it rounded (another method's value) only where working is shown", () => {
    const q = '£2000 is invested at 4% compound interest for 2 years. How much is it worth then?';
    const key = '£2163.20 (M1 for 2000 × 1.04²)';
    expect(check(q, key, '£2160')).toMatchObject({ pointsObtained: 0, confident: true });
    // Working the key's note does not name: it may be another method a teacher credits.
    const worked = check(q, '£2163.20', '2000 × 0.08 = 160, 2000 + 160 = 2160');
    expect(worked).toMatchObject({ pointsObtained: 0, confident: false });
    expect(worked.reason).toContain('near the key');
    // Working that attempts the step the key names and gets it wrong is another method for sure.
    expect(check(q, key, '2000 × 1.08 = 2160')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});

describe('percentage methods', () => {
  it('gives nothing for a percentage of the new amount where the question gives the amount after a change', () => {
    expect(check('After a 20% decrease a bike costs £160. What was the original price?', '£200', '£192')).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
    expect(check('After a 25% increase a ticket costs £50. What was the price before the increase?', '£40', '£37.50')).toMatchObject({
      pointsObtained: 0,
      confident: true,
    });
  });

  it('gives the method share, flagged, for simple interest where compound is asked', () => {
    expect(
      check('£1000 is invested at 10% compound interest per year. How much is in the account after 3 years?', '£1331', '£1300', 3),
    ).toMatchObject({
      pointsObtained: 1,
      confident: false,
    });
  });

  it("flags, without a share, a wrong answer that is a product of the question's numbers", () => {
    const r = check('A car travels at 20 m/s for 4 s and then stops. What is its average speed over 8 s?', '10 m/s', '80 m/s');
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
    expect(r.reason).toContain('20 × 4');
  });
});

describe('a decimal point in the wrong place', () => {
  it("is the student's where the answer has a point, and may be a lost point where it has none", () => {
    expect(check('Work out 0.4 × 0.2.', '0.08', '0.8', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Convert 250 g to kilograms.', '0.25 kg', '2.5 kg', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Write 0.065 as a percentage.', '6.5%', '65%', 1)).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('a decimal where a fraction or mixed number is asked', () => {
  it('earns nothing of one mark, and nothing of two, flagged, as teachers differ on a share', () => {
    expect(check('Write 19/4 as a mixed number.', '4 3/4', '4.75', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('Write 19/4 as a mixed number.', '4 3/4', '4.75')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('Write 0.6 as a fraction in its simplest form.', '3/5', '0.6')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});
