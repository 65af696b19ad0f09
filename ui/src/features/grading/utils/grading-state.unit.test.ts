import { describe, expect, it } from 'vitest';
import {
  anyInProgress,
  checkMarks,
  flagCount,
  formatMarks,
  isSubmissionGraded,
  isUnresolvedFlag,
  revertInProgress,
  startGrading,
  totals,
  type GradeableQuestion,
} from './grading-state';

const q = (n: number, over: Partial<GradeableQuestion> = {}): GradeableQuestion => ({
  question_number: n,
  points_obtained: 0,
  points_possible: 5,
  graded: false,
  flagged_for_review: '',
  flag_resolved: false,
  ...over,
});

describe('flags', () => {
  it('is unresolved when the text is not empty and flag_resolved is not true', () => {
    expect(isUnresolvedFlag(q(1, { flagged_for_review: 'Not sure about units' }))).toBe(true);
    expect(isUnresolvedFlag(q(1, { flagged_for_review: 'Not sure', flag_resolved: true }))).toBe(false);
    expect(isUnresolvedFlag(q(1, { flagged_for_review: '   ' }))).toBe(false);
    expect(flagCount([q(1, { flagged_for_review: 'a' }), q(2, { flagged_for_review: 'b', flag_resolved: true }), q(3)])).toBe(1);
  });
});

describe('graded status', () => {
  it('needs at least one question and all graded', () => {
    expect(isSubmissionGraded([])).toBe(false);
    expect(isSubmissionGraded([q(1, { graded: true }), q(2, { graded: false })])).toBe(false);
    expect(isSubmissionGraded([q(1, { graded: true }), q(2, { graded: 'inProgress' })])).toBe(false);
    expect(isSubmissionGraded([q(1, { graded: true }), q(2, { graded: true })])).toBe(true);
  });

  it('grading marks questions in progress and an error reverts only those', () => {
    const before = [q(1, { graded: true }), q(2), q(3)];
    const running = startGrading(before, [2, 3]);
    expect(running.map((x) => x.graded)).toEqual([true, 'inProgress', 'inProgress']);
    expect(anyInProgress(running)).toBe(true);
    expect(revertInProgress(running).map((x) => x.graded)).toEqual([true, false, false]);
    expect(startGrading(before).every((x) => x.graded === 'inProgress')).toBe(true);
  });
});

describe('totals', () => {
  it('sums obtained and possible and gives the percentage', () => {
    expect(totals([q(1, { points_obtained: 2.5 }), q(2, { points_obtained: 5 })])).toEqual({ obtained: 7.5, possible: 10, percent: 75 });
    expect(totals([])).toEqual({ obtained: 0, possible: 0, percent: 0 });
    expect(formatMarks(7.25)).toBe('7.25');
    expect(formatMarks(1 / 3)).toBe('0.33');
  });
});

describe('marks input', () => {
  it('accepts 0..possible in steps of 0.25', () => {
    expect(checkMarks('0', 5)).toEqual({ ok: true, value: 0 });
    expect(checkMarks('3.75', 5)).toEqual({ ok: true, value: 3.75 });
    expect(checkMarks('5', 5)).toEqual({ ok: true, value: 5 });
  });

  it('refuses the rest with a message', () => {
    expect(checkMarks('', 5)).toEqual({ ok: false, message: 'Please enter the marks.' });
    expect(checkMarks('abc', 5)).toEqual({ ok: false, message: 'Marks must be a number.' });
    expect(checkMarks('-1', 5)).toEqual({ ok: false, message: 'Marks must be between 0 and 5.' });
    expect(checkMarks('5.25', 5)).toEqual({ ok: false, message: 'Marks must be between 0 and 5.' });
    expect(checkMarks('1.3', 5)).toEqual({ ok: false, message: 'Marks go in steps of 0.25.' });
  });
});
