import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import type { Projection } from '../projection';
import {
  applyOneByOne,
  dumpTables,
  expectBatchesOfSizes,
  expectOneReadPerTable,
  noticeSets,
  recordedLog,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { T0, captured, edited, graded, reset, submit, uploaded } from '../grading-fixtures';
import { instructorAssignmentsProjection } from './instructor-assignments';
import {
  iaAssignmentsByIds,
  iaQuestionSheet,
  iaSubmittedStudentIds,
  taughtAssignment,
  taughtAssignments,
} from './instructor-assignments.queries';
import { practiceProjection } from './practice';
import { practiceAssignmentOfStudent, practiceAssignmentsOfStudent } from './practice.queries';
import { timedSessionsProjection } from './timed-sessions';
import { timedSessionOf, timedSessionsOfAssignment } from './timed-sessions.queries';

/**
 * The instructor-side read models (instructor-assignments, timed-sessions, practice) under the batch contract: one
 * big batch leaves exactly the tables that one event per batch leaves, and batches read each table at most once and
 * write it at most twice (one delete, one upsert). PGlite always, PostgreSQL when DATABASE_URL is set.
 */
const backends = testBackends('instructor_side');

const DUE = '2026-03-08T17:00:00.000Z';

// --- instructor assignments ---
const course = (courseId: number, code: string, instructorIds: number[]): DomainEvent => ({
  type: 'CourseCreated',
  data: {
    courseId,
    courseCode: code,
    courseName: `${code} course`,
    courseClass: '10',
    subject: 'Mathematics',
    instructorIds,
    createdAt: T0,
  },
});
const assign = (courseId: number, instructorId: number): DomainEvent => ({
  type: 'InstructorAssigned',
  data: { courseId, instructorId, assignedAt: T0 },
});
const unassign = (courseId: number, instructorId: number): DomainEvent => ({
  type: 'InstructorUnassigned',
  data: { courseId, instructorId, unassignedAt: T0 },
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
  data: { assignmentId, questionId, questionNumber, content: `Question ${questionNumber}`, marksPossible, tags: ['Rubric - Clarity'] },
});
const flag = (assignmentId: number, questionId: number, reason: string): DomainEvent => ({
  type: 'QuestionFlagged',
  data: { assignmentId, questionId, reason, flaggedAt: T0 },
});
const unflag = (assignmentId: number, questionId: number): DomainEvent => ({
  type: 'QuestionFlagResolved',
  data: { assignmentId, questionId, flag: 'x', resolvedAt: T0 },
});
const resolved = (assignmentId: number, studentId: number, questionId: number): DomainEvent => ({
  type: 'ResponseFlagResolved',
  data: { assignmentId, studentId, responseId: questionId * 1000 + studentId, questionId, flag: 'x', by: 9, resolvedAt: T0 },
});

/**
 * A term ordered to catch a batch that reads what it changes itself: grades before and after a question is added
 * (the average keeps the question count of its last grading event), decimal marks, a duplicate submission, an upload
 * of a student who submitted, an instructor assigned twice and one unassigned, a rename and a deletion, a second school.
 */
const term = (): RecordedEvent[] =>
  recordedLog([
    ['demo', course(1, 'MATH10', [9])],
    ['demo', course(2, 'PHYS10', [9, 8])],
    ['demo', assign(1, 7)],
    ['demo', assign(1, 7)],
    ['demo', unassign(2, 8)],
    ['demo', assign(3, 7)],
    ['demo', assignment(21, 2)],
    ['demo', assignment(11, 1)],
    ['demo', question(11, 111, 1, 2)],
    ['demo', question(11, 112, 2, 0.1)],
    ['demo', question(11, 113, 3, 0.2)],
    ['demo', flag(11, 112, 'unclear')],
    ['demo', unflag(11, 112)],
    ['demo', flag(11, 113, 'two answers')],
    ['demo', assignment(12, 1, 1800)],
    ['demo', question(12, 121, 1, 5)],
    [
      'demo',
      {
        type: 'QuestionUpdated',
        data: {
          assignmentId: 12,
          questionId: 121,
          content: 'Updated',
          answer: 'a',
          gradingInstructions: 'g',
          marksPossible: 7.5,
          tags: [],
          updatedAt: T0,
        },
      },
    ],
    ['demo', question(12, 122, 2, 0.1)],
    ['demo', { type: 'AssignmentRenamed', data: { assignmentId: 12, from: 'Assignment 12', title: 'Timed quiz', renamedAt: T0 } }],
    ['demo', submit(11, 101)],
    ['demo', submit(11, 101)],
    ['demo', submit(11, 103)],
    ['demo', captured(11, 101, [111, 112, 113])],
    ['demo', graded(11, 101, 111, 2)],
    ['demo', graded(11, 101, 112, 0.1)],
    ['demo', graded(11, 101, 113, 0.1)],
    ['demo', uploaded(11, 102, [111, 112, 113])],
    ['demo', uploaded(11, 101, [111, 112, 113])],
    ['demo', graded(11, 102, 111, 1)],
    ['demo', graded(11, 102, 112, 0.1)],
    ['demo', graded(11, 102, 113, 0.2)],
    ['demo', graded(11, 101, 111, 2)],
    ['demo', graded(11, 101, 112, 0.1)],
    ['demo', graded(11, 101, 113, 0.1)],
    ['demo', edited(11, 101, 113, 0.2)],
    ['demo', resolved(11, 101, 113)],
    ['demo', question(11, 114, 4, 1)],
    ['demo', captured(12, 101, [121, 122])],
    ['demo', graded(12, 101, 121, 7)],
    ['demo', graded(12, 101, 122, 0.1)],
    ['demo', reset(12, 101, [122])],
    ['demo', { type: 'AssignmentDeleted', data: { assignmentId: 12, deletedAt: T0 } }],
    ['demo', question(11, 111, 1, 2)],
    ['other', course(1, 'ART1', [9])],
    ['other', assignment(11, 1)],
    ['other', question(11, 111, 1, 4)],
    ['other', captured(11, 101, [111])],
    ['other', graded(11, 101, 111, 3)],
  ]);

// --- timed sessions ---
const started = (assignmentId: number, studentId: number): DomainEvent => ({
  type: 'TimedSessionStarted',
  data: { assignmentId, studentId, startedAt: T0, timeLimitSeconds: 600, deadline: '2026-03-01T09:10:00.000Z' },
});
const beat = (assignmentId: number, studentId: number, at: string): DomainEvent => ({
  type: 'SessionHeartbeat',
  data: { assignmentId, studentId, timeUsedSeconds: 30, at },
});
const extra = (assignmentId: number, studentId: number, seconds: number, newDeadline: string): DomainEvent => ({
  type: 'ExtraTimeGranted',
  data: { assignmentId, studentId, seconds, grantedBy: 9, newDeadline, grantedAt: T0 },
});
const sessions = (): RecordedEvent[] =>
  recordedLog([
    ['demo', started(11, 101)],
    ['demo', beat(11, 101, '2026-03-01T09:01:00.000Z')],
    ['demo', extra(11, 101, 60, '2026-03-01T09:11:00.000Z')],
    ['demo', extra(11, 101, 30, '2026-03-01T09:11:30.000Z')],
    ['demo', started(11, 101)],
    ['demo', started(11, 102)],
    ['demo', submit(11, 103)],
    [
      'demo',
      {
        type: 'AssignmentSubmitted',
        data: { assignmentId: 11, studentId: 101, submittedAt: '2026-03-01T09:05:00.000Z', submissionMethod: 'auto_time_limit' },
      },
    ],
    ['demo', beat(11, 101, '2026-03-01T09:06:00.000Z')],
    ['other', started(11, 101)],
    ['other', submit(11, 101)],
  ]);

// --- practice ---
const practice = (practiceId: number, studentId: number): DomainEvent => ({
  type: 'PracticeAssignmentCreated',
  data: {
    practiceId,
    studentId,
    title: `Practice ${practiceId}`,
    description: '',
    course: '',
    creationMethod: 'ai',
    createdAt: `2026-03-0${practiceId}T09:00:00.000Z`,
    questions: [1, 2].map((q) => ({
      questionId: q,
      questionNumber: q,
      question: `Q${q}`,
      type: 'short_answer',
      marksPossible: 2,
      answer: `A${q}`,
    })),
  },
});
const saved = (practiceId: number, studentId: number, questionId: number, responseContent: string | null): DomainEvent => ({
  type: 'PracticeAnswerSaved',
  data: { practiceId, studentId, questionId, responseContent, savedAt: T0 },
});
const practices = (): RecordedEvent[] =>
  recordedLog([
    ['demo', practice(1, 101)],
    ['demo', saved(1, 101, 1, 'one')],
    ['demo', saved(1, 101, 2, 'two')],
    [
      'demo',
      {
        type: 'PracticeAnswersChecked',
        data: {
          practiceId: 1,
          studentId: 101,
          pointsObtained: 3,
          pointsPossible: 4,
          checker: 'offline',
          checkedAt: T0,
          results: [1, 2].map((q) => ({
            questionId: q,
            pointsObtained: q === 1 ? 2 : 1,
            pointsPossible: 2,
            feedback: 'f',
            confident: true,
            matched: [],
            missing: [],
          })),
        },
      },
    ],
    ['demo', { type: 'PracticeAnswersReset', data: { practiceId: 1, studentId: 101, resetAt: T0 } }],
    ['demo', saved(1, 101, 1, 'again')],
    ['demo', saved(9, 101, 1, 'nowhere')],
    ['demo', practice(2, 101)],
    ['demo', practice(3, 102)],
    [
      'demo',
      { type: 'PracticeAssignmentSubmitted', data: { practiceId: 1, studentId: 101, answered: 1, questionCount: 2, submittedAt: T0 } },
    ],
    ['demo', saved(2, 101, 2, 'draft')],
    ['other', practice(1, 101)],
  ]);

const cases: [Projection, () => RecordedEvent[], boolean][] = [
  [instructorAssignmentsProjection, term, false],
  [timedSessionsProjection, sessions, true],
  [practiceProjection, practices, true],
];
const projections = cases.map(([p]) => p);

describe.each(backends)('instructor-side read models in batches on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, projections);

  it.each(cases.map(([p, events, idempotent]) => [p.name, p, events, idempotent] as const))(
    '%s: one big batch leaves the tables (and notices) that one event per batch leaves',
    async (_n, p, events, idempotent) => {
      const all = events();
      const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
      const eachTouched = await applyOneByOne(dbs.many.db, p, all);
      const expected = await dumpTables(dbs.many.db, p);
      expect(Object.values(expected).some((rows) => rows.length > 0)).toBe(true);
      expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
      expect(batchTouched).toEqual(eachTouched);
      expect(noticeSets(batchTouched)).toEqual(noticeSets(eachTouched));

      // Batches of every size from 2 to 5 leave the same tables, reading each table at most once per batch.
      await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5]);
      // The whole term in one batch: still one read and at most two writes per table.
      await expectOneReadPerTable(dbs.many.db, p, all);
      // Rows keep the position they reflect: a redelivered batch changes nothing.
      if (idempotent) expect(await dumpTables(dbs.many.db, p)).toEqual(expected);
    },
  );

  it('keeps the instructor lists, sheets, totals and averages', async () => {
    await dbs.one.db.transaction((tx) => instructorAssignmentsProjection.applyBatch(tx, term()));
    const list = await taughtAssignments(dbs.one.db, 'demo', 9);
    // Assignment 12 is deleted: gone from the list, still readable by id.
    expect(list.map((a) => a.assignment_id)).toEqual([21, 11]);
    // Two students' graded work (2 + 0.1 + 0.2 and 1 + 0.1 + 0.2) averaged with the 3 questions the last grade saw.
    expect(list[1]).toMatchObject({
      title: 'Assignment 11',
      course_code: 'MATH10',
      course_name: 'MATH10 course',
      question_count: 4,
      marks_total: 3.3,
      submissions: 3,
      average: 1.8,
      time_limit: null,
      submissions_allowed: true,
      creation_method: 'scratch',
      deleted: false,
    });
    expect(new Date(list[1]!.due).toISOString()).toBe(DUE);
    expect(await iaSubmittedStudentIds(dbs.one.db, 'demo', 11)).toEqual([101, 102, 103]);
    const sheet = await iaQuestionSheet(dbs.one.db, 'demo', 11);
    expect(sheet.map((q) => [q.question_id, q.marks_possible, q.flagged_for_review, q.tags])).toEqual([
      [111, 2, '', ['Rubric - Clarity']],
      [112, 0.1, '', ['Rubric - Clarity']],
      [113, 0.2, 'two answers', ['Rubric - Clarity']],
      [114, 1, '', ['Rubric - Clarity']],
    ]);
    const [deleted] = await iaAssignmentsByIds(dbs.one.db, 'demo', [12]);
    expect(deleted).toMatchObject({
      title: 'Timed quiz',
      deleted: true,
      question_count: 2,
      marks_total: 7.6,
      time_limit: 1800,
      average: null,
    });
    expect(await taughtAssignment(dbs.one.db, 'demo', 9, 12)).toBeNull();
    // Instructor 7 was assigned to course 1 (once); 8 left course 2; course 3 does not exist.
    expect((await taughtAssignment(dbs.one.db, 'demo', 7, 11))?.title).toBe('Assignment 11');
    expect((await taughtAssignments(dbs.one.db, 'demo', 7)).map((a) => a.assignment_id)).toEqual([11]);
    expect(await taughtAssignments(dbs.one.db, 'demo', 8)).toEqual([]);
    expect((await taughtAssignments(dbs.one.db, 'other', 9)).map((a) => [a.assignment_id, a.average, a.course_code])).toEqual([
      [11, 3, 'ART1'],
    ]);
  });

  it('keeps each timed session with its extra time, heartbeat and submission', async () => {
    await dbs.one.db.transaction((tx) => timedSessionsProjection.applyBatch(tx, sessions()));
    expect(await timedSessionOf(dbs.one.db, 'demo', 11, 101)).toMatchObject({
      extra_seconds: 90,
      status: 'submitted',
      submission_method: 'auto_time_limit',
      time_limit: 600,
      position: String(8).padStart(20, '0'),
    });
    const s = (await timedSessionOf(dbs.one.db, 'demo', 11, 101))!;
    expect([s.deadline, s.last_heartbeat_at, s.submitted_at].map((v) => new Date(v!).toISOString())).toEqual([
      '2026-03-01T09:11:30.000Z',
      '2026-03-01T09:06:00.000Z',
      '2026-03-01T09:05:00.000Z',
    ]);
    expect((await timedSessionsOfAssignment(dbs.one.db, 'demo', 11)).map((r) => [r.student_id, r.status])).toEqual([
      [101, 'submitted'],
      [102, 'active'],
    ]);
    expect(await timedSessionOf(dbs.one.db, 'demo', 11, 103)).toBeNull();
    expect((await timedSessionOf(dbs.one.db, 'other', 11, 101))?.submission_method).toBe('manual');
  });

  it("keeps each practice sheet, the student's own only", async () => {
    await dbs.one.db.transaction((tx) => practiceProjection.applyBatch(tx, practices()));
    expect((await practiceAssignmentsOfStudent(dbs.one.db, 'demo', 101)).map((r) => r.practice_id)).toEqual([2, 1]);
    const first = (await practiceAssignmentOfStudent(dbs.one.db, 'demo', 101, 1))!.doc;
    expect(first).toMatchObject({ status: 'Submitted', answered_count: 1, marks_obtained: null, checked_at: null });
    expect(first.questions.map((q) => [q.response_content, q.answer])).toEqual([
      ['again', 'A1'],
      [null, 'A2'],
    ]);
    expect((await practiceAssignmentOfStudent(dbs.one.db, 'demo', 101, 2))!.doc.answered_count).toBe(1);
    expect(await practiceAssignmentOfStudent(dbs.one.db, 'demo', 101, 3)).toBeNull();
    expect(await practiceAssignmentOfStudent(dbs.one.db, 'demo', 101, 9)).toBeNull();
  });
});
