import { describe, expect, it } from 'vitest';
import { plainTextToRichText } from '@evergrade/contracts';
import { checkAnswer, keyTerms, keyValues, type CheckAnswerInput } from './index';

const check = (over: Partial<CheckAnswerInput> & Pick<CheckAnswerInput, 'answer' | 'response'>) =>
  checkAnswer({ question: '', marksPossible: 2, ...over });

describe('numeric answers', () => {
  const force = {
    question: 'A 2 kg trolley accelerates at 3 m/s². What is the resultant force on it?',
    answer: 'F = ma = 2 × 3 = 6 N',
    questionType: 'numerical',
  };

  it('gives full marks for the right value and unit, also written out or with working', () => {
    for (const response of ['6 N', '6N', '6 newtons', 'F = 2 x 3 = 6 N', 'F = 6.0 N', '6.02 N']) {
      const r = check({ ...force, response });
      expect(r, response).toMatchObject({ pointsObtained: 2, confident: true, method: 'numeric' });
    }
  });

  it('gives partial credit, and says so, when the unit is missing or wrong', () => {
    const missing = check({ ...force, response: '6' });
    expect(missing.pointsObtained).toBe(1);
    expect(missing.feedback).toContain('Your value 6 is right, but the unit is missing: give the force in N.');
    const wrong = check({ ...force, response: '6 kg' });
    expect(wrong.pointsObtained).toBe(1);
    expect(wrong.feedback).toContain('kg instead of N');
  });

  it('converts units of the same kind', () => {
    expect(check({ question: 'Mass?', answer: '1.2 kg', response: '1200 g' }).pointsObtained).toBe(2);
    expect(check({ question: 'Speed?', answer: 'v = 20 m/s', response: '72 km/h' }).pointsObtained).toBe(2);
    expect(check({ question: 'Energy?', answer: 'KE = ½ × 1200 × 20² = 240,000 J (240 kJ)', response: '240 kJ' }).pointsObtained).toBe(2);
    expect(check({ question: 'Energy?', answer: '240,000 J', response: '240000 J' }).pointsObtained).toBe(2);
  });

  it('refuses a wrong value and names the expected one', () => {
    const r = check({ ...force, response: '5 N' });
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
    expect(r.feedback).toBe('Your answer 5 N is not correct: the expected answer is 6 N. Check your working.');
  });

  it('accepts values within 1%, and rounded small values within half the last decimal place', () => {
    expect(check({ question: 'C?', answer: 'C = 2πr = 2 × π × 5 = 31.4 cm (1 d.p.)', response: '31.42 cm' }).pointsObtained).toBe(2);
    expect(check({ question: 'C?', answer: '31.4 cm', response: '30 cm' }).pointsObtained).toBe(0);
    expect(check({ question: 'r?', answer: 'sin r = 0.333, so r ≈ 0.33', response: '1/3' }).pointsObtained).toBe(2);
    expect(check({ question: 'I?', answer: 'I = V ÷ R = 6 ÷ 12 = 0.5 A', response: '0.5 A' }).pointsObtained).toBe(2);
    expect(check({ question: 'I?', answer: '0.5 A', response: '0.6 A' }).pointsObtained).toBe(0);
  });

  it('treats fractions, mixed numbers, decimals and expressions as equal by value', () => {
    const sum = { question: 'Work out 3/4 + 2/3.', answer: '3/4 + 2/3 = 9/12 + 8/12 = 17/12 = 1 5/12' };
    for (const response of ['17/12', '1 5/12', '1.4167', '$\\frac{17}{12}$', '(9+8)/12']) {
      expect(check({ ...sum, response }).pointsObtained, response).toBe(2);
    }
    expect(check({ ...sum, response: '5/7' }).pointsObtained).toBe(0);
    expect(check({ question: 'Root two?', answer: '√2', response: '1.414' }).pointsObtained).toBe(2);
    expect(check({ question: 'Circle', answer: '4π', response: '12.57' }).pointsObtained).toBe(2);
  });

  it('reads scientific notation with superscripts, LaTeX and e-notation', () => {
    const key = { question: 'Write 0.000452 in standard form.', answer: '4.52 × 10⁻⁴' };
    for (const response of ['4.52 × 10^-4', '$4.52 \\times 10^{-4}$']) {
      expect(check({ ...key, response }).pointsObtained, response).toBe(2);
    }
    // Calculator notation is read, but is not standard form for most teachers: a share, flagged.
    expect(check({ ...key, response: '4.52e-4' })).toMatchObject({ pointsObtained: 1, confident: false });
    // The right value not in standard form, where the question asks for it: a share of two marks, flagged.
    expect(check({ ...key, response: '0.000452' })).toMatchObject({ pointsObtained: 1, confident: false });
  });

  it('gives a share of the marks for each of several expected values', () => {
    const roots = { question: 'Solve x² − 5x + 6 = 0.', answer: '(x − 2)(x − 3) = 0, so x = 2 or x = 3' };
    expect(keyValues(roots.answer)?.map((q) => q.value)).toEqual([2, 3]);
    expect(check({ ...roots, response: 'x = 2 or x = 3' }).pointsObtained).toBe(2);
    expect(check({ ...roots, response: 'x = 3, x = 2' }).pointsObtained).toBe(2);
    const half = check({ ...roots, response: 'x = 2' });
    expect(half.pointsObtained).toBe(1);
    expect(half.missing).toEqual(['3']);
  });

  it('takes the final value of the working as the answer, and is unsure when the right value is only in the working', () => {
    const r = check({ question: 'Sum?', answer: '18', response: 'I got 18, then 18 - 2 = 16' });
    // The right value appears, then a wrong final one: flagged for a teacher (no share: the question gives no numbers to work from).
    expect(r.pointsObtained).toBe(0);
    expect(r.confident).toBe(false);
    expect(r.reason).toContain('working');
  });

  it('is unsure when a numerical question gets no number', () => {
    const r = check({ question: 'Speed?', answer: '50 km/h', response: 'quite fast', questionType: 'numerical' });
    expect(r).toMatchObject({ pointsObtained: 0, confident: false, reason: 'No number found in the answer' });
    // A number in words is a number: "fifty" is 50, right but without its unit.
    expect(check({ question: 'Speed?', answer: '50 km/h', response: 'fifty', questionType: 'numerical' })).toMatchObject({
      pointsObtained: 1,
      confident: true,
    });
  });

  it('reads responses saved by the editor (serialised rich text)', () => {
    expect(check({ question: 'Force?', answer: '6 N', response: plainTextToRichText('The force is 6 N') }).pointsObtained).toBe(2);
  });
});

describe('multiple choice', () => {
  const q = {
    question: 'Which of these is secondary storage?\nA) RAM\nB) CPU cache\nC) Solid-state drive (SSD)\nD) Registers',
    answer: 'C) Solid-state drive (SSD)',
    questionType: 'multiple choice',
    marksPossible: 1,
  };
  it('compares the option chosen, by letter or by text', () => {
    for (const response of ['C', 'c)', '(c)', 'Option C', 'Solid-state drive (SSD)']) {
      expect(checkAnswer({ ...q, response }).pointsObtained, response).toBe(1);
    }
    const wrong = checkAnswer({ ...q, response: 'A' });
    expect(wrong).toMatchObject({ pointsObtained: 0, confident: true });
    expect(wrong.feedback).toContain('C) Solid-state drive (SSD)');
  });
  it('uses explicit options and a correct option index', () => {
    const r = checkAnswer({
      question: 'Pick the prime.',
      answer: '',
      options: ['4', '6', '7'],
      correctOption: 2,
      marksPossible: 1,
      response: 'C',
    });
    expect(r.pointsObtained).toBe(1);
  });
  it('is unsure when no single option can be read', () => {
    const r = checkAnswer({ ...q, response: 'maybe the fast one' });
    expect(r).toMatchObject({ pointsObtained: 0, confident: false });
  });
});

describe('short answers by key terms', () => {
  const photosynthesis = {
    question: 'What do plants need for photosynthesis?',
    answer: 'Carbon dioxide, water and light energy (absorbed by chlorophyll).',
  };

  it('takes the terms from the key, stemmed, without stop words or words of the question', () => {
    const terms = keyTerms(photosynthesis.answer, photosynthesis.question).map((t) => t.word);
    expect(terms).toEqual(['carbon', 'dioxide', 'water', 'light', 'energy', 'absorbed', 'chlorophyll']);
    expect(keyTerms('Plants need light', 'What do plants need?').map((t) => t.word)).toEqual(['light']);
  });

  it('gives full marks for most of the key terms, case-insensitive and stemmed', () => {
    const r = check({ ...photosynthesis, response: 'They need WATER, carbon dioxide and Light energy absorbed by chlorophylls' });
    expect(r.pointsObtained).toBe(2);
    expect(r.confident).toBe(true);
    expect(r.feedback).toMatch(/^Correct/);
  });

  it("gives a share of the marks for each item of a list key, and names what is missing in the key's words", () => {
    const r = check({ ...photosynthesis, response: 'water and carbon dioxide' });
    // 2 of the 3 items: 2/3 of 2 marks is 1.33, down to the quarter below, and flagged: a teacher rounds it.
    expect(r.pointsObtained).toBe(1.25);
    expect(r.matched).toEqual(['carbon dioxide', 'water']);
    expect(r.missing).toEqual(['light energy']);
    expect(r.feedback).toContain('you correctly named carbon dioxide and water');
    expect(r.feedback).toContain('does not include light energy');
    expect(r.confident).toBe(false);
    const light = check({ ...photosynthesis, response: 'water, carbon dioxide and light' });
    expect(light.pointsObtained).toBe(1.25);
    expect(light.reason).toContain('partly named');
  });

  it('gives nothing for an unrelated answer, confidently, and says what the key expects', () => {
    const r = check({ ...photosynthesis, response: 'Sugar and oxygen' });
    expect(r).toMatchObject({ pointsObtained: 0, confident: true });
    expect(r.feedback).toContain('"Sugar" and "oxygen" are not among the answers the key lists');
    expect(r.feedback).toContain('does not include carbon dioxide, water and light energy');
  });

  it('matches word forms: volatile / volatility, stores / storing', () => {
    const r = check({
      question: 'What is RAM?',
      answer: 'Volatile memory that stores running programs',
      response: 'memory with volatility, storing the programs that run',
      marksPossible: 1,
    });
    expect(r.pointsObtained).toBe(1);
  });

  it('matches a key term and its longer relative by their common stem', () => {
    const r = check({
      question: 'Which force keeps the Moon in orbit?',
      answer: 'Gravity (the gravitational force)',
      response: 'gravity',
      marksPossible: 1,
    });
    expect(r.pointsObtained).toBe(1);
    expect(check({ question: 'Name a gas.', answer: 'oxygen', response: 'ox', marksPossible: 1 }).pointsObtained).toBe(0);
  });

  it('is unsure when the response negates a key term', () => {
    const r = check({
      question: 'What happens to the pressure when a gas is heated in a sealed container?',
      answer: 'The pressure increases',
      response: 'It does not increase',
      marksPossible: 1,
    });
    expect(r.confident).toBe(false);
    expect(r.reason).toContain('negates');
  });

  it('is unsure about long answers', () => {
    const answer =
      'At the highest points the bob is momentarily at rest: its energy is all gravitational potential energy. As it swings down, potential energy is transferred to kinetic energy, so it speeds up, reaching maximum speed at the lowest point. As it rises again, kinetic energy is transferred back to potential energy and it slows down.';
    const r = check({
      question: 'Describe the energy changes of a pendulum.',
      answer,
      response: 'Potential energy becomes kinetic energy and back again.',
      questionType: 'long answer',
      marksPossible: 6,
    });
    expect(r.confident).toBe(false);
    expect(r.reason).toContain('Long answers');
    expect(r.pointsObtained).toBeGreaterThan(0);
  });
});

describe('what cannot be checked', () => {
  it('an empty response scores nothing, confidently', () => {
    for (const response of [null, '', '   ', plainTextToRichText('')]) {
      expect(check({ answer: '6 N', response })).toMatchObject({ pointsObtained: 0, confident: true, method: 'empty' });
    }
  });
  it('a missing answer key is not guessed', () => {
    const r = check({ answer: 'Answer will be provided by instructor', response: 'something' });
    expect(r).toMatchObject({ pointsObtained: 0, confident: false, reason: 'No answer key' });
  });
  it('a key with no terms left is not guessed', () => {
    const r = check({ answer: 'the and of', response: 'the' });
    expect(r.confident).toBe(false);
  });
  it('never gives more than the marks, nor less than zero', () => {
    const r = checkAnswer({ question: 'q', answer: '6 N', marksPossible: 0.5, response: '6 N' });
    expect(r.pointsObtained).toBe(0.5);
    expect(r.pointsPossible).toBe(0.5);
  });
});
