import type { EventStore, RecordedEvent } from '@evergrade/platform/event-store';
import type { NoticeBus } from '@evergrade/platform/bus';
import type { Database } from '@evergrade/platform/sql';
import { advanceCheckpoint, migrateCheckpoints, readCheckpoint, resetIfOutdated } from './checkpoints';
import type { Projection } from './projection';

export type RunnerOptions = {
  store: EventStore;
  db: Database;
  bus?: NoticeBus;
  projections: readonly Projection[];
  batchSize?: number;
  /** Safety-net poll; appends also wake the runner through LISTEN. */
  pollMs?: number;
  /** Build into this schema instead of public (rebuilds); checkpoints get the suffix `@schema`. */
  schema?: string;
  log?: (message: string, err?: unknown) => void;
};

export type ProjectorRunner = {
  start(): Promise<void>;
  /** Stops at the next event boundary; a batch in flight is rolled back, never half applied. */
  stop(): Promise<void>;
  /** Resolves when every projection has no more events to read right now. */
  idle(): Promise<void>;
  /** Resolves when every projection has applied the event at `position`. */
  reached(position: string): Promise<void>;
};

class Aborted extends Error {}
class CheckpointMoved extends Error {}

export const EVENTS_CHANNEL = 'evergrade_events';

export function createProjectorRunner(options: RunnerOptions): ProjectorRunner {
  const { store, db, bus, projections, batchSize = 500, pollMs = 250, schema } = options;
  const log = options.log ?? ((m, e) => console.error(m, e ?? ''));
  let stopping = false;
  let wakers: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];
  const idleFlags = new Map<string, boolean>();
  const positions = new Map<string, string | null>();
  let positionWaiters: { position: string; resolve: () => void }[] = [];
  const passed = (position: string) => [...positions.values()].every(
    (c) => c !== null && store.comparePositions(c as never, position as never) >= 0,
  );
  const settlePositionWaiters = () => {
    positionWaiters = positionWaiters.filter((w) => (passed(w.position) ? (w.resolve(), false) : true));
  };
  const loops: Promise<void>[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  /** Where the event log and live read models are: `public`, or a test's isolated schema. */
  let home = 'public';

  const wakeAll = () => { const w = wakers; wakers = []; w.forEach((f) => f()); };
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); resolve(); }
    wakers.push(done);
  });
  const setIdle = (name: string, idle: boolean) => {
    idleFlags.set(name, idle);
    if ([...idleFlags.values()].every(Boolean)) { const w = idleWaiters; idleWaiters = []; w.forEach((f) => f()); }
  };

  async function applyBatch(p: Projection, checkpointName: string, from: string | null, events: RecordedEvent[]) {
    const last = events[events.length - 1]!;
    const touched = new Map<string, Set<string>>();
    await db.transaction(async (tx) => {
      if (schema) await tx.query(`SET LOCAL search_path TO "${schema}", "${home}"`);
      if (!(await advanceCheckpoint(tx, checkpointName, from, last.globalPosition))) throw new CheckpointMoved();
      for (const t of await p.applyBatch(tx, events)) {
        const keys = touched.get(t.tenant) ?? new Set<string>();
        t.keys.forEach((k) => keys.add(k));
        touched.set(t.tenant, keys);
      }
      // A stop while the batch was being applied rolls it back whole.
      if (stopping) throw new Aborted();
    });
    if (bus) {
      for (const [tenant, keys] of touched) {
        await bus.publish({ projection: p.name, tenant, keys: [...keys], position: last.globalPosition });
      }
    }
    return last.globalPosition;
  }

  const checkpointNameOf = (p: Projection) => (schema ? `${p.name}@${schema}` : p.name);
  const lowest = (ps: readonly Projection[]): string | null => {
    let low: string | null | undefined;
    for (const p of ps) {
      const c = positions.get(p.name) ?? null;
      if (c === null) return null;
      if (low === undefined || store.comparePositions(c as never, low as never) < 0) low = c;
    }
    return low ?? null;
  };

  /**
   * One loop feeds every projection from one read, each in its own transaction with its own checkpoint.
   * Separate loops would each hold a write transaction open while the others read, and readAll stops at
   * the oldest open transaction, so they would keep delaying each other.
   */
  async function run() {
    const failures = new Map<string, number>();
    const retryAt = new Map<string, number>();
    for (const p of projections) positions.set(p.name, await readCheckpoint(db, checkpointNameOf(p)));
    while (!stopping) {
      const now = Date.now();
      const ready = projections.filter((p) => (retryAt.get(p.name) ?? 0) <= now);
      let events: RecordedEvent[] = [];
      try {
        if (ready.length > 0) events = await store.readAll({ after: (lowest(ready) ?? undefined) as never, limit: batchSize });
      } catch (err) {
        log('projectors: reading the log failed, retrying', err);
        await sleep(1000);
        continue;
      }
      if (events.length === 0) {
        projections.forEach((p) => setIdle(p.name, retryAt.size === 0));
        await sleep(retryAt.size > 0 ? Math.min(pollMs, Math.max(0, Math.min(...retryAt.values()) - now)) : pollMs);
        continue;
      }
      projections.forEach((p) => setIdle(p.name, false));
      // In parallel, each in its own transaction; the next read waits until all have committed.
      const outcomes = await Promise.all(ready.map(async (p) => {
        const from = positions.get(p.name) ?? null;
        const pending = from === null ? events : events.filter((e) => store.comparePositions(e.globalPosition, from as never) > 0);
        if (pending.length === 0) return 'ok';
        try {
          positions.set(p.name, await applyBatch(p, checkpointNameOf(p), from, pending));
          failures.delete(p.name);
          retryAt.delete(p.name);
          return 'ok';
        } catch (err) {
          if (err instanceof Aborted || stopping) return 'stopped';
          if (!(err instanceof CheckpointMoved)) {
            const n = (failures.get(p.name) ?? 0) + 1;
            failures.set(p.name, n);
            retryAt.set(p.name, Date.now() + Math.min(5000, 100 * 2 ** n));
            log(`projection ${p.name}: batch failed (attempt ${n}), retrying`, err);
          }
          positions.set(p.name, await readCheckpoint(db, checkpointNameOf(p)));
          return 'failed';
        }
      }));
      if (outcomes.includes('stopped')) return;
      settlePositionWaiters();
    }
  }

  return {
    async start() {
      await migrateCheckpoints(db);
      home = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public';
      if (schema) await db.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      for (const p of projections) {
        if (schema) {
          await db.transaction(async (tx) => {
            await tx.query(`SET LOCAL search_path TO "${schema}", "${home}"`);
            await p.migrate(tx);
          });
        } else {
          await db.transaction(async (tx) => {
            if (await resetIfOutdated(tx, p.name, p.version, p.tables)) log(`projection ${p.name}: version ${p.version}, rebuilding from zero`);
            await p.migrate(tx);
          });
        }
        idleFlags.set(p.name, false);
        positions.set(p.name, null);
      }
      unlisten = await db.listen(EVENTS_CHANNEL, wakeAll);
      loops.push(run());
    },
    async stop() {
      stopping = true;
      wakeAll();
      await Promise.all(loops);
      await unlisten?.();
      const w = idleWaiters; idleWaiters = []; w.forEach((f) => f());
      positionWaiters.forEach((p) => p.resolve());
      positionWaiters = [];
    },
    idle() {
      if (stopping || (idleFlags.size > 0 && [...idleFlags.values()].every(Boolean))) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    reached(position) {
      if (stopping || passed(position)) return Promise.resolve();
      return new Promise((resolve) => positionWaiters.push({ position, resolve }));
    },
  };
}
