import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';
import type { MarkingPolicy } from './policy';
import { algebraClausesAsNotes, partMarksAsLines, unitInBrackets, valueWithClauses } from './value-keys';
import { keyValues } from './numeric';

const check = (question: string, answer: string, response: string, marksPossible = 2, policy?: MarkingPolicy) =>
  checkAnswer({ question, answer, response, marksPossible, policy });

describe('a mark per part in brackets: "V (1) unit (1)", "V [1]; unit [1] accept …"', () => {
  it('reads the parts as scheme lines', () => {
    expect(partMarksAsLines('12 (1) m/s (1). Accept metres per second.', 2)).toBe('B1 12\nB1 m/s (accept metres per second)');
    expect(partMarksAsLines('450 [1]; J [1] accept joule(s); unit mark independent', 2)).toBe(
      'B1 450\nB1 J (accept joules)\nunit mark independent',
    );
    // Marks that do not add up to the item's, or a second part that is no unit: the key as written.
    expect(partMarksAsLines('12 (1) m/s (1)', 3)).toBe('12 (1) m/s (1)');
    expect(partMarksAsLines('oxygen (1) water (1)', 2)).toBe('oxygen (1) water (1)');
  });

  it('gives the value and the unit their marks, each on its own', () => {
    const q = 'A trolley rolls 48 m in 4 s. Calculate its average speed. Give the unit.';
    const key = '12 (1) m/s (1). Accept m s⁻¹, metres per second. Unit mark independent.';
    expect(check(q, key, '12m/s')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(q, key, '12 metres per second').pointsObtained).toBe(2);
    expect(check(q, key, '192 m/s').pointsObtained).toBe(1);
    expect(check(q, key, '12').pointsObtained).toBe(1);
    const area = 'A tile is 6 cm by 7 cm. Work out its area.';
    const k2 = '42 [1]; cm² [1] accept cm^2, cm2, sq cm';
    expect(check(area, k2, '42cm2')).toMatchObject({ pointsObtained: 2, confident: true });
    expect(check(area, k2, '13 cm²').pointsObtained).toBe(1);
  });
});

describe('a value key followed by the marker\'s clauses: "V [1]; accept …; reject …"', () => {
  const reads = (k: string) => keyValues(k) !== null;
  it('reads the value, its accepted wordings and the wordings it rejects', () => {
    expect(valueWithClauses('7 000 [1]; accept 7 thousand; reject 7', 1, reads)).toEqual({
      key: '7 000 (accept 7 thousand)',
      reject: ['7'],
    });
    expect(valueWithClauses('2.65 exactly; reject 2.6, 2.7', 1, reads)?.reject).toEqual(['2.6', '2.7']);
    expect(valueWithClauses('8 000. Reject 8 on its own.', 1, reads)?.reject).toEqual(['=8']);
    // Several values, or a rule of marking the reader does not know: not such a key.
    expect(valueWithClauses('120 ml; 45 g; 1 each', 2, reads)).toBeNull();
    expect(valueWithClauses('six hundred and two; 1 off per error', 1, reads)).toBeNull();
  });

  it('marks a rejected value 0 and the value itself right', () => {
    const q = 'Round 6 732 to the nearest thousand.';
    const key = '7 000 [1]; accept 7 thousand; reject 7';
    expect(check(q, key, '7000', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, '7', 1)).toMatchObject({ pointsObtained: 0, confident: true });
    const dp = 'Give √7 correct to 2 decimal places.';
    expect(check(dp, '2.65 [1]; reject 2.646, 2.6', '2.65', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(dp, '2.65 [1]; reject 2.646, 2.6', '2.6', 1).pointsObtained).toBe(0);
  });

  it('rejects a value "on its own" only as written', () => {
    const q = 'How many legs do four spiders have altogether?';
    const key = '32 (accept 4 lots of 8). Reject 8 on its own.';
    expect(check(q, key, '8', 1).pointsObtained).toBe(0);
    expect(check(q, key, '32', 1).pointsObtained).toBe(1);
  });
});

describe("chemistry keys with the marker's clauses", () => {
  const exact: MarkingPolicy = { formulaCase: 'exact' };
  it('reads "; case must be correct" and "Charge required." as rules, not words of the formula', () => {
    const q = 'What is the chemical symbol for sodium?';
    expect(check(q, 'Na; case must be correct', 'Na', 1, exact)).toMatchObject({ pointsObtained: 1, confident: true });
    const ion = 'Write the formula of the carbonate ion.';
    expect(check(ion, 'CO₃²⁻. Charge required.', 'CO3 2-', 1, exact).pointsObtained).toBe(1);
    expect(check(ion, 'CO₃²⁻. Charge required.', 'CO₃²⁻', 1, exact).pointsObtained).toBe(1);
  });

  it('takes "; accept …" as the key\'s wordings and a wrong charge sign as wrong', () => {
    const q = 'Give the formula of the ion formed by magnesium.';
    const key = 'Mg²⁺; accept Mg2+, Mg+2';
    expect(check(q, key, 'Mg2+', 1, exact).pointsObtained).toBe(1);
    expect(check(q, key, 'Mg2-', 1, exact).pointsObtained).toBe(0);
  });

  it('marks a formula in the wrong case wrong where the policy says case matters, a charged form of the key aside', () => {
    const q = 'Give the chemical formula of potassium chloride.';
    const key = 'KCl; accept K⁺Cl⁻; case must be correct';
    expect(check(q, key, 'KCl', 1, exact).pointsObtained).toBe(1);
    expect(check(q, key, 'KCL', 1, exact).pointsObtained).toBe(0);
    expect(check(q, key, 'kcl', 1, exact).pointsObtained).toBe(0);
  });
});

describe('algebra keys with the marker\'s clauses after ";"', () => {
  it('reads the clauses as notes in brackets', () => {
    expect(algebraClausesAsNotes('r = (s − p)/q; accept equivalents; reject r = s − p/q')).toBe('r = (s − p)/q (accept equivalents)');
    expect(algebraClausesAsNotes('photosynthesis; accept equivalents')).toBe('photosynthesis; accept equivalents');
  });

  it('marks an equivalent right and a form without its brackets wrong', () => {
    const q = 'Make r the subject of s = p + qr.';
    const key = 'r = (s − p)/q; accept equivalents; reject r = s − p/q';
    expect(check(q, key, 'r = (s-p)/q', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(q, key, 'r = s/q − p/q', 1).pointsObtained).toBe(1);
    expect(check(q, key, 'r = s − p/q', 1).pointsObtained).toBe(0);
  });

  it('marks values of letters, a mark each in brackets, by their letters', () => {
    expect(partMarksAsLines('a = 5 [1]; b = 2 [1]', 2)).toBe('a = 5, b = 2 (1 each)');
    const q = 'Solve a + b = 7 and a − b = 3.';
    expect(check(q, 'a = 5 [1]; b = 2 [1]', 'a=5 b=2').pointsObtained).toBe(2);
    expect(check(q, 'a = 5 [1]; b = 2 [1]', 'a=2 b=5').pointsObtained).toBe(0);
  });
});

describe('an equation key with its marks before what earns them: "…: [1] formulae, [1] balancing, [1] state symbols"', () => {
  const q = 'Write a balanced symbol equation, with state symbols, for zinc reacting with hydrochloric acid.';
  const key = 'Zn(s) + 2HCl(aq) → ZnCl₂(aq) + H₂(g): [1] formulae, [1] balancing, [1] state symbols';
  it('gives each its mark', () => {
    expect(check(q, key, 'Zn(s) + 2HCl(aq) → ZnCl2(aq) + H2(g)', 3).pointsObtained).toBe(3);
    expect(check(q, key, 'Zn + 2HCl → ZnCl2 + H2', 3).pointsObtained).toBe(2);
    expect(check(q, key, 'Zn(s) + HCl(aq) → ZnCl2(aq) + H2(g)', 3).pointsObtained).toBe(2);
  });

  it('reads sentences after an equation that give no marks as notes', () => {
    const bal = 'Balance the equation: __N₂ + __H₂ → __NH₃';
    const k = 'N₂ + 3H₂ → 2NH₃. Numbers 1, 3 and 2. Changing formulas = 0.';
    expect(check(bal, k, 'N2 + 3H2 -> 2NH3', 1)).toMatchObject({ pointsObtained: 1, confident: true });
    expect(check(bal, k, 'N2 + H2 -> NH3', 1).pointsObtained).toBe(0);
  });
});

describe('a number with its unit in brackets: "500 (mm²)"', () => {
  it("reads the unit as the answer's, not needed", () => {
    expect(unitInBrackets('300 (cm³)')).toBe('300 cm³ (units not required)');
    expect(unitInBrackets('4 (accept four)')).toBe('4 (accept four)');
    expect(unitInBrackets('373 K (accept 373.15).')).toBe('373 K (accept 373.15)');
  });

  it('marks the number alone right and a wrong unit wrong', () => {
    const q = 'Convert 3 litres into cm³.';
    expect(check(q, '3000 (cm³)', '3000', 1).pointsObtained).toBe(1);
    expect(check(q, '3000 (cm³)', '3000 cm³', 1).pointsObtained).toBe(1);
    expect(check(q, '3000 (cm³)', '3000 m³', 1).pointsObtained).toBe(0);
    expect(check('Convert 100 °C to kelvin.', '373 K (accept 373.15).', '373K', 1).pointsObtained).toBe(1);
  });
});

describe('points grouping thousands ("2.400 m" for 2400 m)', () => {
  it('keeps the mark, flagged: teachers differ', () => {
    expect(check('How many metres are there in 2.4 km?', '2400 m', '2.400 m', 1)).toMatchObject({ pointsObtained: 1, confident: false });
  });
});

describe('the whole marks after the answer, then the marks for less: "… = 2. Partial … = 1", "… [2]; [1] for partial …"', () => {
  const q = 'Factorise fully 14m² − 21m.';
  it('gives the full answer every mark and a partial factorisation the smaller mark', () => {
    for (const key of [
      '7m(2m − 3) = 2. Partial factorisation 7(2m² − 3m) or m(14m − 21) = 1.',
      '7m(2m − 3) [2]; [1] for partial e.g. m(14m − 21), 7(2m² − 3m)',
    ]) {
      expect(check(q, key, '7m(2m-3)').pointsObtained).toBe(2);
      expect(check(q, key, '7(2m²-3m)').pointsObtained).toBe(1);
      expect(check(q, key, 'm(14m-21)').pointsObtained).toBe(1);
      expect(check(q, key, '7m(2m+3)').pointsObtained).toBe(0);
    }
  });
});

describe('a number word of another language: "Spanish: write the number 15 in words"', () => {
  it('takes the word spelt exactly, as a word of that language', () => {
    const q = 'Spanish: write the number 15 in words.';
    expect(check(q, 'quince', 'quince', 1).pointsObtained).toBe(1);
    expect(check(q, 'quince', 'quinse', 1).pointsObtained).toBe(0);
  });
});

describe('values of a key that are all needed: "x = 5 and x = −5; both required"', () => {
  it('gives the mark for both and none for one', () => {
    const q = 'Solve y² = 25.';
    const key = 'y = 5 and y = −5; both required';
    expect(check(q, key, 'y = ±5', 1).pointsObtained).toBe(1);
    expect(check(q, key, 'y=5, y=-5', 1).pointsObtained).toBe(1);
    expect(check(q, key, '5', 1).pointsObtained).toBe(0);
  });
});
