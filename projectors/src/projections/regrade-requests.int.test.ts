import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventOf } from '@evergrade/contracts';
import {
  applyOneByOne,
  clearTables,
  dumpTables,
  expectBatchesOfSizes,
  expectBulkBuild,
  expectOneReadPerTable,
  noticeSets,
  recordedLog,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { notificationsProjection } from './notifications';
import { notificationsOf } from './notifications.queries';
import { regradeRequestsProjection } from './regrade-requests';
import { regradeRequestsOf, regradeWindowOf } from './regrade-requests.queries';

const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const requested = (requestId: number, studentId: number, questionId: number, day: number): DomainEvent => ({
  type: 'RegradeRequested',
  data: {
    assignmentId: 5,
    studentId,
    requestId,
    responseId: 100 + requestId,
    questionId,
    questionNumber: questionId,
    assignmentTitle: 'Forces',
    reason: `Reason ${requestId}`,
    points: 0,
    pointsPossible: 2,
    instructorIds: [2, 4],
    requestedAt: at(day),
  },
});
const resolved = (
  requestId: number,
  studentId: number,
  outcome: EventOf<'RegradeRequestResolved'>['data']['outcome'],
  points: number | null,
  day: number,
): DomainEvent => ({
  type: 'RegradeRequestResolved',
  data: {
    assignmentId: 5,
    studentId,
    requestId,
    responseId: 100 + requestId,
    questionId: 1,
    questionNumber: 1,
    assignmentTitle: 'Forces',
    outcome,
    reply: `Reply ${requestId}`,
    previousPoints: 0,
    points,
    pointsPossible: 2,
    feedback: 'Not correct.',
    by: 2,
    resolvedAt: at(day),
  },
});
const windowSet = (days: number): DomainEvent => ({ type: 'RegradeWindowSet', data: { assignmentId: 5, days, by: 2, setAt: at(1) } });
const read = (userId: number, ids: string[] | null, day: number): DomainEvent => ({
  type: 'NotificationsRead',
  data: { userId, ids, readAt: at(day) },
});

const history = () =>
  recordedLog([
    ['demo', windowSet(3)],
    ['demo', requested(1, 9, 1, 2)],
    ['demo', requested(2, 10, 1, 2)],
    ['other', requested(1, 9, 1, 2)],
    ['demo', resolved(1, 9, 'accepted', 2, 3)],
    ['demo', requested(3, 9, 2, 4)],
    ['demo', resolved(3, 9, 'answered', null, 5)],
    ['demo', read(9, ['regrade-request:3'], 6)],
    ['demo', resolved(2, 10, 'rejected', null, 6)],
    ['demo', windowSet(10)],
    ['demo', read(10, null, 7)],
    // A second resolution of a resolved request changes nothing (the decider refuses it; the read model ignores it).
    ['demo', resolved(1, 9, 'rejected', null, 8)],
  ]);

describe.each(testBackends('regrade_requests'))('the regrade-requests and notifications read models on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, [regradeRequestsProjection, notificationsProjection]);

  for (const p of [regradeRequestsProjection, notificationsProjection])
    it(`${p.name}: the same in one batch, one event per batch, batches of 2, 3 and 5, and a build`, async () => {
      const all = history();
      const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
      const eachTouched = await applyOneByOne(dbs.many.db, p, all);
      const expected = await dumpTables(dbs.many.db, p);
      expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
      expect(noticeSets(batchTouched)).toEqual(noticeSets(eachTouched));
      await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5]);
      await expectBulkBuild(dbs.one.db, p, all, expected, [2, 5]);
      await expectOneReadPerTable(dbs.many.db, p, all);
      await dbs.many.db.transaction((tx) => p.applyBatch(tx, all.slice(0, 1)));
      expect(await dumpTables(dbs.many.db, p)).toEqual(expected);
    });

  it('serves the queue, a student’s own requests, the window and each user’s notifications', async () => {
    const db = dbs.many.db;
    await clearTables(db, [regradeRequestsProjection, notificationsProjection]);
    for (const p of [regradeRequestsProjection, notificationsProjection]) await db.transaction((tx) => p.applyBatch(tx, history()));
    const queue = await regradeRequestsOf(db, 'demo', 5);
    expect(queue.map((r) => [r.request_id, r.status, r.points_after])).toEqual([
      [3, 'answered', null],
      [2, 'rejected', null],
      [1, 'accepted', 2],
    ]);
    expect((await regradeRequestsOf(db, 'demo', 5, 10)).map((r) => r.request_id)).toEqual([2]);
    expect((await regradeRequestsOf(db, 'other', 5)).map((r) => r.status)).toEqual(['open']);
    expect(await regradeWindowOf(db, 'demo', 5)).toBe(10);
    expect(await regradeWindowOf(db, 'other', 5)).toBeNull();
    const ann = await notificationsOf(db, 'demo', 9);
    expect(ann.unread).toBe(1);
    expect(ann.rows.map((n) => [n.id, n.read])).toEqual([
      ['regrade-request:3', true],
      ['regrade-request:1', false],
    ]);
    expect(ann.rows[1]).toMatchObject({
      title: 'Regrade request accepted: Question 1 of Forces',
      body: 'Reply 1 Your mark changed from 0 to 2 of 2.',
      link: '/student/assignments/5#question-1',
    });
    expect(await notificationsOf(db, 'demo', 10)).toMatchObject({
      unread: 0,
      rows: [{ title: 'Regrade request not accepted: Question 1 of Forces' }],
    });
    expect(await notificationsOf(db, 'other', 9)).toEqual({ unread: 0, rows: [] });
    // The course's instructors hear of each request; the one who resolved it (2) has read it, the other (4) has not.
    const teacher = await notificationsOf(db, 'demo', 2);
    expect(teacher.rows.map((n) => [n.id, n.kind, n.read])).toEqual([
      ['regrade-request:3', 'regrade-requested', true],
      ['regrade-request:2', 'regrade-requested', true],
      ['regrade-request:1', 'regrade-requested', true],
    ]);
    expect(teacher.rows[2]).toMatchObject({
      title: 'Regrade request: Question 1 of Forces',
      body: 'Reason 1',
      link: '/instructor/assignments/5#regrade-requests',
    });
    expect((await notificationsOf(db, 'demo', 4)).unread).toBe(3);
    expect((await notificationsOf(db, 'other', 2)).unread).toBe(1);
  });
});
