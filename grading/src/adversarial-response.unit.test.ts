import { describe, expect, it } from 'vitest';
import { checkAnswer, OFFLINE_MAX_RESPONSE_CHARS, type CheckAnswerInput } from './check';

/**
 * Deliberately odd answers of the full length the offline checker reads (OFFLINE_MAX_RESPONSE_CHARS). Each once took the
 * checker seconds to minutes (a quadratic path: a regex retried from every digit, a number-word phrase read again from
 * each word, a stemmer's patterns on one huge "word", each clause's tokens filtered from all tokens); now each is read in
 * linear time, at most about 1.3 s at the limit on a slow shared machine (bench/src/grading-long.ts --adversarial). No
 * wall-clock assertion: the generous timeout is what catches a regression back to quadratic.
 */
const N = OFFLINE_MAX_RESPONSE_CHARS;
const fill = (unit: string, tail = '') => unit.repeat(Math.ceil(N / unit.length)).slice(0, N - tail.length) + tail;
let seed = 7;
const randomNumbers = () => {
  const out: string[] = [];
  for (let len = 0; len < N;) {
    seed = (seed * 48271) % 2147483647;
    const w = String(seed % 1000);
    out.push(w);
    len += w.length + 1;
  }
  return out.join(' ').slice(0, N);
};

const ADVERSARIAL: [string, () => string][] = [
  ['"1²" repeated', () => fill('1²')],
  ['"1" and one word of letters', () => `1${'a'.repeat(N - 1)}`],
  ['"one and " repeated', () => fill('one and ')],
  ['"x=1, " repeated', () => fill('x=1, ')],
  ['"(1) " repeated', () => fill('(1) ')],
  ['two words repeated', () => fill('abc def ')],
  ['one punctuation mark', () => '!'.repeat(N)],
  ['dots', () => '.'.repeat(N)],
  ['hyphens', () => '-'.repeat(N)],
  ['"1/1/1/…"', () => fill('1/', '1')],
  ['"x^2^2^…"', () => `x${fill('^2').slice(1)}`],
  ['one line of letters', () => 'a'.repeat(N)],
  ['letters and digits without spaces', () => fill('a1b2')],
  ['"(" without ")"', () => '('.repeat(N)],
  ['"(x+" repeated', () => fill('(x+')],
  ['"km/h " repeated', () => fill('km/h ')],
  ['"75 km/h " repeated', () => fill('75 km/h ')],
  ['"1 000 " repeated', () => fill('1 000 ')],
  ['"1,1,…,000"', () => fill('1,', '000')],
  ['"1.1.1.…"', () => fill('1.', '1')],
  ['superscripts', () => fill('x¹²³')],
  ['combining marks', () => fill('a\u0301\u0302')],
  ['one run of digits', () => '1'.repeat(N)],
  ['"1 " repeated', () => fill('1 ')],
  ['"1e" repeated', () => fill('1e')],
  ['"-1" repeated', () => fill('-1')],
  ['"= " repeated', () => fill('= ')],
  ['one letter a line', () => fill('a\n')],
  ['"a." repeated', () => fill('a.')],
  ['the key word repeated', () => fill('mitochondria ')],
  ['"1 (1) " repeated', () => fill('1 (1) ')],
  ['"one half of " repeated', () => fill('one half of ')],
  ['random numbers', randomNumbers],
  ['"1+1+…"', () => fill('1+', '1')],
  ['"1 because " repeated', () => fill('1 because ')],
];

const KEYS: { name: string; input: Omit<CheckAnswerInput, 'response'> }[] = [
  {
    name: 'an explanation',
    input: {
      question: 'Explain how plants make food.',
      answer: 'Light energy absorbed by chlorophyll (1); carbon dioxide and water made into glucose (1)',
      marksPossible: 2,
    },
  },
  { name: 'a number with its unit', input: { question: 'What is the speed?', answer: '75 km/h', marksPossible: 1 } },
  { name: 'one word', input: { question: 'Name the organelle.', answer: 'mitochondria', marksPossible: 1 } },
];

describe('a deliberately odd answer of the full length', () => {
  it.each(ADVERSARIAL)(
    '%s: read against each key, a result with its reason',
    (_, make) => {
      const response = make();
      expect(response.length).toBe(N);
      for (const key of KEYS) {
        const r = checkAnswer({ ...key.input, response });
        // Read, not turned away as too long.
        expect(r.method, key.name).not.toBe('empty');
        expect(r.reason ?? '', key.name).not.toMatch(/longer than the offline checker reads/);
        expect(r.pointsObtained, key.name).toBeGreaterThanOrEqual(0);
        expect(r.pointsObtained, key.name).toBeLessThanOrEqual(key.input.marksPossible);
        expect(r.pointsObtained % 0.25, key.name).toBe(0);
        expect(r.feedback.length, key.name).toBeGreaterThan(0);
        // Flagged for a teacher: with the reason why.
        if (!r.confident) expect(r.reason ?? '', key.name).toMatch(/\w{3,}/);
      }
    },
    60_000,
  );

  it('the key word said once among the odd text is still found', () => {
    const response = `${'(1) '.repeat((N - 40) / 4)}mitochondria`;
    const r = checkAnswer({ ...KEYS[2]!.input, response });
    expect(r.method).toBe('terms');
    expect(r.matched).toContain('mitochondria');
  }, 60_000);
});
