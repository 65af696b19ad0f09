import { describe, expect, it } from 'vitest';
import type { AssignmentScores, ScoreQuestion } from '@evergrade/projectors/queries';
import { studentScores } from '@evergrade/projectors/queries';
import { assignmentStats, courseGradeRecords, median, pearson } from './assignment-stats';

/**
 * A hand-computed example. Q1 2 marks, Q2 3 marks, Q3 1 mark; five graded students and one not graded:
 *   Ann 2 3 1 = 6, Ben 2 1 0 = 3, Cat 0 2 1 = 3, Dan 1 0 1 = 2, Eve 2 3 0 = 5; Fay submitted, Q1 graded only.
 * Totals ascending 2 3 3 5 6: mean 19/5 = 3.8, median 3, max 6 (Ann), min 2 (Dan).
 * Full marks: Q1 Ann Ben Eve = 3, Q2 Ann Eve = 2, Q3 Ann Cat Dan = 3.
 * Facility: Q1 (7/5)/2 = 0.7, Q2 (9/5)/3 = 0.6, Q3 (3/5)/1 = 0.6.
 * Discrimination (question against the total of the other questions):
 *   Q1 x = 2 2 0 1 2, rest 4 1 3 1 3: Σdxdy 0.2, Σdx² 3.2, Σdy² 7.2 → 0.2 / √23.04 = 0.2 / 4.8 = 0.041666… (near zero);
 *   Q2 x = 3 1 2 0 3, rest 3 2 1 2 2: Σdxdy 1, Σdx² 6.8, Σdy² 2 → 1 / √13.6 = 0.271163…;
 *   Q3 x = 1 0 1 1 0, rest 5 3 2 1 5: Σdxdy −1.6, Σdx² 1.2, Σdy² 12.8 → −1.6 / √15.36 = −1/√6 = −0.408248… (negative).
 */
const questions: ScoreQuestion[] = [
  { question_id: 11, question_number: 1, marks_possible: 2, tags: ['Algebra - Accuracy'] },
  { question_id: 12, question_number: 2, marks_possible: 3, tags: ['Algebra - Method', 'Geometry - Proof'] },
  { question_id: 13, question_number: 3, marks_possible: 1, tags: [] },
];
const names = new Map([
  [1, 'Ann Lee'],
  [2, 'Ben Ng'],
  [3, 'Cat Wu'],
  [4, 'Dan Ho'],
  [5, 'Eve Ma'],
  [6, 'Fay Yu'],
]);
const marks = (a: number | null, b: number | null, c: number | null) => ({ '11': a, '12': b, '13': c });
const scores = (rows: [number, ReturnType<typeof marks>][], qs = questions): AssignmentScores => ({
  assignment_id: 7,
  course_id: 1,
  title: 'Quiz',
  due: '2026-03-01T00:00:00.000Z',
  published: true,
  questions: qs,
  students: rows.map(([student_id, m]) => studentScores(qs, { student_id, submitted: true, marks: m })),
});
const example = scores([
  [1, marks(2, 3, 1)],
  [2, marks(2, 1, 0)],
  [3, marks(0, 2, 1)],
  [4, marks(1, 0, 1)],
  [5, marks(2, 3, 0)],
  [6, marks(2, null, null)],
]);

describe('assignment statistics', () => {
  it('median: the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([0.1, 0.2])).toBe(0.15);
  });

  it('pearson: null with fewer than 2 pairs or no spread on either side', () => {
    expect(pearson([1], [2])).toBeNull();
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(pearson([1, 2, 3], [4, 4, 4])).toBeNull();
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
  });

  it('overview stats of the hand-computed example', () => {
    const stats = assignmentStats(example, names);
    expect(stats).toMatchObject({
      assignment_id: 7,
      submissions: 6,
      graded: 5,
      total_possible: 6,
      mean: 3.8,
      median: 3,
      max: { maxScore: 6, maxScoreStudents: ['Ann Lee'] },
      min: { minScore: 2, minScoreStudents: ['Dan Ho'] },
      scores: [2, 3, 3, 5, 6],
      questionCorrectFrequency: { '1': 3, '2': 2, '3': 3 },
      item_analysis_unreliable: false,
    });
  });

  it('item analysis of the hand-computed example: facility, discrimination and flags', () => {
    const [q1, q2, q3] = assignmentStats(example, names).item_analysis;
    expect(q1).toMatchObject({ question_id: 11, question_number: 1, marks_possible: 2, attempts: 5, full_marks: 3, flag: 'near-zero' });
    expect(q1!.mean_score).toBeCloseTo(1.4, 12);
    expect(q1!.facility).toBeCloseTo(0.7, 12);
    expect(q1!.discrimination).toBeCloseTo(0.2 / 4.8, 12);
    expect(q2).toMatchObject({ question_number: 2, attempts: 5, full_marks: 2, flag: null });
    expect(q2!.facility).toBeCloseTo(0.6, 12);
    expect(q2!.discrimination).toBeCloseTo(1 / Math.sqrt(13.6), 12);
    expect(q3).toMatchObject({ question_number: 3, attempts: 5, full_marks: 3, flag: 'negative' });
    expect(q3!.facility).toBeCloseTo(0.6, 12);
    expect(q3!.discrimination).toBeCloseTo(-1 / Math.sqrt(6), 12);
  });

  it('ties list every student; an even count takes the mean of the middle two; few graded is unreliable', () => {
    const stats = assignmentStats(
      scores([
        [1, marks(2, 2, 0)],
        [2, marks(2, 2, 0)],
        [3, marks(1, 1, 0)],
        [4, marks(0, 2, 0)],
      ]),
      names,
    );
    expect(stats).toMatchObject({
      graded: 4,
      mean: 3,
      median: 3,
      max: { maxScore: 4, maxScoreStudents: ['Ann Lee', 'Ben Ng'] },
      min: { minScore: 2, minScoreStudents: ['Cat Wu', 'Dan Ho'] },
      scores: [2, 2, 4, 4],
      questionCorrectFrequency: { '1': 2, '2': 0, '3': 0 },
      item_analysis_unreliable: true,
    });
    // Q3: everyone 0 (no spread): no discrimination, no flag; full marks of a 1-mark question: none.
    expect(stats.item_analysis[2]).toMatchObject({ mean_score: 0, facility: 0, discrimination: null, flag: null, full_marks: 0 });
  });

  it('nothing graded: nulls and empty lists, every question in the frequency', () => {
    const stats = assignmentStats(scores([[6, marks(2, null, null)]]), names);
    expect(stats).toMatchObject({
      submissions: 1,
      graded: 0,
      mean: null,
      median: null,
      max: { maxScore: null, maxScoreStudents: [] },
      min: { minScore: null, minScoreStudents: [] },
      scores: [],
      questionCorrectFrequency: { '1': 0, '2': 0, '3': 0 },
      item_analysis_unreliable: true,
    });
    expect(stats.item_analysis[0]).toMatchObject({ attempts: 0, mean_score: null, facility: null, discrimination: null, flag: null });
  });

  it('course grade records: every student, every assignment; graded ones with totals and rubric scores', () => {
    const other = { ...scores([[2, marks(1, 1, 1)]]), assignment_id: 8 };
    const records = courseGradeRecords(
      [
        { student_id: 1, name: 'Ann Lee' },
        { student_id: 6, name: 'Fay Yu' },
        { student_id: 9, name: 'Gus Oh' },
      ],
      [example, other].map((a) => ({ ...a, total_possible: 6 })),
    );
    expect(records).toEqual([
      {
        student_id: 1,
        name: 'Ann Lee',
        grades_by_assignment: {
          '7': {
            submitted: true,
            graded: true,
            total_score: 6,
            total_possible: 6,
            rubrics: { Algebra: { score: 5, possible: 5 }, Geometry: { score: 3, possible: 3 }, General: { score: 1, possible: 1 } },
          },
          '8': { submitted: false, graded: false, total_score: 0, total_possible: 6, rubrics: {} },
        },
      },
      {
        student_id: 6,
        name: 'Fay Yu',
        grades_by_assignment: {
          '7': { submitted: true, graded: false, total_score: 0, total_possible: 6, rubrics: {} },
          '8': { submitted: false, graded: false, total_score: 0, total_possible: 6, rubrics: {} },
        },
      },
      {
        student_id: 9,
        name: 'Gus Oh',
        grades_by_assignment: {
          '7': { submitted: false, graded: false, total_score: 0, total_possible: 6, rubrics: {} },
          '8': { submitted: false, graded: false, total_score: 0, total_possible: 6, rubrics: {} },
        },
      },
    ]);
  });
});
