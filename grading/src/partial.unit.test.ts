import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';

const check = (question: string, answer: string, response: string, marksPossible = 2) =>
  checkAnswer({ question, answer, response, marksPossible });

describe("marks the key's notes give for part of an algebraic answer", () => {
  it('factor pairs with the product or the sum of the key (B1 for (x + a)(x + b) with ab = N or a + b = M)', () => {
    const [q, key] = ['Factorise x² + 9x + 20.', '(x + 4)(x + 5) (B1 for (x + a)(x + b) with ab = 20 or a + b = 9)'];
    expect(check(q, key, '(x+10)(x+2)')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '(x+2)(x+7)')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '(x+3)(x+8)')).toMatchObject({ pointsObtained: 0 });
    expect(check(q, key, '(x+5)(x+4)').pointsObtained).toBe(2);
  });

  it('two of the three parts of a monomial (coefficient and powers)', () => {
    const [q, key] = ['Simplify fully 10a⁴b³ ÷ 2ab.', '5a³b² (B1 for two of the three parts correct)'];
    expect(check(q, key, '5a³b³').pointsObtained).toBe(1);
    expect(check(q, key, '8a³b²').pointsObtained).toBe(1);
    expect(check(q, key, '8a⁴b²').pointsObtained).toBe(0);
  });

  it('the form (x + a)² + b: a right earns its mark; more terms than the form is not the form', () => {
    const [q, key] = ['Write x² + 8x + 3 in the form (x + a)² + b.', '(x + 4)² − 13 (B1 for a = 4)'];
    expect(check(q, key, '(x+4)² + 3').pointsObtained).toBe(1);
    expect(check(q, key, '(x+4)² − 16 + 3').pointsObtained).toBe(1);
    expect(check(q, key, '(x+8)² − 13').pointsObtained).toBe(0);
    expect(check(q, key, '(x + 4)^2 - 13').pointsObtained).toBe(2);
  });

  it('a step the note names, written among the working (M1 for v² = 2as)', () => {
    const [q, key] = ['Make v the subject of E = mv²/2.', 'v = √(2E/m) (M1 for v² = 2E/m)'];
    expect(check(q, key, 'v² = 2E/m')).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, 'mv² = 2E, v² = 2E/m, v = 2E/m/2').pointsObtained).toBe(1);
    expect(check(q, key, 'v² = E/m').pointsObtained).toBe(0);
  });

  it('an expansion of four terms with at least three right, as the note says', () => {
    const [q, key] = [
      'Expand and simplify (x + 2)(x − 6).',
      'x² − 4x − 12 (M1 for four terms with at least three correct, e.g. x² − 6x + 2x − 12)',
    ];
    expect(check(q, key, 'x² − 6x + 2x + 12').pointsObtained).toBe(1);
    expect(check(q, key, 'x² − 6x − 2x + 12').pointsObtained).toBe(0);
  });
});
