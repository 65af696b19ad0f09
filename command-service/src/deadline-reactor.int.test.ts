import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_GRACE_SECONDS, streamIds } from '@evergrade/contracts';
import type { EventStore, ReadAllOptions } from '@evergrade/platform/event-store';
import { createDeadlineReactor, type DeadlineReactor } from './deadline-reactor';
import { openTestDatabase, tableExists, type TestDatabase } from './testing-db';

/**
 * The deadline process follows the log from its own checkpoint: no projector runs here and no read-model table
 * exists, yet a session past deadline + grace is submitted, extra time is honoured, and a restart resumes.
 */
const t0 = Date.parse('2026-03-02T10:00:00Z');
let clock = t0;
let t: TestDatabase;
const reactors: DeadlineReactor[] = [];
const reactor = (store: EventStore = t.store) => {
  const r = createDeadlineReactor({ store, db: t.db, now: () => new Date(clock), pollMs: 20, checkpointEveryMs: 50, onError: () => {} });
  reactors.push(r);
  return r;
};
afterEach(async () => {
  for (const r of reactors.splice(0)) await r.stop();
  await t?.close();
});

const iso = (ms: number) => new Date(ms).toISOString();
const pastGrace = (deadline: number) => deadline + (SESSION_GRACE_SECONDS + 1) * 1000;

/** A session as the submission decider starts it (the command route is not what is under test). */
async function startSession(tenant: string, assignmentId: number, studentId: number, seconds: number) {
  await t.store.append(
    streamIds.submission(tenant, assignmentId, studentId),
    [
      {
        type: 'TimedSessionStarted',
        metadata: { tenant },
        data: { assignmentId, studentId, startedAt: iso(clock), timeLimitSeconds: seconds, deadline: iso(clock + seconds * 1000) },
      },
    ],
    { expectedVersion: 'any' },
  );
  return clock + seconds * 1000;
}
const submissions = async (tenant: string, assignmentId: number, studentId: number) =>
  (await t.store.readStream(streamIds.submission(tenant, assignmentId, studentId))).filter((e) => e.type === 'AssignmentSubmitted');

describe('deadline process', () => {
  it('submits a session past its deadline and grace with no projector and no read model at all', async () => {
    t = await openTestDatabase();
    clock = t0;
    const deadline = await startSession('north', 1, 10, 60);
    const r = reactor();
    expect(await r.tick()).toBe(0);
    clock = deadline + SESSION_GRACE_SECONDS * 1000 - 1000;
    expect(await r.tick()).toBe(0);
    clock = pastGrace(deadline);
    expect(await r.tick()).toBe(1);
    const [submitted] = await submissions('north', 1, 10);
    expect(submitted?.data).toMatchObject({ submissionMethod: 'server_time_limit', timeUsedSeconds: 60 });
    expect(submitted?.metadata).toMatchObject({ tenant: 'north', actorRole: 'system' });
    expect(await r.tick()).toBe(0);
    expect(await submissions('north', 1, 10)).toHaveLength(1);
    for (const table of ['timed_sessions', 'projection_checkpoints']) expect(await tableExists(t.db, table)).toBe(false);
  });

  it('follows the log once started: extra time moves the deadline, a submitted session is left alone', async () => {
    t = await openTestDatabase();
    clock = t0;
    const r = reactor();
    await r.start();
    const deadline = await startSession('north', 2, 20, 60);
    await startSession('north', 2, 21, 60);
    await t.store.append(
      streamIds.submission('north', 2, 20),
      [
        {
          type: 'ExtraTimeGranted',
          metadata: { tenant: 'north' },
          data: { assignmentId: 2, studentId: 20, seconds: 120, grantedBy: 1, newDeadline: iso(deadline + 120_000), grantedAt: iso(clock) },
        },
      ],
      { expectedVersion: 'any' },
    );
    await t.store.append(
      streamIds.submission('north', 2, 21),
      [
        {
          type: 'AssignmentSubmitted',
          metadata: { tenant: 'north' },
          data: { assignmentId: 2, studentId: 21, submittedAt: iso(clock), submissionMethod: 'manual' },
        },
      ],
      { expectedVersion: 'any' },
    );
    // Let the process see all of it before the clock moves (the checkpoint is saved once it has).
    await expect
      .poll(
        async () =>
          (
            await t.db.query<{ n: number }>(
              `SELECT jsonb_array_length(state) AS n FROM command_process_checkpoints WHERE name = 'deadlines'`,
            )
          ).rows[0]?.n,
        { timeout: 10_000 },
      )
      .toBe(1);

    clock = pastGrace(deadline);
    // Past the first deadline, inside the extra time: a pass submits nothing.
    expect(await r.tick()).toBe(0);
    expect(await submissions('north', 2, 20)).toHaveLength(0);
    clock = pastGrace(deadline + 120_000);
    await expect.poll(async () => (await submissions('north', 2, 20)).length, { timeout: 10_000 }).toBe(1);
    expect((await submissions('north', 2, 21)).map((e) => e.data.submissionMethod)).toEqual(['manual']);
  });

  it('writes its checkpoint (every running session) at most once per period while sessions start, and on stop', async () => {
    t = await openTestDatabase();
    clock = t0;
    let writes = 0;
    const db = {
      ...t.db,
      query: ((text: string, ...rest: unknown[]) => {
        if (text.includes('INSERT INTO command_process_checkpoints')) writes++;
        return (t.db.query as (...a: unknown[]) => unknown)(text, ...rest);
      }) as typeof t.db.query,
    };
    const r = createDeadlineReactor({ store: t.store, db, now: () => new Date(clock), pollMs: 20, checkpointEveryMs: 60_000 });
    reactors.push(r);
    await r.start();
    const atStart = writes;
    // Five sessions, each seen by the process (its loop runs every 20 ms): a checkpoint per pass would be several writes.
    for (let student = 40; student < 45; student++) {
      await startSession('north', 5, student, 600);
      const deadline = clock + 600_000;
      clock += 1;
      // A due session is submitted from memory whatever the checkpoint says.
      expect(deadline).toBeGreaterThan(clock);
    }
    clock = pastGrace(t0 + 600_000 + 10);
    await expect.poll(async () => (await submissions('north', 5, 44)).length, { timeout: 10_000 }).toBe(1);
    expect(writes - atStart).toBe(0);
    // A pass asked for (tick) catches up with the log and writes at once; stop then has nothing new to write.
    await r.tick();
    expect(writes - atStart).toBe(1);
    await r.stop();
    expect(writes - atStart).toBe(1);
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT jsonb_array_length(state) AS n FROM command_process_checkpoints WHERE name = 'deadlines'`,
    );
    // All five were submitted by it: the checkpoint holds no running session.
    expect(rows[0]?.n).toBe(0);
  });

  it('resumes from its checkpoint after a restart, including sessions started while it was down', async () => {
    t = await openTestDatabase();
    clock = t0;
    const first = reactor();
    await first.start();
    const early = await startSession('north', 3, 30, 60);
    await expect
      .poll(async () => (await t.db.query(`SELECT state FROM command_process_checkpoints WHERE name = 'deadlines'`)).rows[0]?.state, {
        timeout: 10_000,
      })
      .toEqual([expect.objectContaining({ tenant: 'north', assignmentId: 3, studentId: 30 })]);
    await first.stop();
    const { rows } = await t.db.query<{ position: string }>(`SELECT position FROM command_process_checkpoints WHERE name = 'deadlines'`);
    const checkpoint = rows[0]!.position;
    await startSession('south', 3, 31, 30);

    // The second process reads the log from the checkpoint, not from the start.
    const reads: ReadAllOptions[] = [];
    const watched: EventStore = {
      ...t.store,
      readAll: (o) => {
        reads.push(o);
        return t.store.readAll(o);
      },
    };
    const second = reactor(watched);
    await second.start();
    expect(reads[0]?.after).toBe(checkpoint);
    clock = pastGrace(early);
    await expect
      .poll(async () => [(await submissions('north', 3, 30)).length, (await submissions('south', 3, 31)).length], { timeout: 10_000 })
      .toEqual([1, 1]);
    expect((await submissions('south', 3, 31))[0]?.metadata).toMatchObject({ tenant: 'south' });
  });

  it('two replicas racing over the same session submit it once', async () => {
    t = await openTestDatabase();
    clock = t0;
    const deadline = await startSession('north', 4, 40, 60);
    clock = pastGrace(deadline);
    const counts = await Promise.all([reactor(), reactor()].map((r) => r.tick()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await submissions('north', 4, 40)).toHaveLength(1);
  });
});
