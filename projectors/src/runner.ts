import type { EventStore, RecordedEvent } from '@evergrade/platform/event-store';
import type { NoticeBus } from '@evergrade/platform/bus';
import type { Database } from '@evergrade/platform/sql';
import { advanceCheckpoint, migrateCheckpoints, readCheckpoint } from './checkpoints';
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
      for (const event of events) {
        if (stopping) throw new Aborted();
        const t = await p.apply(tx, event);
        if (!t) continue;
        const keys = touched.get(t.tenant) ?? new Set<string>();
        t.keys.forEach((k) => keys.add(k));
        touched.set(t.tenant, keys);
      }
    });
    if (bus) {
      for (const [tenant, keys] of touched) {
        await bus.publish({ projection: p.name, tenant, keys: [...keys], position: last.globalPosition });
      }
    }
    return last.globalPosition;
  }

  async function run(p: Projection) {
    const checkpointName = schema ? `${p.name}@${schema}` : p.name;
    let checkpoint = await readCheckpoint(db, checkpointName);
    positions.set(p.name, checkpoint);
    let failures = 0;
    while (!stopping) {
      try {
        const events = await store.readAll({ after: (checkpoint ?? undefined) as never, limit: batchSize });
        if (events.length === 0) {
          setIdle(p.name, true);
          await sleep(pollMs);
          continue;
        }
        setIdle(p.name, false);
        checkpoint = await applyBatch(p, checkpointName, checkpoint, events);
        positions.set(p.name, checkpoint);
        settlePositionWaiters();
        failures = 0;
      } catch (err) {
        if (err instanceof Aborted || stopping) break;
        if (!(err instanceof CheckpointMoved)) {
          failures++;
          log(`projection ${p.name}: batch failed (attempt ${failures}), retrying`, err);
          await sleep(Math.min(5000, 100 * 2 ** failures));
        }
        checkpoint = await readCheckpoint(db, checkpointName);
        positions.set(p.name, checkpoint);
      }
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
          await p.migrate(db);
        }
        idleFlags.set(p.name, false);
        positions.set(p.name, null);
      }
      unlisten = await db.listen(EVENTS_CHANNEL, wakeAll);
      for (const p of projections) loops.push(run(p));
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
