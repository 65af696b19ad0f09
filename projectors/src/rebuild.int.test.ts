import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import { createInProcessBus, type ProjectionNotice } from '@evergrade/platform/bus';
import type { Database, SqlClient } from '@evergrade/platform/sql';
import { createProjectorRunner } from './runner';
import type { Projection } from './projection';
import { appendCounted, testBackends } from './testing';
import { REBUILD_REQUESTED, REBUILD_STREAM } from './rebuild-status';

/**
 * Counts each event into `applied`, adding `weight` per application. While `held()` is true every batch fails (and is
 * retried): a batch cannot wait inside its transaction, which would hold PGlite's one connection.
 */
function counting(opts: { version?: number; weight?: number; held?: () => boolean } = {}): Projection {
  const weight = opts.weight ?? 1;
  return {
    name: 'counting',
    version: opts.version ?? 1,
    tables: ['applied'],
    async migrate(db: SqlClient) {
      await db.query('CREATE TABLE IF NOT EXISTS applied (event_id uuid PRIMARY KEY, n integer NOT NULL)');
    },
    async applyBatch(tx, events) {
      if (opts.held?.()) throw new Error('held');
      await tx.query(
        `INSERT INTO applied (event_id, n) SELECT id, $2 FROM unnest($1::uuid[]) AS u(id)
         ON CONFLICT (event_id) DO UPDATE SET n = applied.n + $2`,
        [events.map((e) => e.eventId), weight],
      );
      return [{ tenant: 't', keys: ['k'] }];
    },
  };
}

const counts = async (db: Database) =>
  (await db.query<{ rows: number; max: number | null }>('SELECT count(*)::int AS rows, max(n) AS max FROM applied')).rows[0]!;
const checkpoint = async (db: Database) =>
  (
    await db.query<{ position: string | null; version: number | null }>(
      "SELECT position, version FROM projection_checkpoints WHERE name = 'counting'",
    )
  ).rows[0]!;

const backends = testBackends('rebuild');
// The path a store whose events live outside the database takes (KurrentDB): the swap reads them through the store.
// On PostgreSQL only: PGlite's one connection, held by the swap's transaction, cannot serve the store's read.
type Backend = (typeof backends)[number][1];
const postgres = backends.find(([name]) => name === 'PostgreSQL')?.[1];
const cases: [string, Backend, boolean][] = [
  ...backends.map(([name, backend]): [string, Backend, boolean] => [name, backend, true]),
  ...(postgres ? [['PostgreSQL, events read through the store interface only', postgres, false] as [string, Backend, boolean]] : []),
];

describe.each(cases)('rebuilds with no downtime on %s', (_name, backend, eventsInDatabase) => {
  let db: Database;
  let store: EventStore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ db, dispose } = await backend.open());
    const sql = await createSqlEventStore(db);
    store = eventsInDatabase ? sql : { ...sql, eventsInDatabase: false };
  });
  afterEach(async () => {
    await store.close();
    await dispose();
  });

  it('a version bump at start keeps serving the old tables until the new version is swapped in, then announces it', async () => {
    await appendCounted(store, 200);
    const v1 = createProjectorRunner({ store, db, projections: [counting()] });
    await v1.start();
    await v1.idle();
    await v1.stop();
    expect(await counts(db)).toEqual({ rows: 200, max: 1 });

    let held = true;
    const bus = createInProcessBus();
    const notices: ProjectionNotice[] = [];
    await bus.subscribe((n) => {
      notices.push(n);
    });
    const v2 = createProjectorRunner({
      store,
      db,
      bus,
      log: () => {},
      projections: [counting({ version: 2, weight: 10, held: () => held })],
    });
    await v2.start();
    const last = await appendCounted(store, 30);
    // The new version is held back: the old tables answer, whole, with the old version's checkpoint.
    expect(await counts(db)).toEqual({ rows: 200, max: 1 });
    expect((await checkpoint(db)).version).toBe(1);
    held = false;
    await v2.reached(last);
    expect(await counts(db)).toEqual({ rows: 230, max: 10 });
    expect(await checkpoint(db)).toEqual({ position: last, version: 2 });
    expect(notices).toContainEqual(expect.objectContaining({ projection: 'counting', tenant: '*', keys: ['*'] }));
    const leftovers = await db.query("SELECT 1 FROM projection_checkpoints WHERE name LIKE 'counting@%'");
    expect(leftovers.rowCount).toBe(0);
    await expect
      .poll(
        async () =>
          (await db.query("SELECT 1 FROM information_schema.schemata WHERE starts_with(schema_name, current_schema() || '_rebuild_')"))
            .rowCount,
      )
      .toBe(0);
    await v2.stop();
  });

  it('rebuilds while the live runner keeps applying new events, and neither steps back nor applies an event twice', async () => {
    await appendCounted(store, 300);
    const live = createProjectorRunner({ store, db, batchSize: 50, projections: [counting()] });
    await live.start();
    await live.idle();
    await db.query('UPDATE applied SET n = 99');
    let writing = true;
    const until = Date.now() + 2000;
    const writer = (async () => {
      while (writing && Date.now() < until) await appendCounted(store, 10);
    })();
    await live.rebuild(['counting']);
    writing = false;
    await writer;
    const last = await appendCounted(store, 10);
    await live.reached(last);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    expect(await counts(db)).toEqual({ rows: rows[0]!.n, max: 1 });
    const status = await db.query<{ status: string; events_done: string; events_total: string }>(
      "SELECT status, events_done::text, events_total::text FROM projection_rebuilds WHERE name = 'counting'",
    );
    expect(status.rows[0]).toMatchObject({ status: 'swapped' });
    expect(Number(status.rows[0]!.events_done)).toBeGreaterThanOrEqual(300);
    await live.stop();
  });

  it('picks up a rebuild request from the log, once', async () => {
    await appendCounted(store, 50);
    const live = createProjectorRunner({ store, db, projections: [counting()] });
    await live.start();
    await live.idle();
    await db.query('UPDATE applied SET n = 99');
    const request = await store.append(REBUILD_STREAM, [{ type: REBUILD_REQUESTED, data: { projection: '*' } }], {
      expectedVersion: 'any',
    });
    await expect
      .poll(
        async () =>
          (
            await db.query<{ status: string; request_position: string }>(
              "SELECT status, request_position FROM projection_rebuilds WHERE name = 'counting'",
            )
          ).rows[0],
        { timeout: 30_000 },
      )
      .toEqual({ status: 'swapped', request_position: request.lastPosition });
    expect(await counts(db)).toEqual({ rows: 51, max: 1 });
    await live.stop();
  });
});
