import { describe, expect, it } from 'vitest';
import type { StudentGradeRecord } from '@evergrade/contracts';
import {
  breakdownRows,
  classAverageRow,
  courseStats,
  difficultyOf,
  difficultyRows,
  gradeBucket,
  gradeDistribution,
  performanceTrend,
  radarData,
  rubricNames,
  scoreBand,
  scoreLabel,
  showDifficulty,
  studentTotal,
} from './analytics';
import { assignmentsInScope, monthKey, monthOptions, NO_FILTERS, studentOptions, studentsInScope } from './analytics-filters';

type Entry = StudentGradeRecord['grades_by_assignment'][string];
const graded = (score: number, possible: number, rubrics?: Record<string, [number, number]>): Entry => ({
  submitted: true,
  graded: true,
  total_score: score,
  total_possible: possible,
  rubrics: rubrics && Object.fromEntries(Object.entries(rubrics).map(([k, [s, p]]) => [k, { score: s, possible: p }])),
});
const ungraded = (possible: number, submitted = true): Entry => ({
  submitted,
  graded: false,
  total_score: 0,
  total_possible: possible,
  rubrics: {},
});
const student = (id: number, name: string, grades: Record<number, Entry>): StudentGradeRecord => ({
  student_id: id,
  name,
  grades_by_assignment: Object.fromEntries(Object.entries(grades).map(([k, v]) => [String(k), v])),
});

// Assignment 1 (10 marks: Algebra 6, Geometry 4), assignment 2 (20 marks: Algebra 20), assignment 3 not graded yet.
const assignments = [
  { assignment_id: 2, title: 'Quadratics', due_date: '2026-10-20T23:59:59.999Z' },
  { assignment_id: 1, title: 'Linear', due_date: '2026-09-10T23:59:59.999Z' },
  { assignment_id: 3, title: 'Functions', due_date: '2026-11-05T23:59:59.999Z' },
];
const ada = student(1, 'Ada Lovelace', {
  1: graded(9, 10, { Algebra: [6, 6], Geometry: [3, 4] }),
  2: graded(18, 20, { Algebra: [18, 20] }),
  3: ungraded(5),
});
const emmy = student(2, 'Emmy Noether', {
  1: graded(4, 10, { Algebra: [2, 6], Geometry: [2, 4] }),
  2: graded(10, 20, { Algebra: [10, 20] }),
  3: ungraded(5),
});
const carl = student(3, 'Carl Gauss', { 1: graded(1, 10, { Algebra: [1, 6], Geometry: [0, 4] }), 2: ungraded(20, false), 3: ungraded(5) });
const newcomer = student(4, 'Zed New', { 1: ungraded(10, false), 2: ungraded(20, false), 3: ungraded(5, false) });
const klass = [ada, emmy, carl, newcomer];
const all = [1, 2, 3];

describe('filters', () => {
  it('month and assignment filters narrow the assignments, which stay in due-date order', () => {
    expect(assignmentsInScope(assignments, NO_FILTERS).map((a) => a.assignment_id)).toEqual([1, 2, 3]);
    expect(assignmentsInScope(assignments, { ...NO_FILTERS, month: monthKey(assignments[0]!.due_date) }).map((a) => a.title)).toEqual([
      'Quadratics',
    ]);
    expect(assignmentsInScope(assignments, { ...NO_FILTERS, assignmentId: 3 }).map((a) => a.title)).toEqual(['Functions']);
    expect(assignmentsInScope(assignments, { ...NO_FILTERS, month: '2020-01' })).toEqual([]);
  });

  it('lists each month with a due date once, in order', () => {
    const months = monthOptions([...assignments, { assignment_id: 9, title: 'x', due_date: '2026-10-02T12:00:00Z' }]);
    expect(months.map((m) => m.value)).toEqual(['2026-09', '2026-10', '2026-11']);
    expect(months[0]!.label).toMatch(/2026/);
  });

  it('the student filter and the search narrow the students, by name', () => {
    expect(studentsInScope(klass, NO_FILTERS).map((s) => s.name)).toEqual(['Ada Lovelace', 'Carl Gauss', 'Emmy Noether', 'Zed New']);
    expect(studentsInScope(klass, { ...NO_FILTERS, search: '  noe ' }).map((s) => s.name)).toEqual(['Emmy Noether']);
    expect(studentsInScope(klass, { ...NO_FILTERS, studentId: 1 }).map((s) => s.name)).toEqual(['Ada Lovelace']);
    expect(studentsInScope(klass, { ...NO_FILTERS, studentId: 1, search: 'emmy' })).toEqual([]);
    // the search narrows the options, the chosen student stays listed
    expect(studentOptions(klass, { ...NO_FILTERS, studentId: 1, search: 'emmy' }).map((o) => o.label)).toEqual([
      'Ada Lovelace',
      'Emmy Noether',
    ]);
  });
});

describe('the figures', () => {
  it('totals count graded work only', () => {
    expect(studentTotal(ada, all)).toEqual({ score: 27, possible: 30, percent: 90 });
    expect(studentTotal(carl, all)).toEqual({ score: 1, possible: 10, percent: 10 });
    expect(studentTotal(newcomer, all)).toBeNull();
  });

  it('stats card: assignments, pooled class average, highest and lowest student', () => {
    const s = courseStats(klass, all);
    expect(s.assignments).toBe(3);
    // (27 + 14 + 1) / (30 + 30 + 10)
    expect(s.average).toBeCloseTo(60, 6);
    expect(s.highest).toBe(90);
    expect(s.lowest).toBe(10);
    expect(courseStats([newcomer], all)).toEqual({ assignments: 3, average: null, highest: null, lowest: null });
  });

  it('grade buckets at the spec boundaries', () => {
    expect([0, 29.9, 30, 49.9, 50, 79.9, 80, 100].map(gradeBucket)).toEqual([
      'Novice',
      'Novice',
      'Apprentice',
      'Apprentice',
      'Competent',
      'Competent',
      'Proficient',
      'Proficient',
    ]);
  });

  it('distribution by total and by one rubric; students without graded work are not counted', () => {
    const counts = (rubric: string | null) => gradeDistribution(klass, all, rubric).map((b) => `${b.label} ${b.range} ${b.count}`);
    // Ada 90, Emmy 46.7, Carl 10
    expect(counts(null)).toEqual(['Novice 0-30% 1', 'Apprentice 30-50% 1', 'Competent 50-80% 0', 'Proficient 80-100% 1']);
    // Geometry: Ada 75, Emmy 50, Carl 0
    expect(counts('Geometry')).toEqual(['Novice 0-30% 1', 'Apprentice 30-50% 0', 'Competent 50-80% 2', 'Proficient 80-100% 0']);
  });

  it('trend: one point per graded assignment by due date with the class average', () => {
    const points = performanceTrend(klass, assignmentsInScope(assignments, NO_FILTERS));
    expect(points.map((p) => [p.title, Math.round(p.average * 10) / 10, p.graded])).toEqual([
      ['Linear', 46.7, 3],
      ['Quadratics', 70, 2],
    ]);
  });

  it('difficulty: 85 or more Easy, 70 or more Medium, otherwise Hard; the first 5 by due date', () => {
    expect([100, 85, 84.9, 70, 69.9, 0].map(difficultyOf)).toEqual(['Easy', 'Easy', 'Medium', 'Medium', 'Hard', 'Hard']);
    const many = Array.from({ length: 7 }, (_, i) => ({
      assignment_id: i + 1,
      title: `A${i + 1}`,
      due_date: `2026-0${i + 1}-01T00:00:00Z`,
    }));
    const rows = difficultyRows(klass, many);
    expect(rows.map((r) => r.title)).toEqual(['A1', 'A2', 'A3', 'A4', 'A5']);
    expect(rows[0]!.difficulty).toBe('Hard');
    expect(rows[1]!.difficulty).toBe('Medium');
    expect(rows[2]!.average).toBeNull();
    expect(showDifficulty(rows)).toBe(true);
  });

  it('the difficulty table hides when no assignment has an average above 0', () => {
    const zero = student(5, 'Z', { 1: graded(0, 10) });
    expect(showDifficulty(difficultyRows([zero, newcomer], assignments.slice(1)))).toBe(false);
    expect(showDifficulty(difficultyRows([newcomer], assignments))).toBe(false);
  });

  it('rubric names: General last, others by name', () => {
    const g = student(6, 'G', { 1: graded(1, 2, { General: [1, 1], Writing: [0, 1], Algebra: [0, 0] }) });
    expect(rubricNames([g], [1])).toEqual(['Algebra', 'Writing', 'General']);
  });

  it('radar: class average per rubric against the top student, or the selected one', () => {
    const top = radarData(klass, klass, all, null);
    expect(top.rubrics).toEqual(['Algebra', 'Geometry']);
    // Algebra pooled: (24 + 12 + 1) / (26 + 26 + 6) ; Geometry: (3 + 2 + 0) / 12
    expect(top.classAverage.map((v) => Math.round(v * 10) / 10)).toEqual([63.8, 41.7]);
    expect(top.student).toEqual({ name: 'Ada Lovelace', values: [(24 / 26) * 100, 75], selected: false });
    const chosen = radarData(klass, [emmy], all, 2);
    expect(chosen.student?.name).toBe('Emmy Noether');
    expect(chosen.student?.selected).toBe(true);
    expect(radarData(klass, [newcomer], all, 4).student).toBeNull();
  });

  it('breakdown rows and the class average row, with score/possible (percent)', () => {
    const rows = breakdownRows([ada, newcomer], all, ['Geometry']);
    expect(rows.map((r) => [r.name, r.rubrics.map((c) => c && scoreLabel(c)), r.total && scoreLabel(r.total)])).toEqual([
      ['Ada Lovelace', ['3/4 (75%)'], '27/30 (90%)'],
      ['Zed New', [null], null],
    ]);
    const avg = classAverageRow(klass, all, ['Geometry']);
    expect(avg.rubrics.map((c) => c && scoreLabel(c, true))).toEqual(['1.67/4 (41.7%)']);
    expect(avg.total && scoreLabel(avg.total, true)).toBe('14/23.33 (60.0%)');
  });

  it('cell colours: below 30 red, below 50 orange, below 80 yellow, otherwise green', () => {
    expect([0, 29.9, 30, 49.9, 50, 79.9, 80, 100].map(scoreBand)).toEqual([
      'red',
      'red',
      'orange',
      'orange',
      'yellow',
      'yellow',
      'green',
      'green',
    ]);
  });
});
