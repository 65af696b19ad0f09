import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import type { GlobalPosition, RecordedEvent } from '@evergrade/platform/event-store';
import type { Projection } from '../projection';
import { rowSetsOf } from '../projection';
import {
  applyOneByOne,
  expectBulkBuild,
  expectLiveBatches,
  clearTables,
  dumpTables,
  foldByHand,
  noticeSets,
  openMigrated,
  recordedLog,
  testBackends,
  type OpenDatabase,
} from '../testing';
import { assignmentQuestionsProjection } from './assignment-questions';
import { studentQuestionSheet } from './assignment-questions.queries';
import { studentAssignmentsProjection } from './student-assignments';

/**
 * The student-side read models (student-assignments, assignment-questions) under the batch contract: one big batch
 * must leave exactly the tables that applying the same events one at a time leaves, whatever the order of
 * enrolments, creations and publications inside the batch. PGlite always, PostgreSQL when DATABASE_URL is set.
 */
const backends = testBackends('student_lists');

const T0 = '2026-03-01T09:00:00Z';
const DUE = '2026-03-08T17:00:00.000Z';

const course = (courseId: number, code: string): DomainEvent => ({
  type: 'CourseCreated',
  data: {
    courseId,
    courseCode: code,
    courseName: `${code} course`,
    courseClass: '10',
    subject: 'Mathematics',
    instructorIds: [9],
    createdAt: T0,
  },
});
const enrol = (courseId: number, studentId: number): DomainEvent => ({
  type: 'StudentEnrolled',
  data: { courseId, studentId, enrolledAt: T0 },
});
const unenrol = (courseId: number, studentId: number): DomainEvent => ({
  type: 'StudentUnenrolled',
  data: { courseId, studentId, unenrolledAt: T0 },
});
const assignment = (assignmentId: number, courseId: number, timeLimitSeconds: number | null = null): DomainEvent => ({
  type: 'AssignmentCreated',
  data: {
    assignmentId,
    courseId,
    title: `Assignment ${assignmentId}`,
    assigned: T0,
    due: DUE,
    timeLimitSeconds,
    createdBy: 9,
    createdAt: T0,
  },
});
const question = (assignmentId: number, questionId: number, questionNumber: number, marksPossible: number): DomainEvent => ({
  type: 'QuestionAdded',
  data: { assignmentId, questionId, questionNumber, content: `Question ${questionNumber}`, marksPossible },
});
const publish = (assignmentId: number): DomainEvent => ({ type: 'AssignmentPublished', data: { assignmentId, publishedAt: T0 } });
const answer = (assignmentId: number, studentId: number, questionId: number, text: string): DomainEvent => ({
  type: 'AnswerSaved',
  data: { assignmentId, studentId, questionId, responseContent: text, savedAt: T0 },
});
const submit = (assignmentId: number, studentId: number): DomainEvent => ({
  type: 'AssignmentSubmitted',
  data: { assignmentId, studentId, submittedAt: T0 },
});
const captured = (assignmentId: number, studentId: number, questionIds: number[]): DomainEvent => ({
  type: 'OnlineResponsesCaptured',
  data: {
    assignmentId,
    studentId,
    submissionVersion: 3,
    capturedAt: T0,
    responses: questionIds.map((questionId, i) => ({
      responseId: questionId * 100 + studentId,
      questionId,
      questionNumber: i + 1,
      response: 'x',
    })),
  },
});
const graded = (assignmentId: number, studentId: number, questionId: number, pointsObtained: number): DomainEvent => ({
  type: 'ResponseGraded',
  data: {
    assignmentId,
    studentId,
    responseId: questionId * 100 + studentId,
    questionId,
    questionNumber: 1,
    pointsObtained,
    pointsPossible: 5,
    feedback: `Feedback on ${questionId}`,
    flaggedForReview: '',
    grader: { kind: 'offline', name: 'offline' },
    confidence: 0.9,
    inputs: { questionVersion: 1, responseVersion: 1 },
    gradedAt: T0,
  },
});
const edited = (assignmentId: number, studentId: number, questionId: number, points: number): DomainEvent => ({
  type: 'ResponseMarkEdited',
  data: {
    assignmentId,
    studentId,
    responseId: questionId * 100 + studentId,
    questionId,
    previousPoints: 0,
    points,
    pointsPossible: 5,
    previousFeedback: '',
    feedback: 'Edited by hand',
    by: 9,
    editedAt: T0,
  },
});
const reset = (assignmentId: number, studentId: number, questionIds: number[]): DomainEvent =>
  ({
    type: 'GradingReset',
    data: { assignmentId, studentId, questionIds, resetAt: T0 },
  }) as DomainEvent;

/**
 * A school's term in one log, ordered to catch a batch that reads what the batch itself changes: enrolments before
 * and after publication, an assignment created, given questions and published in the same run as enrolments, a
 * rename and a question update after publication, grading to Graded and back, an unenrolment and re-enrolment, a
 * deletion, a redelivered question, and a second school with the same ids.
 */
const term = (): RecordedEvent[] =>
  recordedLog([
    ['demo', course(1, 'MATH10')],
    ['demo', course(2, 'PHYS10')],
    ['demo', enrol(1, 101)],
    ['demo', assignment(11, 1)],
    ['demo', question(11, 111, 1, 2)],
    ['demo', question(11, 112, 2, 0.1)],
    ['demo', enrol(1, 102)],
    ['demo', question(11, 113, 3, 0.2)],
    ['demo', publish(11)],
    ['demo', enrol(1, 103)],
    ['demo', enrol(1, 103)],
    ['demo', answer(11, 101, 111, 'four')],
    ['demo', answer(11, 101, 112, 'half')],
    ['demo', submit(11, 101)],
    ['demo', assignment(12, 1, 1800)],
    ['demo', question(12, 121, 1, 5)],
    ['demo', publish(12)],
    ['demo', { type: 'AssignmentRenamed', data: { assignmentId: 12, from: 'Assignment 12', title: 'Timed quiz', renamedAt: T0 } }],
    [
      'demo',
      {
        type: 'QuestionUpdated',
        data: {
          assignmentId: 12,
          questionId: 121,
          content: 'Updated',
          answer: '',
          gradingInstructions: '',
          marksPossible: 7.5,
          tags: [],
          updatedAt: T0,
        },
      },
    ],
    ['demo', question(12, 122, 2, 0.1)],
    ['demo', captured(11, 101, [111, 112, 113])],
    ['demo', graded(11, 101, 111, 2)],
    ['demo', graded(11, 101, 112, 0.1)],
    ['demo', graded(11, 101, 113, 0.1)],
    ['demo', edited(11, 101, 113, 0.2)],
    ['demo', reset(11, 101, [113])],
    ['demo', graded(11, 101, 113, 0.15)],
    ['demo', graded(11, 999, 111, 1)],
    ['demo', answer(12, 102, 121, 'draft')],
    ['demo', unenrol(1, 102)],
    ['demo', enrol(1, 102)],
    ['demo', assignment(21, 2)],
    ['demo', question(21, 211, 1, 3)],
    ['demo', enrol(2, 101)],
    ['demo', publish(21)],
    ['demo', enrol(2, 102)],
    ['demo', answer(21, 101, 211, 'waves')],
    ['demo', submit(21, 101)],
    ['demo', { type: 'AssignmentDeleted', data: { assignmentId: 12, deletedAt: T0 } }],
    ['demo', question(11, 113, 3, 0.2)],
    ['demo', enrol(7, 101)],
    ['other', course(1, 'ART1')],
    ['other', assignment(11, 1)],
    ['other', question(11, 111, 1, 4)],
    ['other', publish(11)],
    ['other', enrol(1, 101)],
    ['other', answer(11, 101, 111, 'paint')],
    ['other', captured(11, 101, [111])],
    ['other', graded(11, 101, 111, 3)],
    ['demo', submit(11, 103)],
    ['demo', answer(11, 103, 111, 'late edit')],
  ]);

const projections: Projection[] = [studentAssignmentsProjection, assignmentQuestionsProjection];

describe.each(backends)('student read models in batches on %s', (_name, backend) => {
  let one: OpenDatabase;
  beforeEach(async () => {
    one = await openMigrated(backend, projections);
  });
  afterEach(async () => {
    await one.dispose();
  });

  it.each(projections.map((p) => [p.name, p] as const))(
    '%s: one big batch leaves the tables that one event per batch leaves',
    async (_n, p) => {
      const events = term();
      const batchTouched = await one.db.transaction((tx) => p.applyBatch(tx, events));
      const many = await backend.open();
      try {
        await p.migrate(many.db);
        const eachTouched = await applyOneByOne(many.db, p, events);
        const oneByOne = await dumpTables(many.db, p);
        expect(await dumpTables(one.db, p)).toEqual(oneByOne);
        expect(noticeSets(batchTouched)).toEqual(noticeSets(eachTouched));
        // Batches of odd sizes too (the same database, rebuilt from empty).
        await clearTables(many.db, [p]);
        for (let i = 0; i < events.length; i += 7) await many.db.transaction((tx) => p.applyBatch(tx, events.slice(i, i + 7)));
        expect(await dumpTables(many.db, p)).toEqual(oneByOne);
        // A rebuild's build (rows kept from batch to batch) leaves them too.
        await expectBulkBuild(many.db, p, events, oneByOne, [7, 2, 1]);
        // The live runner's applier (rows of carryLive sets kept from batch to batch) leaves them too.
        await expectLiveBatches(many.db, p, events, oneByOne, [7, 2, 1]);
      } finally {
        await many.dispose();
      }
      // A redelivered batch changes nothing.
      const before = await dumpTables(one.db, p);
      await one.db.transaction((tx) => p.applyBatch(tx, events));
      expect(await dumpTables(one.db, p)).toEqual(before);
    },
  );

  it('builds the lists, totals and statuses the student sees', async () => {
    for (const p of projections) await one.db.transaction((tx) => p.applyBatch(tx, term()));
    const docs = async (tenant: string) =>
      (
        await one.db.query<{ student_id: number; assignment_id: number; doc: Record<string, unknown>; position: string }>(
          'SELECT student_id, assignment_id, doc, position FROM student_assignments WHERE tenant = $1 ORDER BY student_id, assignment_id',
          [tenant],
        )
      ).rows;
    const demo = await docs('demo');
    expect(demo.map((r) => [r.student_id, r.assignment_id, r.doc.status])).toEqual([
      [101, 11, 'Graded'],
      [101, 21, 'Submitted'],
      [102, 11, 'Incomplete'],
      [102, 21, 'Incomplete'],
      [103, 11, 'Submitted'],
    ]);
    const graded = demo[0]!.doc;
    // Decimal marks add up as the numeric column did: 2 + 0.1 + 0.2, and 2 + 0.1 + 0.15.
    expect(graded).toMatchObject({
      marks_total: 2.3,
      marks_obtained: 2.25,
      question_count: 3,
      assigned: '2026-03-01T09:00:00.000Z',
      due: DUE,
      timed: false,
    });
    expect(demo[4]!.doc.status).toBe('Submitted');
    const other = await docs('other');
    expect(other.map((r) => [r.student_id, r.assignment_id, r.doc.status, r.doc.marks_obtained, r.doc.course_code])).toEqual([
      [101, 11, 'Graded', 3, 'ART1'],
    ]);
    const deleted = await one.db.query('SELECT 1 FROM student_assignments WHERE assignment_id = 12');
    expect(deleted.rows).toEqual([]);
    // What the student's question sheet reads (assignment-questions' tables, through its query function).
    const sheet = await studentQuestionSheet(one.db, 'demo', 11, 101);
    expect(
      sheet.map(({ question_id, grade, graded, response_content, feedback }) => ({
        question_id,
        grade,
        graded,
        response_content,
        feedback,
      })),
    ).toEqual([
      { question_id: 111, grade: 2, graded: true, response_content: 'four', feedback: 'Feedback on 111' },
      { question_id: 112, grade: 0.1, graded: true, response_content: 'half', feedback: 'Feedback on 112' },
      { question_id: 113, grade: 0.15, graded: true, response_content: null, feedback: 'Feedback on 113' },
    ]);
    expect(sheet.map((q) => [q.question_number, q.marks_possible])).toEqual([
      [1, 2],
      [2, 0.1],
      [3, 0.2],
    ]);
    expect(await studentQuestionSheet(one.db, 'demo', 12, 102)).toEqual([]);
    expect((await studentQuestionSheet(one.db, 'demo', 21, 101)).map((q) => q.response_content)).toEqual(['waves']);
  });

  it('reads once per table and writes each table once, whatever the batch size', async () => {
    for (const p of [studentAssignmentsProjection, assignmentQuestionsProjection] as const) {
      const events = [...term(), ...term().map((e) => ({ ...e, globalPosition: `1${e.globalPosition.slice(1)}` as GlobalPosition }))];
      const sets = (state: object) =>
        [...rowSetsOf(state), ...('grades' in state ? [(state as { grades: { rows: never } }).grades.rows] : [])] as {
          statements: number;
        }[];
      const state = await foldByHand(one.db, p, events, (loaded) => {
        for (const s of sets(loaded)) expect(s.statements).toBeLessThanOrEqual(1);
      });
      for (const s of sets(state)) expect(s.statements).toBeLessThanOrEqual(3);
    }
  });
});
