import { describe, expect, it } from 'vitest';
import { applyFilters, marksCeiling, NO_FILTERS, setMarksBound } from './builder-filters';
import { selectionSummary } from './question-sources';

const Q = [
  { subject: 'Mathematics', question_type: 'short', marks_possible: 2 },
  { subject: 'Physics', question_type: 'long', marks_possible: 8 },
  { subject: 'Mathematics', question_type: 'long', marks_possible: 5 },
];

describe('marks range filter', () => {
  it('is bounded by the highest marks among the results, 20 without results', () => {
    expect(marksCeiling(Q)).toBe(8);
    expect(marksCeiling([])).toBe(20);
  });
  it('clamps both bounds between 0 and the ceiling', () => {
    expect(setMarksBound(NO_FILTERS, 'min', -3, 8).marks_min).toBe(0);
    expect(setMarksBound(NO_FILTERS, 'max', 50, 8).marks_max).toBe(8);
  });
  it('raises max when min goes above it, lowers min when max goes below it', () => {
    const f = { ...NO_FILTERS, marks_min: 2, marks_max: 4 };
    expect(setMarksBound(f, 'min', 6, 8)).toMatchObject({ marks_min: 6, marks_max: 6 });
    expect(setMarksBound(f, 'max', 1, 8)).toMatchObject({ marks_min: 1, marks_max: 1 });
  });
  it('clears a bound left empty', () => {
    expect(setMarksBound({ ...NO_FILTERS, marks_min: 3 }, 'min', null, 8).marks_min).toBeNull();
  });
});

it('filters by subject, type and marks', () => {
  expect(applyFilters(Q, { ...NO_FILTERS, subject: 'Mathematics' })).toHaveLength(2);
  expect(applyFilters(Q, { ...NO_FILTERS, question_type: 'long', marks_max: 6 })).toEqual([Q[2]]);
});

it("summarises the selection as 'N questions selected • M marks total'", () => {
  expect(selectionSummary([{ marks_possible: 2 }, { marks_possible: 3.5 }])).toBe('2 questions selected • 5.5 marks total');
});
