import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';

const q = 'A triangle has base (x + 4) cm and height 2x cm. Its area is 30 cm². Show that x² + 4x - 30 = 0... and hence find x.';
const key = 'x(x + 4) = 30 (M1); x² + 4x = 30 → x² + 4x - 30 = 0 (A1); (x + 2)² = 34, x = 3.83 (M1); base 7.83 cm (A1)';
const check = (response: string) => checkAnswer({ question: q, answer: key, response, marksPossible: 4 });

describe('a key of marking points, each with its mark', () => {
  it('gives each point its mark where the working has one of its statements, in the same form', () => {
    expect(check('x(x + 4) = 30 so x^2 + 4x = 30')).toMatchObject({ pointsObtained: 2, confident: true });
    // The product again, multiplied out: the second point's equation, not the first's.
    expect(check('x(x + 4) = 30')).toMatchObject({ pointsObtained: 1, confident: true });
  });

  it('takes an accuracy mark as implying the method marks before it', () => {
    expect(check('x² + 4x - 30 = 0, x = 3.83')).toMatchObject({ pointsObtained: 3, confident: true });
    expect(check('x(x+4) = 30, x² + 4x - 30 = 0, (x + 2)² = 34, x = 3.83, base = 3.83 + 4 = 7.83 cm')).toMatchObject({
      pointsObtained: 4,
      confident: true,
    });
  });

  it('flags working that matches no point (perhaps an equivalent method), with the marks it is sure of', () => {
    expect(check('2x² + 8x = 60, x = -7.83')).toMatchObject({ pointsObtained: 0, confident: false });
    expect(check('x(x + 4) = 30, 2x² + 8x = 60')).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('takes a bare wrong value as sure: it shows no method, equivalent or not', () => {
    expect(check('x = -7.83')).toMatchObject({ pointsObtained: 0, confident: true });
    expect(check('7')).toMatchObject({ pointsObtained: 0, confident: true });
  });
});
