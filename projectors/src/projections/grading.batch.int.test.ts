import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import type { Projection } from '../projection';
import {
  applyOneByOne,
  dumpTables,
  expectBatchesOfSizes,
  expectOneReadPerTable,
  recordedLog,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { auditProjection } from './audit';
import { auditRowsOfAssignment, auditRowsOfResponses, searchAuditLog } from './audit.queries';
import { gradingProjection } from './grading';
import { gradedResponseById, gradedResponsesOf, gradingSubmissionsOf, responseHistoryOf } from './grading.queries';

/**
 * The grading and audit read models under the batch contract: one big batch leaves exactly the tables (and notices)
 * that one event per batch leaves, every batch reads each table at most once and writes it at most twice, and a
 * redelivered batch changes nothing. PGlite always, PostgreSQL when DATABASE_URL is set.
 */
const backends = testBackends('grading_batch');

const T0 = '2026-03-01T09:00:00.000Z';
const at = (minute: number) => new Date(Date.parse(T0) + minute * 60_000);

/** The events with actor 9, each on its submission's grading stream, a minute apart. */
const log = (spec: [tenant: string, event: DomainEvent][]): RecordedEvent[] =>
  recordedLog(spec, (tenant, event, i) => {
    const data = event.data as Record<string, unknown>;
    return {
      eventId: `e${i + 1}`,
      metadata: { tenant, actorId: '9' },
      streamId: `grading:${tenant}:${String(data.assignmentId)}:${String(data.studentId)}`,
      recordedAt: at(i),
    };
  });

const rid = (questionId: number, studentId: number) => questionId * 1000 + studentId;
const responses = (questionIds: number[], studentId: number, text = 'x') =>
  questionIds.map((questionId, i) => ({
    responseId: rid(questionId, studentId),
    questionId,
    questionNumber: i + 1,
    response: `${text}${questionId}`,
  }));
const captured = (assignmentId: number, studentId: number, questionIds: number[], text = 'typed'): DomainEvent => ({
  type: 'OnlineResponsesCaptured',
  data: { assignmentId, studentId, submissionVersion: 3, capturedAt: T0, responses: responses(questionIds, studentId, text) },
});
const uploaded = (assignmentId: number, studentId: number, questionIds: number[]): DomainEvent => ({
  type: 'SubmissionFileProcessed',
  data: {
    assignmentId,
    studentId,
    fileKey: `k${studentId}`,
    originalFilename: 'scan.pdf',
    method: 'ocr',
    responses: responses(questionIds, studentId, 'file'),
    processedBy: 9,
    processedAt: T0,
  },
});
const graded = (
  assignmentId: number,
  studentId: number,
  questionId: number,
  questionNumber: number,
  points: number,
  flag = '',
): DomainEvent => ({
  type: 'ResponseGraded',
  data: {
    assignmentId,
    studentId,
    responseId: rid(questionId, studentId),
    questionId,
    questionNumber,
    pointsObtained: points,
    pointsPossible: 2,
    feedback: `got ${points}`,
    flaggedForReview: flag,
    grader: { kind: 'offline', name: 'offline' },
    confidence: flag ? 0.4 : 0.9,
    inputs: { questionVersion: 1, responseVersion: 1 },
    gradedAt: T0,
  },
});
const edited = (assignmentId: number, studentId: number, questionId: number, previous: number, points: number): DomainEvent => ({
  type: 'ResponseMarkEdited',
  data: {
    assignmentId,
    studentId,
    responseId: rid(questionId, studentId),
    questionId,
    previousPoints: previous,
    points,
    pointsPossible: 2,
    previousFeedback: `got ${previous}`,
    feedback: 'by hand',
    by: 9,
    reason: 'units',
    editedAt: T0,
  },
});
const resolved = (assignmentId: number, studentId: number, questionId: number): DomainEvent => ({
  type: 'ResponseFlagResolved',
  data: { assignmentId, studentId, responseId: rid(questionId, studentId), questionId, flag: 'unsure', by: 9, resolvedAt: T0 },
});
const reset = (assignmentId: number, studentId: number, questionIds: number[], keptManual?: number[]): DomainEvent => ({
  type: 'GradingReset',
  data: { assignmentId, studentId, questionIds, ...(keptManual ? { keptManual } : {}), by: 9, resetAt: T0 },
});

/**
 * A term ordered to catch a batch that reads what it changes itself: typed answers then an upload that replaces them,
 * grades, a flag resolved, an edit, resets of questions recorded batches earlier (and of one never recorded), a
 * regrade after a reset, a grade and an edit naming a response never recorded, another event type in between, and a
 * second school with the same ids.
 */
const term = (): RecordedEvent[] =>
  log([
    ['demo', captured(11, 101, [111, 112, 113])],
    ['demo', { type: 'AssignmentSubmitted', data: { assignmentId: 11, studentId: 101, submittedAt: T0 } }],
    ['demo', graded(11, 101, 111, 1, 2)],
    ['demo', graded(11, 101, 112, 2, 0.5, 'unsure')],
    ['demo', graded(11, 101, 113, 3, 1)],
    ['demo', captured(11, 102, [111, 112])],
    ['demo', uploaded(11, 101, [111, 112, 113])],
    ['demo', graded(11, 101, 111, 1, 1.5)],
    ['demo', graded(11, 101, 112, 2, 0.25, 'unsure')],
    ['demo', resolved(11, 101, 112)],
    ['demo', edited(11, 101, 112, 0.25, 1)],
    ['demo', graded(11, 102, 111, 1, 2)],
    ['demo', graded(11, 102, 112, 2, 2)],
    ['demo', reset(11, 101, [111, 113, 999], [112])],
    ['demo', graded(11, 101, 111, 1, 2)],
    ['demo', reset(11, 102, [111, 112])],
    ['demo', captured(11, 102, [112], 'again')],
    ['demo', graded(11, 103, 111, 1, 2)],
    ['demo', edited(11, 103, 111, 0, 1)],
    ['demo', captured(12, 101, [121])],
    ['demo', graded(12, 101, 121, 1, 0.1)],
    ['other', captured(11, 101, [111])],
    ['other', graded(11, 101, 111, 1, 1)],
    ['other', reset(11, 101, [111])],
  ]);

const cases: Projection[] = [gradingProjection, auditProjection];

describe.each(backends)('grading and audit read models in batches on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, cases);

  it.each(cases.map((p) => [p.name, p] as const))(
    '%s: one big batch leaves the tables (and notices) that one event per batch leaves',
    async (_n, p) => {
      const all = term();
      const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
      const eachTouched = await applyOneByOne(dbs.many.db, p, all);
      const expected = await dumpTables(dbs.many.db, p);
      for (const rows of Object.values(expected)) expect(rows.length).toBeGreaterThan(0);
      expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
      expect(batchTouched).toEqual(eachTouched);

      // Batches of other sizes leave the same tables, reading each table at most once and writing it at most twice.
      await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5]);
      // The whole term again in one batch (a redelivery): one read and at most two writes per table, and nothing changes.
      await expectOneReadPerTable(dbs.many.db, p, all);
      expect(await dumpTables(dbs.many.db, p)).toEqual(expected);
    },
  );

  it('grading: the current grade, its chain and the submission, as the one grading fold leaves them', async () => {
    await dbs.one.db.transaction((tx) => gradingProjection.applyBatch(tx, term()));
    const db = dbs.one.db;
    expect(await gradedResponseById(db, 'demo', rid(111, 101))).toMatchObject({
      response: 'file111',
      response_version: 2,
      points: 2,
      points_possible: 2,
      graded: true,
      graded_by: 'offline',
      manual: false,
      version: 6,
    });
    // Edited by hand after its flag was resolved, then kept by the reset (it named other questions).
    expect(await gradedResponseById(db, 'demo', rid(112, 101))).toMatchObject({
      points: 1,
      feedback: 'by hand',
      original_feedback: 'got 0.25',
      graded: true,
      graded_by: 'instructor',
      manual: true,
      flagged_for_review: 'unsure',
      flag_resolved: true,
      version: 6,
    });
    expect(await gradedResponseById(db, 'demo', rid(113, 101))).toMatchObject({ points: 0, graded: false, version: 4 });
    // A new text after a reset starts over but keeps the points possible.
    expect(await gradedResponseById(db, 'demo', rid(112, 102))).toMatchObject({
      response: 'again112',
      response_version: 2,
      points: 0,
      points_possible: 2,
      graded: false,
      version: 4,
    });
    expect(await gradedResponseById(db, 'demo', rid(111, 103))).toBeNull();
    expect((await gradedResponsesOf(db, 'other', 11)).map((r) => [r.response_id, r.graded, r.points])).toEqual([[rid(111, 101), false, 1]]);
    expect((await gradingSubmissionsOf(db, 'demo', 11)).map((s) => [s.student_id, s.source, s.file_key, s.original_filename])).toEqual([
      [101, 'file', 'k101', 'scan.pdf'],
      [102, 'online', null, null],
    ]);
    const chain = await responseHistoryOf(db, 'demo', rid(112, 101));
    expect(chain.map((h) => [h.version, h.kind, h.actor_kind, h.previous_points, h.points, h.flagged_for_review, h.reason])).toEqual([
      [1, 'OnlineResponsesCaptured', 'system', null, 0, null, null],
      [2, 'ResponseGraded', 'offline', 0, 0.5, 'unsure', null],
      [3, 'SubmissionFileProcessed', 'instructor', 0.5, 0, null, null],
      [4, 'ResponseGraded', 'offline', 0, 0.25, 'unsure', null],
      [5, 'ResponseFlagResolved', 'instructor', 0.25, 0.25, 'unsure', null],
      [6, 'ResponseMarkEdited', 'instructor', 0.25, 1, null, 'units'],
    ]);
  });

  it('audit: one row per (event, response), question numbers from the responses recorded, searchable', async () => {
    await dbs.one.db.transaction((tx) => auditProjection.applyBatch(tx, term()));
    const db = dbs.one.db;
    const rows = await auditRowsOfResponses(db, 'demo', [rid(112, 101)]);
    expect(
      rows.sort((a, b) => a.position.localeCompare(b.position)).map((r) => [r.event_type, r.question_number, r.actor_kind, r.requested_by]),
    ).toEqual([
      ['OnlineResponsesCaptured', 2, 'system', 9],
      ['ResponseGraded', 2, 'offline', 9],
      ['SubmissionFileProcessed', 2, 'instructor', null],
      ['ResponseGraded', 2, 'offline', 9],
      ['ResponseFlagResolved', 2, 'instructor', null],
      ['ResponseMarkEdited', 2, 'instructor', null],
    ]);
    // The reset names a question never recorded: no row for it; the one never recorded for student 103 is numbered 0.
    const resets = (await auditRowsOfAssignment(db, 'demo', 11)).filter((r) => r.event_type === 'GradingReset' && r.student_id === 101);
    expect(resets.map((r) => [r.seq, r.response_id, r.question_number, r.detail])).toEqual([
      [0, rid(111, 101), 1, 'Reset to ungraded; 1 mark(s) set by hand kept'],
      [1, rid(113, 101), 3, 'Reset to ungraded; 1 mark(s) set by hand kept'],
    ]);
    const [edit103] = (await auditRowsOfResponses(db, 'demo', [rid(111, 103)])).filter((r) => r.event_type === 'ResponseMarkEdited');
    expect(edit103).toMatchObject({ question_number: 0, points: 1 });
    const page = await searchAuditLog(
      db,
      'demo',
      { studentIds: [102], assignmentId: 11, to: at(15).toISOString() },
      { offset: 0, limit: 3 },
    );
    expect(page.total).toBe(6);
    expect(page.rows.map((r) => [r.event_type, r.response_id])).toEqual([
      ['GradingReset', rid(112, 102)],
      ['GradingReset', rid(111, 102)],
      ['ResponseGraded', rid(112, 102)],
    ]);
  });
});
