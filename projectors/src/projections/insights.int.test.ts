import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import {
  applyOneByOne,
  dumpTables,
  expectBatchesOfSizes,
  expectOneReadPerTable,
  noticeSets,
  positionOf,
  recordedLog,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { T0, captured, edited, graded, reset, submit, uploaded } from '../grading-fixtures';
import { insightsProjection } from './insights';
import {
  assignmentScores,
  courseAssignmentScores,
  courseGradedItemScores,
  courseGradeEntries,
  courseInsightsVersion,
} from './insights.queries';

/**
 * The insights read model under the batch contract (one big batch, one event per batch, batches of 2, 3, 5, 7 and a
 * rebuild's build leave the same tables; one read and at most two writes per table and batch), and what its queries
 * answer for a hand-computed history. PGlite always, PostgreSQL when DATABASE_URL is set.
 */
const backends = testBackends('insights');

const created = (assignmentId: number, courseId: number, due: string): DomainEvent => ({
  type: 'AssignmentCreated',
  data: {
    assignmentId,
    courseId,
    title: `Assignment ${assignmentId}`,
    assigned: T0,
    due,
    timeLimitSeconds: null,
    createdBy: 9,
    createdAt: T0,
  },
});
const published = (assignmentId: number): DomainEvent => ({ type: 'AssignmentPublished', data: { assignmentId, publishedAt: T0 } });
const question = (
  assignmentId: number,
  questionId: number,
  questionNumber: number,
  marksPossible: number,
  tags: string[],
): DomainEvent => ({
  type: 'QuestionAdded',
  data: { assignmentId, questionId, questionNumber, content: `Question ${questionNumber}`, marksPossible, tags },
});
const Q = [101, 102, 103];
/**
 * Course 5: assignment 11 (Q1 2 marks "Algebra - Accuracy", Q2 3 marks "Algebra - Method" + "Geometry - Proof", Q3 1 mark
 * untagged, then tagged "Geometry - Proof"); assignment 12 (published, earlier due); 13 never published; 14 deleted.
 * Student 1 submits, fully graded 2 + 3 + 1 = 6. Student 2 uploads a file, graded 1 + 1.5 + 0, Q3 reset then edited to
 * 0.5: 3. Student 3 submits, only Q1 graded (2). Student 4 submits, nothing graded. Student 7 in the other school.
 */
function history() {
  const demo: DomainEvent[] = [
    created(11, 5, '2026-03-10T17:00:00.000Z'),
    created(12, 5, '2026-03-05T17:00:00.000Z'),
    created(13, 5, '2026-03-01T17:00:00.000Z'),
    created(14, 5, '2026-03-02T17:00:00.000Z'),
    question(11, 101, 1, 2, ['Algebra - Accuracy']),
    question(11, 102, 2, 3, ['Algebra - Method', 'Geometry - Proof']),
    question(11, 103, 3, 1, []),
    question(12, 201, 1, 4, ['Writing - Style']),
    published(11),
    published(12),
    published(14),
    submit(11, 1),
    captured(11, 1, Q),
    graded(11, 1, 101, 2),
    graded(11, 1, 102, 3),
    graded(11, 1, 103, 1),
    uploaded(11, 2, Q),
    graded(11, 2, 101, 1),
    graded(11, 2, 102, 1.5),
    graded(11, 2, 103, 0),
    submit(11, 3),
    captured(11, 3, Q),
    graded(11, 3, 101, 2),
    submit(11, 4),
    submit(11, 4),
    reset(11, 2, [103]),
    edited(11, 2, 103, 0.5, 1),
    {
      type: 'QuestionUpdated',
      data: {
        assignmentId: 11,
        questionId: 103,
        content: 'Question 3',
        answer: '',
        gradingInstructions: '',
        marksPossible: 1,
        tags: ['Geometry - Proof'],
        updatedAt: T0,
      },
    },
    submit(12, 1),
    captured(12, 1, [201]),
    graded(12, 1, 201, 3),
    { type: 'AssignmentRenamed', data: { assignmentId: 12, from: 'Assignment 12', title: 'Essay', renamedAt: T0 } },
    { type: 'AssignmentDeleted', data: { assignmentId: 14, deletedAt: T0 } },
  ];
  const other: DomainEvent[] = [created(11, 5, '2026-03-10T17:00:00.000Z'), question(11, 101, 1, 2, []), submit(11, 7)];
  return recordedLog([
    ...demo.map((e) => ['demo', e] as [string, DomainEvent]),
    ...other.map((e) => ['other', e] as [string, DomainEvent]),
  ]);
}

describe.each(backends)('insights read model on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, [insightsProjection]);
  const p = insightsProjection;

  it('one big batch, one event per batch, batches of 2, 3, 5, 7 and a build leave the same tables and notices', async () => {
    const all = history();
    const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
    const eachTouched = await applyOneByOne(dbs.many.db, p, all);
    const expected = await dumpTables(dbs.many.db, p);
    expect(expected.in_students!.length).toBe(6);
    expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
    expect(noticeSets(batchTouched)).toEqual(noticeSets(eachTouched));
    expect(noticeSets(eachTouched)).toEqual({
      demo: ['assignment:11', 'assignment:12', 'assignment:13', 'assignment:14', 'course:5'],
      other: ['assignment:11', 'course:5'],
    });
    await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5, 7]);
    await expectOneReadPerTable(dbs.many.db, p, all);
    // Redelivered: nothing changes.
    expect(await dumpTables(dbs.many.db, p)).toEqual(expected);
  });

  it('a grade notifies the assignment and its course', async () => {
    const all = history();
    await applyOneByOne(dbs.one.db, p, all.slice(0, 20));
    const touched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, [all[20]!]));
    expect(noticeSets(touched)).toEqual({ demo: ['assignment:11', 'course:5'] });
  });

  it('assignmentScores: questions, submitted, graded, points, totals and rubric scores', async () => {
    await dbs.one.db.transaction((tx) => p.applyBatch(tx, history()));
    const scores = await assignmentScores(dbs.one.db, 'demo', 11);
    expect(scores).toMatchObject({
      assignment_id: 11,
      course_id: 5,
      title: 'Assignment 11',
      due: '2026-03-10T17:00:00.000Z',
      published: true,
    });
    expect(scores!.questions).toEqual([
      { question_id: 101, question_number: 1, marks_possible: 2, tags: ['Algebra - Accuracy'] },
      { question_id: 102, question_number: 2, marks_possible: 3, tags: ['Algebra - Method', 'Geometry - Proof'] },
      { question_id: 103, question_number: 3, marks_possible: 1, tags: ['Geometry - Proof'] },
    ]);
    expect(scores!.students).toEqual([
      {
        student_id: 1,
        submitted: true,
        graded: true,
        total_score: 6,
        total_possible: 6,
        points: { 101: 2, 102: 3, 103: 1 },
        rubrics: { Algebra: { score: 5, possible: 5 }, Geometry: { score: 4, possible: 4 } },
      },
      {
        student_id: 2,
        submitted: true,
        graded: true,
        total_score: 3,
        total_possible: 6,
        points: { 101: 1, 102: 1.5, 103: 0.5 },
        rubrics: { Algebra: { score: 2.5, possible: 5 }, Geometry: { score: 2, possible: 4 } },
      },
      {
        student_id: 3,
        submitted: true,
        graded: false,
        total_score: 2,
        total_possible: 6,
        points: { 101: 2, 102: null, 103: null },
        rubrics: { Algebra: { score: 2, possible: 5 }, Geometry: { score: 0, possible: 4 } },
      },
      {
        student_id: 4,
        submitted: true,
        graded: false,
        total_score: 0,
        total_possible: 6,
        points: { 101: null, 102: null, 103: null },
        rubrics: { Algebra: { score: 0, possible: 5 }, Geometry: { score: 0, possible: 4 } },
      },
    ]);
    // Another school's assignment 11 is its own; a deleted or unknown assignment is null.
    expect((await assignmentScores(dbs.one.db, 'other', 11))!.students.map((s) => s.student_id)).toEqual([7]);
    expect(await assignmentScores(dbs.one.db, 'demo', 14)).toBeNull();
    expect(await assignmentScores(dbs.one.db, 'demo', 99)).toBeNull();
  });

  it('courseAssignmentScores: the published, not deleted assignments of the course by due date', async () => {
    await dbs.one.db.transaction((tx) => p.applyBatch(tx, history()));
    const course = await courseAssignmentScores(dbs.one.db, 'demo', 5);
    expect(course.map((a) => [a.assignment_id, a.title])).toEqual([
      [12, 'Essay'],
      [11, 'Assignment 11'],
    ]);
    expect(course[0]!.students).toEqual([
      {
        student_id: 1,
        submitted: true,
        graded: true,
        total_score: 3,
        total_possible: 4,
        points: { 201: 3 },
        rubrics: { Writing: { score: 3, possible: 4 } },
      },
    ]);
    expect(await courseAssignmentScores(dbs.one.db, 'demo', 6)).toEqual([]);
  });

  it('courseGradeEntries: the stored scores agree with the marks and the questions (edits and resets included)', async () => {
    await dbs.one.db.transaction((tx) => p.applyBatch(tx, history()));
    const entries = await courseGradeEntries(dbs.one.db, 'demo', 5);
    expect(entries.map((a) => [a.assignment_id, a.title, a.total_possible])).toEqual([
      [12, 'Essay', 4],
      [11, 'Assignment 11', 6],
    ]);
    const computed = (await courseAssignmentScores(dbs.one.db, 'demo', 5)).map((a) =>
      a.students.map(({ student_id, submitted, graded, total_score, rubrics }) => ({
        student_id,
        submitted,
        graded,
        total_score,
        rubrics,
      })),
    );
    expect(entries.map((a) => [...(a.students ?? [])].sort((x, y) => x.student_id - y.student_id))).toEqual(computed);
    expect(entries[1]!.students?.find((s) => s.student_id === 2)).toEqual({
      student_id: 2,
      submitted: true,
      graded: true,
      total_score: 3,
      rubrics: { Algebra: { score: 2.5, possible: 5 }, Geometry: { score: 2, possible: 4 } },
    });
    // Item analysis reads the fully graded students' points and totals only.
    const items = await courseGradedItemScores(dbs.one.db, 'demo', 5);
    expect(items.map((a) => [a.assignment_id, a.questions.length])).toEqual([
      [12, 1],
      [11, 3],
    ]);
    expect(items[1]!.graded).toEqual([
      { student_id: 1, total_score: 6, points: { '101': 2, '102': 3, '103': 1 } },
      { student_id: 2, total_score: 3, points: { '101': 1, '102': 1.5, '103': 0.5 } },
    ]);
  });

  it("courseInsightsVersion changes with any change to the course's assignments, questions or students' marks", async () => {
    const all = history();
    await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
    const before = await courseInsightsVersion(dbs.one.db, 'demo', 5);
    expect(before.split(',').map((x) => Number(x.split(':')[0]))).toEqual([11, 12, 13, 14]);
    const more = recordedLog([['demo', graded(11, 3, 102, 1)]], () => ({ globalPosition: positionOf(all.length + 1) }));
    await dbs.one.db.transaction((tx) => p.applyBatch(tx, more));
    const after = await courseInsightsVersion(dbs.one.db, 'demo', 5);
    expect(after).not.toBe(before);
    expect(after.split(',')[0]).toBe(`11:${positionOf(all.length + 1)}`);
    expect(after.split(',').slice(1)).toEqual(before.split(',').slice(1));
    expect(await courseInsightsVersion(dbs.one.db, 'demo', 6)).toBe('');
  });
});
