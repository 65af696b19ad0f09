import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAnswer } from './index';

type Entry = { id: string; kind: string; question: string; key: string; marks: number; response: string; teacher_mark: number };
const set: Entry[] = JSON.parse(readFileSync(new URL('../eval/set-numbers.json', import.meta.url), 'utf8'));

describe('the labelled set of numbers, units, algebra and chemistry', () => {
  const results = set.map((e) => ({
    e,
    r: checkAnswer({ question: e.question, answer: e.key, marksPossible: e.marks, response: e.response }),
  }));
  const disagree = results.filter(({ e, r }) => Math.abs(r.pointsObtained - e.teacher_mark) > 1e-9);
  const flagged = results.filter(({ r }) => !r.confident);

  it('has at least 90 answers across the kinds', () => {
    expect(set.length).toBeGreaterThanOrEqual(90);
    expect(new Set(set.map((e) => e.kind)).size).toBeGreaterThanOrEqual(8);
  });

  it("agrees with the teacher's marks on at least 95%, flags every disagreement and at most 15%", () => {
    expect(1 - disagree.length / set.length).toBeGreaterThanOrEqual(0.95);
    expect(disagree.filter(({ r }) => r.confident).map(({ e }) => e.id)).toEqual([]);
    expect(flagged.length / set.length).toBeLessThanOrEqual(0.15);
  });

  it('writes feedback in sentences, never a list of stems', () => {
    for (const { e, r } of results) {
      expect(r.feedback, e.id).toMatch(/^[A-Z0-9].*[.!]$/);
      expect(r.feedback, e.id).not.toMatch(/Missing:|Covered:/);
    }
  });
});
