import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import {
  applyOneByOne,
  dumpTables,
  expectBatchesOfSizes,
  expectOneReadPerTable,
  positionOf,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { summariesProjection } from './summaries';
import { assignmentsWithStaleSummaries, classSummaryState, studentSummaryStale, summariesOfAssignment } from './summaries.queries';

/**
 * The summaries read model under the batch contract, and what it says about staleness: a summary written from a
 * grading version is ready until a later grading event of that student; the class summary is done until any grading
 * event of the assignment after its inputs, and 'error' when the attempt for the current grades failed.
 */
const backends = testBackends('summaries');
const T0 = '2026-03-01T09:00:00.000Z';

/** Grading events on their grading streams (stream versions counted per stream), summary events on the assignment's. */
function log(spec: [tenant: string, event: DomainEvent][]): RecordedEvent[] {
  const versions = new Map<string, number>();
  return spec.map(([tenant, event], i) => {
    const d = event.data as Record<string, unknown>;
    const stream =
      event.type === 'AssignmentCreated'
        ? `assignment:${tenant}:${String(d.assignmentId)}`
        : event.type.includes('Summary')
          ? `summaries:${tenant}:${String(d.assignmentId)}`
          : `grading:${tenant}:${String(d.assignmentId)}:${String(d.studentId)}`;
    const v = (versions.get(stream) ?? 0) + 1;
    versions.set(stream, v);
    return {
      eventId: `e${i + 1}`,
      type: event.type,
      schemaVersion: 1,
      data: d,
      metadata: { tenant },
      streamId: stream,
      streamVersion: v,
      globalPosition: positionOf(i + 1),
      recordedAt: new Date(T0),
    };
  });
}

const graded = (assignmentId: number, studentId: number, points: number): DomainEvent => ({
  type: 'ResponseGraded',
  data: {
    assignmentId,
    studentId,
    responseId: assignmentId * 100 + studentId,
    questionId: 1,
    questionNumber: 1,
    pointsObtained: points,
    pointsPossible: 5,
    feedback: 'ok',
    flaggedForReview: '',
    grader: { kind: 'offline', name: 'offline' },
    confidence: 0.9,
    inputs: { questionVersion: 1, responseVersion: 1 },
    gradedAt: T0,
  },
});
const edited = (assignmentId: number, studentId: number, points: number): DomainEvent => ({
  type: 'ResponseMarkEdited',
  data: {
    assignmentId,
    studentId,
    responseId: assignmentId * 100 + studentId,
    questionId: 1,
    previousPoints: 0,
    points,
    pointsPossible: 5,
    previousFeedback: 'ok',
    feedback: 'better',
    by: 9,
    editedAt: T0,
  },
});
const resolved = (assignmentId: number, studentId: number): DomainEvent => ({
  type: 'ResponseFlagResolved',
  data: { assignmentId, studentId, responseId: 1, questionId: 1, flag: 'x', by: 9, resolvedAt: T0 },
});
const written = (
  assignmentId: number,
  studentId: number,
  gradingVersion: number,
  gradingPosition: number,
  summary: string,
  trendPosition?: number,
): DomainEvent => ({
  type: 'StudentSummaryWritten',
  data: {
    assignmentId,
    studentId,
    summary,
    generator: 'offline',
    provider: 'offline',
    inputs: {
      gradingVersion,
      gradingPosition: positionOf(gradingPosition),
      ...(trendPosition ? { trendPosition: positionOf(trendPosition) } : {}),
      obtained: 3,
      possible: 5,
    },
    writtenAt: T0,
  },
});
const created = (assignmentId: number, courseId: number, due: string): DomainEvent => ({
  type: 'AssignmentCreated',
  data: { assignmentId, courseId, title: `A${assignmentId}`, assigned: T0, due, timeLimitSeconds: null, createdBy: 9, createdAt: T0 },
});
const classWritten = (assignmentId: number, gradingPosition: number, summary: string): DomainEvent => ({
  type: 'ClassSummaryWritten',
  data: {
    assignmentId,
    summary,
    generator: 'ai',
    provider: 'test-model',
    inputs: { gradingPosition: positionOf(gradingPosition), students: 2 },
    writtenAt: T0,
  },
});
const classFailed = (assignmentId: number, gradingPosition: number, error: string): DomainEvent => ({
  type: 'ClassSummaryFailed',
  data: { assignmentId, error, provider: 'test-model', inputs: { gradingPosition: positionOf(gradingPosition) }, failedAt: T0 },
});

/**
 * Positions: 1 grade a1/s1 (v1), 2 grade a1/s2 (v1), 3 summary s1 from v1, 4 class from 2, 5 flag resolved s1 (v2,
 * ignored), 6 edit s2 (v2), 7 summary s2 from v1 (late: stale at once), 8 class failed for 6, 9 other school a1/s1,
 * 10 summary s2 from v2, 11 a second writer's summary s2 from v1 (older inputs: ignored), 12 class from 6 after the failure.
 * The trend: 13-15 assignments 1 and 2 of course 7 (due in January and February) and 3 of course 8; 16 grade a2/s3,
 * 17 its summary, 18 grade a3/s3 (another course: nothing), 19 grade a1/s3 (earlier, same course: a2/s3's trend is
 * stale), 20 a2/s3's summary from that trend.
 */
const term = () =>
  log([
    ['demo', graded(1, 1, 3)],
    ['demo', graded(1, 2, 4)],
    ['demo', written(1, 1, 1, 1, 'S1 v1')],
    ['demo', classWritten(1, 2, 'Class v1')],
    ['demo', resolved(1, 1)],
    ['demo', edited(1, 2, 5)],
    ['demo', written(1, 2, 1, 2, 'S2 v1')],
    ['demo', classFailed(1, 6, 'The AI provider answered 500')],
    ['other', graded(1, 1, 1)],
    ['demo', written(1, 2, 2, 6, 'S2 v2')],
    ['demo', written(1, 2, 1, 2, 'S2 v1 again')],
    ['demo', classWritten(1, 6, 'Class v2')],
    ['demo', created(1, 7, '2026-01-10T09:00:00.000Z')],
    ['demo', created(2, 7, '2026-02-10T09:00:00.000Z')],
    ['demo', created(3, 8, '2026-03-10T09:00:00.000Z')],
    ['demo', graded(2, 3, 4)],
    ['demo', written(2, 3, 1, 16, 'S3 on A2')],
    ['demo', graded(3, 3, 2)],
    ['demo', graded(1, 3, 1)],
    ['demo', written(2, 3, 1, 16, 'S3 on A2, new trend', 19)],
  ]);

describe.each(backends)('summaries read model on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, [summariesProjection]);
  const p = summariesProjection;

  it('one big batch, batches of 2, 3 and 5 and a rebuild build leave the tables one event per batch leaves', async () => {
    const all = term();
    const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
    const eachTouched = await applyOneByOne(dbs.many.db, p, all);
    const expected = await dumpTables(dbs.many.db, p);
    expect(expected.sm_students).toHaveLength(6);
    expect(expected.sm_classes).toHaveLength(4);
    expect(expected.sm_assignments).toHaveLength(3);
    expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
    expect(batchTouched).toEqual(eachTouched);
    expect(new Set(eachTouched.map((t) => `${t.tenant}|${t.keys.join()}`))).toEqual(
      new Set(['demo|assignment:1', 'other|assignment:1', 'demo|assignment:2', 'demo|assignment:3', 'demo|assignment:1,assignment:2']),
    );
    await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5]);
    // A redelivery of the whole term: one read and at most two writes per table, nothing changes.
    await expectOneReadPerTable(dbs.many.db, p, all);
    expect(await dumpTables(dbs.many.db, p)).toEqual(expected);
  });

  it('marks a summary stale after a grading event of its student, keeps its text, and ignores older inputs', async () => {
    const all = term();
    const db = dbs.one.db;
    // Up to the late summary of s2 (position 7): s1 ready (a resolved flag changes nothing), s2 stale with its old text.
    await db.transaction((tx) => p.applyBatch(tx, all.slice(0, 7)));
    let { students, cls } = await summariesOfAssignment(db, 'demo', 1);
    expect(students.map((s) => [s.student_id, s.summary, studentSummaryStale(s)])).toEqual([
      [1, 'S1 v1', false],
      [2, 'S2 v1', true],
    ]);
    expect(students[1]).toMatchObject({ grading_version: 2, grading_position: positionOf(6), inputs_version: 1, generator: 'offline' });
    expect(cls).toMatchObject({ summary: 'Class v1', generator: 'ai', provider: 'test-model', students: 2 });
    expect(classSummaryState(cls!)).toBe('generating');
    expect(await assignmentsWithStaleSummaries(db)).toEqual([{ tenant: 'demo', assignment_id: 1 }]);

    // The class attempt for the current grades failed: 'error' with the message, and not on the writer's list.
    await db.transaction((tx) => p.applyBatch(tx, all.slice(7, 8)));
    ({ cls } = await summariesOfAssignment(db, 'demo', 1));
    expect(classSummaryState(cls!)).toBe('error');
    expect(cls!.error).toBe('The AI provider answered 500');

    await db.transaction((tx) => p.applyBatch(tx, all.slice(8, 12)));
    ({ students, cls } = await summariesOfAssignment(db, 'demo', 1));
    expect(students.map((s) => [s.student_id, s.summary, studentSummaryStale(s)])).toEqual([
      [1, 'S1 v1', false],
      [2, 'S2 v2', false],
    ]);
    expect(classSummaryState(cls!)).toBe('done');
    expect(cls).toMatchObject({ summary: 'Class v2', error: null });
    // The other school's graded student has no summary yet: on the list, under its own tenant.
    expect(await assignmentsWithStaleSummaries(db)).toEqual([{ tenant: 'other', assignment_id: 1 }]);
    expect((await summariesOfAssignment(db, 'other', 1)).students[0]).toMatchObject({ summary: null, grading_version: 1 });
  });

  it("marks a later assignment's summary stale when a grade of the student's earlier assignment of the course changes", async () => {
    const all = term();
    const db = dbs.one.db;
    const a2 = async () => (await summariesOfAssignment(db, 'demo', 2)).students[0]!;
    await db.transaction((tx) => p.applyBatch(tx, all.slice(0, 17)));
    expect(await a2()).toMatchObject({ summary: 'S3 on A2', trend_position: '' });
    expect(studentSummaryStale(await a2())).toBe(false);
    // A grade on another course's assignment changes nothing; one on an earlier assignment of the course does.
    await db.transaction((tx) => p.applyBatch(tx, all.slice(17, 18)));
    expect(studentSummaryStale(await a2())).toBe(false);
    const touched = await db.transaction((tx) => p.applyBatch(tx, all.slice(18, 19)));
    expect(touched).toEqual([{ tenant: 'demo', keys: ['assignment:1', 'assignment:2'] }]);
    expect(await a2()).toMatchObject({ summary: 'S3 on A2', trend_position: positionOf(19), inputs_trend_position: null });
    expect(studentSummaryStale(await a2())).toBe(true);
    expect(await assignmentsWithStaleSummaries(db)).toContainEqual({ tenant: 'demo', assignment_id: 2 });
    await db.transaction((tx) => p.applyBatch(tx, all.slice(19)));
    expect(await a2()).toMatchObject({ summary: 'S3 on A2, new trend', inputs_trend_position: positionOf(19) });
    expect(studentSummaryStale(await a2())).toBe(false);
  });
});
