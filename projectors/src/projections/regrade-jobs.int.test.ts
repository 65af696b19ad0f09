import { describe, expect, it } from 'vitest';
import type { DomainEvent, RegradeJobOutcome } from '@evergrade/contracts';
import {
  applyOneByOne,
  dumpTables,
  expectBatchesOfSizes,
  expectOneReadPerTable,
  recordedLog,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { regradeJobsProjection } from './regrade-jobs';
import { regradeJobsOf } from './regrade-jobs.queries';

/**
 * The regrade-jobs read model under the batch contract, and what its query answers: an assignment's jobs, the newest
 * first, each with its counts (students done, marks changed, marks set by hand kept, failures) and its end; a job's
 * student line redelivered is not counted twice; other assignments' and other schools' jobs stay apart.
 */
const backends = testBackends('regrade_jobs');
const at = (minute: number) => `2026-03-01T09:${String(minute).padStart(2, '0')}:00.000Z`;

const started = (jobId: string, assignmentId: number, questionNumber: number, studentIds: number[], minute: number): DomainEvent => ({
  type: 'RegradeJobStarted',
  data: {
    jobId,
    assignmentId,
    questionId: questionNumber * 10,
    questionNumber,
    instructions: questionNumber === 1 ? 'also accept: Jove' : '',
    overrideManual: false,
    studentIds,
    startedBy: 7,
    startedAt: at(minute),
  },
});
const done = (
  jobId: string,
  studentId: number,
  outcome: RegradeJobOutcome,
  previousPoints: number | null,
  points: number | null,
  minute: number,
): DomainEvent => ({
  type: 'RegradeJobStudentDone',
  data: { jobId, studentId, outcome, previousPoints, points, note: '', doneAt: at(minute) },
});
const finished = (jobId: string, minute: number): DomainEvent => ({ type: 'RegradeJobFinished', data: { jobId, finishedAt: at(minute) } });

/** Assignment 3 of demo: job a (question 1, finished) then job b (question 2, still running); assignment 4's job c; another school's job a. */
const history = () =>
  recordedLog([
    ['demo', started('a', 3, 1, [21, 22, 23, 24], 1)],
    ['demo', done('a', 21, 'applied', 1, 2, 2)],
    ['demo', done('a', 22, 'applied', 2, 2, 2)],
    ['other', started('a', 3, 1, [21], 2)],
    ['demo', done('a', 23, 'kept-manual', 0.5, 0.5, 3)],
    ['demo', started('c', 4, 1, [21], 3)],
    ['demo', done('a', 24, 'no-response', null, null, 4)],
    ['demo', finished('a', 4)],
    ['demo', started('b', 3, 2, [21, 22], 5)],
    ['demo', done('b', 21, 'failed', 1, 1, 6)],
  ]);

describe.each(backends)('regrade-jobs read model on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, [regradeJobsProjection]);
  const p = regradeJobsProjection;

  it('one big batch, batches of 2, 3 and 4 and a rebuild build leave the tables one event per batch leaves; a redelivery changes nothing', async () => {
    const all = history();
    const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
    const eachTouched = await applyOneByOne(dbs.many.db, p, all);
    const expected = await dumpTables(dbs.many.db, p);
    expect(expected.regrade_jobs).toHaveLength(4);
    expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
    expect(batchTouched).toEqual(eachTouched);
    expect(new Set(eachTouched.map((t) => `${t.tenant}|${t.keys.join()}`))).toEqual(
      new Set(['demo|assignment:3', 'demo|assignment:4', 'other|assignment:3']),
    );
    await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 4]);
    await expectOneReadPerTable(dbs.many.db, p, all);
    expect(await dumpTables(dbs.many.db, p)).toEqual(expected);
  });

  it("lists an assignment's jobs, the newest first, with their counts so far", async () => {
    const db = dbs.one.db;
    await db.transaction((tx) => p.applyBatch(tx, history()));
    const jobs = await regradeJobsOf(db, 'demo', 3);
    expect(jobs.map((j) => j.job_id)).toEqual(['b', 'a']);
    expect(jobs[1]).toMatchObject({
      question_number: 1,
      instructions: 'also accept: Jove',
      status: 'finished',
      total: 4,
      done: 4,
      changed: 1,
      kept_manual: 1,
      failed: 0,
      started_at: at(1),
      finished_at: at(4),
    });
    expect(jobs[0]).toMatchObject({ question_number: 2, status: 'running', total: 2, done: 1, changed: 0, failed: 1, finished_at: null });
    expect((await regradeJobsOf(db, 'demo', 4)).map((j) => j.job_id)).toEqual(['c']);
    expect((await regradeJobsOf(db, 'other', 3)).map((j) => [j.job_id, j.done])).toEqual([['a', 0]]);
    expect(await regradeJobsOf(db, 'demo', 5)).toEqual([]);
  });
});
