import { describe, expect, it } from 'vitest';
import { TARGETS, evaluate, loadEvalSets, offlineGrader, report, type EvalEntry } from './eval';

describe('the grader evaluation', () => {
  it('meets the targets on the project’s labelled sets: ≥ 95% agreement, every miss flagged, ≤ 15% flagged', async () => {
    const entries = loadEvalSets();
    expect(entries.length).toBeGreaterThanOrEqual(150);
    const s = await evaluate(entries, offlineGrader);
    expect(
      s.misses.filter((m) => !m.flagged),
      report(s),
    ).toEqual([]);
    expect(s.agreement).toBeGreaterThanOrEqual(TARGETS.agreement);
    expect(s.flagRate).toBeLessThanOrEqual(TARGETS.flagRate);
    expect(s.failures).toEqual([]);
  }, 60_000);

  it('has unique ids, a kind, and a teacher mark within the marks for every entry', () => {
    const entries = loadEvalSets();
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.kind, e.id).toMatch(/\S/);
      expect(e.teacher_mark, e.id).toBeGreaterThanOrEqual(0);
      expect(e.teacher_mark, e.id).toBeLessThanOrEqual(e.marks);
    }
  });

  it('counts agreement, flags and unflagged misses, by kind, and fails below the targets', async () => {
    const entry = (id: string, kind: string, teacher: number): EvalEntry => ({
      id,
      kind,
      question: 'q',
      key: 'k',
      marks: 1,
      response: 'r',
      teacher_mark: teacher,
    });
    const entries = [entry('a', 'spelling', 1), entry('b', 'spelling', 0), entry('c', 'list', 1), entry('d', 'list', 1)];
    // Gives 1 to everything; flags only 'c'.
    const s = await evaluate(entries, (e) => ({ points: 1, flagged: e.id === 'c', feedback: '' }), 'fake');
    expect(s).toMatchObject({ answers: 4, agree: 3, flagged: 1, missesUnflagged: 1, agreement: 0.75, flagRate: 0.25 });
    expect(s.byKind).toEqual({
      spelling: { answers: 2, agree: 1, flagged: 0, missesUnflagged: 1 },
      list: { answers: 2, agree: 2, flagged: 1, missesUnflagged: 0 },
    });
    expect(s.failures).toHaveLength(3);
    const text = report(s);
    expect(text).toContain('UNFLAGGED b (spelling): teacher 0, graded 1');
    expect(text).toMatch(/FAIL: agreement 75\.0% is below 95\.0%/);
  });
});
