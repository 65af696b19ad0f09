import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import { readRatio } from './ratio';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe('ratios', () => {
  it('reads a ratio written with a colon or "to"', () => {
    expect(readRatio('3 : 5')).toEqual([3, 5]);
    expect(readRatio('3to5')).toBeNull();
    expect(readRatio('3 to 5')).toEqual([3, 5]);
    expect(readRatio('2:3:4')).toEqual([2, 3, 4]);
    expect(readRatio('3/5')).toBeNull();
  });

  it('accepts an equal ratio in the order written, and refuses it the other way round', () => {
    const q = 'Red and blue beads are in the ratio 6 : 9. Write this ratio another way.';
    expect(check(q, '2 : 3', '4:6', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, '2 : 3', '2 to 3', 1).pointsObtained).toBe(1);
    expect(check(q, '2 : 3', '3 : 2', 1)).toMatchObject({ pointsObtained: 0, confident: true });
  });

  it('gives the method share for an equal ratio not in the simplest form asked, none of one mark', () => {
    const q = 'Write the ratio 300 ml : 1.2 litres in its simplest form.';
    expect(check(q, '1 : 4', '1 : 4').pointsObtained).toBe(2);
    expect(check(q, '1 : 4', '300 : 1200 = 1 : 4').pointsObtained).toBe(2);
    expect(check(q, '1 : 4', '300:1200').pointsObtained).toBe(1);
    expect(check(q, '1 : 4', '3 : 12', 1).pointsObtained).toBe(0);
    expect(check(q, '1 : 4', '300 : 1.2').pointsObtained).toBe(0);
  });

  it('wants a term of 1 where the form 1 : n is asked', () => {
    const q = 'Write 4 : 10 in the form 1 : n.';
    expect(check(q, '1 : 2.5', '1 : 2.5').pointsObtained).toBe(2);
    expect(check(q, '1 : 2.5', '2 : 5').pointsObtained).toBe(1);
  });

  it('leaves keys that are no ratio to the other readers: a clock time', () => {
    expect(check('Write 7:45 pm as a 24-hour clock time.', '19:45', '19:45', 1)).toMatchObject({ pointsObtained: 1 });
    expect(check('Write 7:45 pm as a 24-hour clock time.', '19:45', '7:45', 1)).toMatchObject({ pointsObtained: 0 });
  });

  it('flags an answer that is not a ratio', () => {
    expect(check('Simplify the ratio 12 : 18.', '2 : 3', '2/3')).toMatchObject({ pointsObtained: 0, confident: false });
  });
});
