import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqlEventStore, type EventStore, type RecordedEvent } from '@evergrade/platform/event-store';
import { createInProcessBus, type ProjectionNotice } from '@evergrade/platform/bus';
import type { Database, SqlClient } from '@evergrade/platform/sql';
import { createProjectorRunner } from './runner';
import { rebuildProjection } from './rebuild';
import type { Projection } from './projection';
import { appendCounted, testBackends } from './testing';

/** A projection that counts how often it saw each event, so double application shows. */
function countingProjection(hooks: { onApply?: (e: RecordedEvent, nth: number) => void } = {}): Projection {
  let nth = 0;
  return {
    name: 'counting',
    version: 1,
    tables: ['applied'],
    async migrate(db: SqlClient) {
      await db.query(
        'CREATE TABLE IF NOT EXISTS applied (event_id uuid PRIMARY KEY, n integer NOT NULL, stream_id text NOT NULL, version integer NOT NULL)',
      );
    },
    async applyBatch(tx, events) {
      for (const e of events) hooks.onApply?.(e, ++nth);
      await tx.query(
        `INSERT INTO applied (event_id, n, stream_id, version)
         SELECT event_id, 1, stream_id, version FROM unnest($1::uuid[], $2::text[], $3::int[]) AS u(event_id, stream_id, version)
         ON CONFLICT (event_id) DO UPDATE SET n = applied.n + 1`,
        [events.map((e) => e.eventId), events.map((e) => e.streamId), events.map((e) => e.streamVersion)],
      );
      return events.map((e) => ({ tenant: 't', keys: [`stream:${e.streamId}`] }));
    },
  };
}

const counts = async (db: Database) =>
  (await db.query<{ rows: string; max: number | null }>('SELECT count(*)::text AS rows, max(n) AS max FROM applied')).rows[0]!;

const backends = testBackends('runner');

describe.each(backends)('projector runner on %s', (_name, backend) => {
  let db: Database;
  let store: EventStore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ db, dispose } = await backend.open());
    store = await createSqlEventStore(db);
  });
  afterEach(async () => {
    await store.close();
    await dispose();
  });

  it('stopped in the middle of a batch, rolls that batch back; restarted, applies every event exactly once', async () => {
    const last = await appendCounted(store, 1000);
    let stopped: Promise<void> | undefined;
    const first: ReturnType<typeof createProjectorRunner> = createProjectorRunner({
      store,
      db,
      batchSize: 100,
      projections: [
        countingProjection({
          onApply: (_e, nth) => {
            if (nth === 250) stopped = first.stop();
          },
        }),
      ],
    });
    await first.start();
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (stopped) {
          clearInterval(t);
          resolve();
        }
      }, 5);
    });
    await stopped;
    expect(await counts(db)).toEqual({ rows: '200', max: 1 });

    const second = createProjectorRunner({ store, db, batchSize: 100, projections: [countingProjection()] });
    await second.start();
    await second.reached(last);
    await second.stop();
    expect(await counts(db)).toEqual({ rows: '1000', max: 1 });
  });

  it('a batch whose handler fails is rolled back and retried, never half applied', async () => {
    const last = await appendCounted(store, 300);
    let failed = false;
    const runner = createProjectorRunner({
      store,
      db,
      batchSize: 50,
      log: () => {},
      projections: [
        countingProjection({
          onApply: (_e, nth) => {
            if (nth === 120 && !failed) {
              failed = true;
              throw new Error('crash');
            }
          },
        }),
      ],
    });
    await runner.start();
    await runner.reached(last);
    await runner.stop();
    expect(failed).toBe(true);
    expect(await counts(db)).toEqual({ rows: '300', max: 1 });
  });

  it('keeps the other read models moving while one projection keeps failing', async () => {
    await appendCounted(store, 300);
    const broken: Projection = {
      ...countingProjection(),
      name: 'broken',
      tables: [],
      applyBatch: async () => {
        throw new Error('bug');
      },
    };
    const runner = createProjectorRunner({ store, db, batchSize: 50, log: () => {}, projections: [broken, countingProjection()] });
    await runner.start();
    await expect.poll(async () => (await counts(db)).rows, { timeout: 20_000 }).toBe('300');
    await runner.stop();
  });

  it('publishes one notice per batch and tenant, with the keys it touched and the batch position', async () => {
    const last = await appendCounted(store, 20);
    const bus = createInProcessBus();
    const notices: ProjectionNotice[] = [];
    await bus.subscribe(async (n) => {
      notices.push(n);
    });
    const runner = createProjectorRunner({ store, db, bus, batchSize: 500, projections: [countingProjection()] });
    await runner.start();
    await runner.reached(last);
    await runner.stop();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ projection: 'counting', tenant: 't', position: last });
    expect(new Set(notices[0]!.keys)).toEqual(new Set(['stream:s:t:0', 'stream:s:t:3']));
  });

  it('under load lets the next batch gather; a lone command is read at once', async () => {
    const one = (stream: string) =>
      store.append(stream, [{ type: 'Counted', data: { i: 0 } }], { expectedVersion: 'any' }).then((r) => r.lastPosition);
    const batches: number[] = [];
    // A batch of ten (from `gatherFrom` up): the next read waits out the gather, and five appends made meanwhile
    // arrive as one batch.
    const busy = await appendCounted(store, 10);
    const runner = createProjectorRunner({
      store,
      db,
      batchSize: 500,
      gatherMs: 2000,
      gatherFrom: 8,
      projections: [countingProjection()],
      onBatch: (_name, events) => batches.push(events),
    });
    await runner.start();
    await runner.reached(busy);
    let last = '';
    for (let i = 0; i < 5; i++) last = await one(`g:${i}`);
    await runner.reached(last);
    expect(batches).toEqual([10, 5]);
    // Batches below `gatherFrom`: each next read at once (a gather here would hold `reached` for 2 s at a time; the test
    // would still pass, so the order of batches is what it checks: one per append).
    for (let i = 0; i < 3; i++) await runner.reached(await one(`lone:${i}`));
    await runner.stop();
    expect(batches).toEqual([10, 5, 1, 1, 1]);
    expect(await counts(db)).toEqual({ rows: '18', max: 1 });
  });

  it("commits a live batch without waiting for the WAL flush on PostgreSQL, and leaves the pool's sessions as they were", async () => {
    const last = await appendCounted(store, 20);
    const modes: string[] = [];
    const runner = createProjectorRunner({
      store,
      db,
      projections: [
        {
          ...countingProjection(),
          async applyBatch(tx, events) {
            const { rows } = await tx.query<{ mode: string }>("SELECT current_setting('synchronous_commit') AS mode");
            modes.push(rows[0]!.mode);
            return countingProjection().applyBatch(tx, events);
          },
        },
      ],
    });
    await runner.start();
    await runner.reached(last);
    await runner.stop();
    // Read models are derived from the log and commit with their checkpoints: a crash loses both, and they are applied
    // again. The log itself is appended with the server's setting (on).
    expect(new Set(modes)).toEqual(new Set([db.kind === 'pg' ? 'off' : 'on']));
    const { rows } = await db.query<{ mode: string }>("SELECT current_setting('synchronous_commit') AS mode");
    expect(rows[0]!.mode).toBe('on');
  });

  it('leaves the checkpoint of a read model with nothing in a batch alone, and writes it once caught up', async () => {
    const last = await appendCounted(store, 300);
    // The checkpoints each batch's statement locks and moves ($1 of the runner's checkpoint statement).
    const moved: string[][] = [];
    const watched: Database = {
      ...db,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            query: (text, params) => {
              if (text.includes('FROM projection_checkpoints WHERE name = ANY($1)')) moved.push([...(params![0] as string[])]);
              return tx.query(text, params);
            },
            copyIn: (table, columns, data) => tx.copyIn(table, columns, data),
          }),
        ),
    };
    const other: Projection = {
      ...countingProjection(),
      name: 'other-types',
      tables: [],
      handles: new Set(['NotCounted']),
      applyBatch: async () => [],
    };
    // A long idle-checkpoint bound: the row of 'other-types' moves only when the runner goes idle, however slow the batches.
    const runner = createProjectorRunner({
      store,
      db: watched,
      batchSize: 50,
      idleCheckpointMs: 60_000,
      projections: [countingProjection(), other],
    });
    await runner.start();
    await runner.reached(last);
    await runner.idle();
    await runner.stop();
    expect(await counts(db)).toEqual({ rows: '300', max: 1 });
    // Six batches for 'counting'; 'other-types' only when the runner went idle.
    const counting = moved.filter((names) => names.includes('counting')).length;
    expect(counting).toBeGreaterThanOrEqual(6);
    expect(moved.filter((names) => names.includes('other-types')).length).toBeLessThan(counting);
    const { rows } = await db.query<{ name: string; position: string }>(
      "SELECT name, position FROM projection_checkpoints WHERE name IN ('counting', 'other-types') ORDER BY name",
    );
    expect(rows).toEqual([
      { name: 'counting', position: last },
      { name: 'other-types', position: last },
    ]);
  });

  it('rebuilds a read model from zero into fresh tables and swaps it in', async () => {
    await appendCounted(store, 200);
    const runner = createProjectorRunner({ store, db, projections: [countingProjection()] });
    await runner.start();
    await runner.idle();
    await runner.stop();
    await db.query('UPDATE applied SET n = 99');
    const last = await appendCounted(store, 30);
    await rebuildProjection({ store, db, projection: countingProjection() });
    expect(await counts(db)).toEqual({ rows: '230', max: 1 });
    const checkpoint = await db.query<{ position: string }>("SELECT position FROM projection_checkpoints WHERE name = 'counting'");
    expect(checkpoint.rows[0]!.position).toBe(last);
    const leftovers = await db.query("SELECT 1 FROM projection_checkpoints WHERE name LIKE 'counting@%'");
    expect(leftovers.rowCount).toBe(0);
  });
});
