import { describe, expect, it } from 'vitest';
import type { CourseGradeEntry, CourseGradesAssignment, GradedItemScores } from '@evergrade/projectors/queries';
import { courseGradeRecords, itemAnalysis } from './assignment-stats';
import { CourseGradesCache, CourseItemAnalysisCache } from './course-cache';

const students = [
  { student_id: 3, name: 'Cat Wu' },
  { student_id: 1, name: 'Ann "A" Lee' },
  { student_id: 2, name: 'Ben Ng' },
];
const entry = (student_id: number, graded: boolean, total_score: number): CourseGradeEntry => ({
  student_id,
  submitted: true,
  graded,
  total_score,
  rubrics: graded ? { Algebra: { score: total_score, possible: 5 } } : {},
});
const assignment = (id: number, version: string, rows: CourseGradeEntry[]): CourseGradesAssignment => ({
  assignment_id: id,
  version,
  title: `A${id}`,
  due: '2026-12-01T00:00:00.000Z',
  total_possible: 5,
  students: rows,
});
const reference = (assignments: CourseGradesAssignment[]) =>
  courseGradeRecords(
    students,
    assignments.map((a) => ({ ...a, students: a.students! })),
  );

describe('CourseGradesCache', () => {
  it('assembles what courseGradeRecords builds, and reuses an unchanged assignment part', () => {
    const cache = new CourseGradesCache(2);
    const first = [assignment(10, 'v1', [entry(1, true, 4), entry(2, false, 0)]), assignment(11, 'v1', [entry(3, true, 2.5)])];
    const s1 = cache.snapshot('c');
    expect(s1.known.size).toBe(0);
    expect(JSON.parse(cache.body('c', s1, students, first))).toEqual(reference(first));

    // Assignment 11 changed, 10 did not: 10 comes back without its students (as the query returns it).
    const s2 = cache.snapshot('c');
    expect([...s2.known]).toEqual([
      [10, 'v1'],
      [11, 'v1'],
    ]);
    const changed11 = assignment(11, 'v2', [entry(3, true, 5), entry(1, true, 1)]);
    const body = cache.body('c', s2, students, [{ ...first[0]!, students: null }, changed11]);
    expect(JSON.parse(body)).toEqual(reference([first[0]!, changed11]));
    // Same versions and students: the same text.
    expect(
      cache.body('c', cache.snapshot('c'), students, [
        { ...first[0]!, students: null },
        { ...changed11, students: null },
      ]),
    ).toBe(body);
  });

  it('refuses to reuse a part it does not hold at that version', () => {
    const cache = new CourseGradesCache(2);
    const s = cache.snapshot('c');
    expect(() => cache.body('c', s, students, [{ ...assignment(10, 'v1', []), students: null }])).toThrow(/no part/);
  });

  it('checks each entry against the contract', () => {
    const cache = new CourseGradesCache(2);
    const bad = assignment(10, 'v1', [{ ...entry(1, true, 4), total_score: Number.NaN }]);
    expect(() => cache.body('c', cache.snapshot('c'), students, [bad])).toThrow();
  });
});

describe('CourseItemAnalysisCache', () => {
  it('computes each assignment once per version', () => {
    const cache = new CourseItemAnalysisCache(2, 5);
    const questions = [
      { question_id: 1, question_number: 1, marks_possible: 2, tags: [] },
      { question_id: 2, question_number: 2, marks_possible: 3, tags: [] },
    ];
    const graded = [
      { student_id: 1, total_score: 5, points: { 1: 2, 2: 3 } },
      { student_id: 2, total_score: 1, points: { 1: 0, 2: 1 } },
      { student_id: 3, total_score: 3, points: { 1: 2, 2: 1 } },
    ];
    const a: GradedItemScores = { assignment_id: 7, version: 'v1', title: 'Quiz', due: '2026-12-01T00:00:00.000Z', questions, graded };
    const first = cache.reply('c', cache.snapshot('c'), [a]);
    expect(first).toEqual([
      {
        assignment_id: 7,
        title: 'Quiz',
        due_date: a.due,
        graded: 3,
        item_analysis_unreliable: true,
        questions: itemAnalysis(questions, graded),
      },
    ]);
    const s = cache.snapshot('c');
    expect(s.known.get(7)).toBe('v1');
    // Renamed only in the sheet: the title is the sheet's, the figures the part's.
    expect(cache.reply('c', s, [{ ...a, title: 'Quiz 1', graded: null }])[0]).toEqual({ ...first[0], title: 'Quiz 1' });
  });
});
