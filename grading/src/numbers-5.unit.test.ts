import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
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
