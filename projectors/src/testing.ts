/**
 * What the projectors' integration tests share: the databases they run on, event logs built from domain events,
 * table dumps, a statement-counting client and the batch-contract checks. Tables are named only through
 * `projection.tables` (see ownership.unit.test.ts): no SQL here names a read model's table.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import type { EventStore, GlobalPosition, RecordedEvent } from '@evergrade/platform/event-store';
import { createIsolatedSchema, openPgliteDatabase, openPostgresDatabase, type Database, type SqlClient } from '@evergrade/platform/sql';
import { rowSetsOf, type BatchProjectionDefinition, type Projection, type Touched } from './projection';

/** A database a test opened, and how to close (and, on PostgreSQL, drop) it. */
export type OpenDatabase = { db: Database; dispose(): Promise<void> };
export type Backend = { open(): Promise<OpenDatabase> };

/**
 * The databases a test runs on: PGlite always, and PostgreSQL in a fresh schema named after `schemaPrefix` (dropped
 * on dispose) when DATABASE_URL is set. For `describe.each(backends(...))`.
 */
export function testBackends(schemaPrefix: string): [string, Backend][] {
  const databaseUrl = process.env.DATABASE_URL;
  const pglite: Backend = {
    open: async () => {
      const db = await openPgliteDatabase({});
      return { db, dispose: () => db.close() };
    },
  };
  if (!databaseUrl) return [['PGlite', pglite]];
  const postgres: Backend = {
    open: async () => {
      const schema = await createIsolatedSchema(databaseUrl, schemaPrefix);
      const db = openPostgresDatabase({ connectionString: schema.connectionString });
      return {
        db,
        dispose: async () => {
          await db.close();
          await schema.drop();
        },
      };
    },
  };
  return [
    ['PGlite', pglite],
    ['PostgreSQL', postgres],
  ];
}

/** A database of `backend` with the projections' tables created. */
export async function openMigrated(backend: Backend, projections: readonly Projection[]): Promise<OpenDatabase> {
  const opened = await backend.open();
  for (const p of projections) await p.migrate(opened.db);
  return opened;
}

/**
 * Two databases of `backend` with the projections' tables, for a describe block: opened once, emptied before each
 * test, closed after the block. `one` and `many` are set once the block's tests run.
 */
export function twoMigratedDatabases(backend: Backend, projections: readonly Projection[]): { one: OpenDatabase; many: OpenDatabase } {
  const dbs = {} as { one: OpenDatabase; many: OpenDatabase };
  beforeAll(async () => {
    dbs.one = await openMigrated(backend, projections);
    dbs.many = await openMigrated(backend, projections);
  });
  beforeEach(async () => {
    await clearTables(dbs.one.db, projections);
    await clearTables(dbs.many.db, projections);
  });
  afterAll(async () => {
    await dbs.one?.dispose();
    await dbs.many?.dispose();
  });
  return dbs;
}

/** The global position of the n-th event of a log (from 1). */
export const positionOf = (n: number) => String(n).padStart(20, '0') as GlobalPosition;

/**
 * The events, each on its tenant's stream (`s:<tenant>:<i>`, version 1), with increasing positions from 1; `shape`
 * overrides fields of the i-th event (from 0).
 */
export function recordedLog(
  spec: [tenant: string, event: DomainEvent][],
  shape: (tenant: string, event: DomainEvent, i: number) => Partial<RecordedEvent> = () => ({}),
): RecordedEvent[] {
  return spec.map(([tenant, event], i) => ({
    eventId: crypto.randomUUID(),
    type: event.type,
    schemaVersion: 1,
    data: event.data as Record<string, unknown>,
    metadata: { tenant },
    streamId: `s:${tenant}:${i}`,
    streamVersion: 1,
    globalPosition: positionOf(i + 1),
    recordedAt: new Date(),
    ...shape(tenant, event, i),
  }));
}

/** Every row of every table of the projection, as JSON, in a fixed order. */
export async function dumpTables(db: SqlClient, p: Projection): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of p.tables) {
    const { rows } = await db.query<{ r: string }>(`SELECT to_jsonb(t.*)::text AS r FROM ${table} t`);
    out[table] = rows.map((x) => JSON.parse(x.r)).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  }
  return out;
}

/** Empties every table of the projections. */
export async function clearTables(db: SqlClient, projections: readonly Projection[]): Promise<void> {
  for (const p of projections) for (const table of p.tables) await db.query(`DELETE FROM ${table}`);
}

/** A client that counts the statements naming each table: reads (SELECT … FROM t) and writes (INSERT INTO t, DELETE FROM t). */
export function countingClient(tx: SqlClient, tables: readonly string[]) {
  const reads = new Map<string, number>();
  const writes = new Map<string, number>();
  const client = {
    query: (sql: string, params?: unknown[]) => {
      for (const t of tables) {
        const quoted = `(?:"${t}"|\\b${t}\\b)`;
        if (new RegExp(`^\\s*(INSERT INTO|DELETE FROM|UPDATE)\\s+${quoted}`, 'i').test(sql)) writes.set(t, (writes.get(t) ?? 0) + 1);
        else if (new RegExp(`FROM\\s+${quoted}`, 'i').test(sql)) reads.set(t, (reads.get(t) ?? 0) + 1);
      }
      return tx.query(sql, params);
    },
  } as SqlClient;
  return { client, reads, writes };
}

/** The notices of a run, per tenant, as sets of keys (what the runner publishes). */
export const noticeSets = (touched: Touched[]) => {
  const m = new Map<string, Set<string>>();
  for (const t of touched) {
    const s = m.get(t.tenant) ?? new Set();
    t.keys.forEach((k) => s.add(k));
    m.set(t.tenant, s);
  }
  return Object.fromEntries([...m].map(([k, v]) => [k, [...v].sort()]));
};

/** Applies the events one per batch (one transaction each) and returns every batch's notices, in order. */
export async function applyOneByOne(db: Database, p: Projection, events: readonly RecordedEvent[]): Promise<Touched[]> {
  const touched: Touched[] = [];
  for (const e of events) touched.push(...(await db.transaction((tx) => p.applyBatch(tx, [e]))));
  return touched;
}

/**
 * From empty, batches of each size leave the `expected` tables, every batch reading each table at most once and
 * writing it at most twice (one delete, one upsert).
 */
export async function expectBatchesOfSizes(
  db: Database,
  p: Projection,
  events: readonly RecordedEvent[],
  expected: Record<string, unknown[]>,
  sizes: readonly number[],
): Promise<void> {
  for (const size of sizes) {
    await clearTables(db, [p]);
    for (let i = 0; i < events.length; i += size) {
      await db.transaction(async (tx) => {
        const { client, reads, writes } = countingClient(tx, p.tables);
        await p.applyBatch(client, events.slice(i, i + size));
        for (const n of reads.values()) expect(n).toBeLessThanOrEqual(1);
        for (const n of writes.values()) expect(n).toBeLessThanOrEqual(2);
      });
    }
    expect(await dumpTables(db, p)).toEqual(expected);
  }
  if (p.bulk) await expectBulkBuild(db, p, events, expected, sizes);
  const definition = (p as { definition?: { carryLive?: readonly string[] } }).definition;
  if (p.live && (definition?.carryLive?.length ?? 0) > 0) await expectLiveBatches(db, p, events, expected, sizes);
}

/** Applies the batch in a transaction that then throws, so it rolls back (as a failed batch does in the runner). */
async function expectRolledBack(
  db: Database,
  applier: { applyBatch(tx: SqlClient, events: readonly RecordedEvent[]): Promise<unknown> },
  batch: readonly RecordedEvent[],
): Promise<void> {
  await expect(
    db.transaction(async (tx) => {
      await applier.applyBatch(tx, batch);
      throw new Error('rolled back on purpose');
    }),
  ).rejects.toThrow('rolled back on purpose');
}

/**
 * The live runner's applier (`Projection.live`: rows of `carryLive` sets kept from batch to batch) leaves the
 * `expected` tables: in batches of each size, each batch reading each table at most once; with a batch rolled back
 * half-way (discarded, then applied again, as the runner does); with the kept rows let go after every batch
 * (`maxRows` 1); and with another writer applying a stretch of batches in the middle (after which the runner discards).
 */
export async function expectLiveBatches(
  db: Database,
  p: Projection,
  events: readonly RecordedEvent[],
  expected: Record<string, unknown[]>,
  sizes: readonly number[],
): Promise<void> {
  type Run = { size: number; maxRows?: number; rollBackAt?: number; otherWriter?: boolean; what: string };
  const half = Math.floor(events.length / 2);
  const runs: Run[] = [
    ...sizes.map((size) => ({ size, what: `live batches of ${size}` })),
    { size: sizes[0]!, rollBackAt: half, what: 'live, one batch rolled back' },
    { size: sizes[0]!, maxRows: 1, what: 'live, rows let go after each batch' },
    { size: sizes[0]!, otherWriter: true, what: 'live, another writer in the middle' },
  ];
  for (const { size, maxRows, rollBackAt, otherWriter, what } of runs) {
    await clearTables(db, [p]);
    const applier = p.live!(maxRows === undefined ? {} : { maxRows });
    let rolledBack = false;
    for (let i = 0; i < events.length; i += size) {
      const batch = events.slice(i, i + size);
      if (!rolledBack && rollBackAt !== undefined && i + size > rollBackAt) {
        rolledBack = true;
        await expectRolledBack(db, applier, batch);
        applier.discard();
      }
      if (otherWriter && i >= half / 2 && i < half) {
        await db.transaction((tx) => p.applyBatch(tx, batch));
        applier.discard();
        continue;
      }
      await db.transaction(async (tx) => {
        const { client, reads } = countingClient(tx, p.tables);
        await applier.applyBatch(client, batch);
        for (const n of reads.values()) expect(n, what).toBeLessThanOrEqual(1);
      });
    }
    expect(await dumpTables(db, p), what).toEqual(expected);
  }
}

/**
 * A rebuild's build (`Projection.bulk`: rows kept from batch to batch, their writes kept back until `finish`) from
 * empty tables leaves the `expected` tables: in batches of each size; with a batch rolled back half-way (discarded:
 * rows kept back are lost, so the build starts over from empty tables, as the runner does); with the kept rows let go
 * after every batch (`maxRows` 1), so later batches read back what earlier ones wrote; and writing every batch.
 */
export async function expectBulkBuild(
  db: Database,
  p: Projection,
  events: readonly RecordedEvent[],
  expected: Record<string, unknown[]>,
  sizes: readonly number[],
): Promise<void> {
  expect(p.bulk).toBeDefined();
  type Run = { size: number; options: { maxRows?: number; deferWrites?: boolean }; rollBackAt: number; what: string };
  const runs: Run[] = [
    ...sizes.map((size) => ({ size, options: {}, rollBackAt: -1, what: `batches of ${size}` })),
    { size: sizes[0]!, options: {}, rollBackAt: Math.floor(events.length / 2), what: 'one batch rolled back' },
    { size: sizes[0]!, options: { maxRows: 1 }, rollBackAt: -1, what: 'rows let go after each batch' },
    {
      size: sizes[0]!,
      options: { deferWrites: false },
      rollBackAt: Math.floor(events.length / 2),
      what: 'writing every batch, one rolled back',
    },
  ];
  for (const { size, options, rollBackAt, what } of runs) {
    await clearTables(db, [p]);
    let applier = p.bulk!(options);
    let rolledBack = false;
    for (let i = 0; i < events.length; i += size) {
      const batch = events.slice(i, i + size);
      if (!rolledBack && rollBackAt >= 0 && i + size > rollBackAt) {
        rolledBack = true;
        await expectRolledBack(db, applier, batch);
        if (applier.discard()) {
          await clearTables(db, [p]);
          applier = p.bulk!({ ...options, deferWrites: false });
          i = -size;
          continue;
        }
      }
      await db.transaction((tx) => applier.applyBatch(tx, batch));
    }
    await db.transaction((tx) => applier.finish(tx));
    expect(await dumpTables(db, p), what).toEqual(expected);
  }
}

/** The events in one batch read each table at most once (and some table at all) and write it at most twice. */
export async function expectOneReadPerTable(db: Database, p: Projection, events: readonly RecordedEvent[]): Promise<void> {
  await db.transaction(async (tx) => {
    const { client, reads, writes } = countingClient(tx, p.tables);
    await p.applyBatch(client, events);
    expect([...reads.values()].every((n) => n <= 1)).toBe(true);
    expect([...writes.values()].every((n) => n <= 2)).toBe(true);
    expect(reads.size).toBeGreaterThan(0);
  });
}

/**
 * Runs a batch projection's contract by hand over the events in one transaction (load, evolve each, save) and
 * returns its state; `afterLoad` sees the state between load and evolve, to count the statements load issued.
 */
export async function foldByHand(
  db: Database,
  p: Projection,
  events: readonly RecordedEvent[],
  afterLoad: (state: object) => void,
): Promise<object> {
  const def = (p as Projection & { definition?: BatchProjectionDefinition<object> }).definition;
  if (!def) throw new Error(`${p.name} is not a batch projection`);
  const state = def.init();
  await db.transaction(async (tx) => {
    await def.load(tx, state, events);
    afterLoad(state);
    for (const event of events) def.evolve(state, event);
    if (def.save) await def.save(tx, state);
    else for (const s of rowSetsOf(state)) await s.flush(tx);
  });
  return state;
}

/** Appends `total` (a multiple of 10) `Counted` events, ten per append over seven streams; the last position. */
export async function appendCounted(store: EventStore, total: number): Promise<string> {
  let last = '';
  for (let i = 0; i < total; i += 10) {
    const r = await store.append(
      `s:t:${i % 7}`,
      Array.from({ length: 10 }, (_, j) => ({ type: 'Counted', data: { i: i + j } })),
      { expectedVersion: 'any' },
    );
    last = r.lastPosition;
  }
  return last;
}
