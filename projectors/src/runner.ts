import { randomUUID } from 'node:crypto';
import { createSleeper, type EventStore, type RecordedEvent } from '@evergrade/platform/event-store';
import type { NoticeBus } from '@evergrade/platform/bus';
import type { Database, SqlClient } from '@evergrade/platform/sql';
import { advanceCheckpoint, checkpointState, migrateCheckpoints, readCheckpoint } from './checkpoints';
import type { BulkApplier, LiveApplier, Projection, Touched } from './projection';
import { handledTypes, rebuildProjections, type RebuildProgress } from './rebuild';
import { ALL_PROJECTIONS, REBUILD_REQUESTED, claimRebuildRequest, migrateRebuildStatus } from './rebuild-status';

export type RunnerOptions = {
  store: EventStore;
  db: Database;
  bus?: NoticeBus;
  projections: readonly Projection[];
  batchSize?: number;
  /** Safety-net poll; appends also wake the runner through LISTEN. */
  pollMs?: number;
  /** How long a live read model's checkpoint row may lag behind batches that held none of its events (IDLE_CHECKPOINT_MS). */
  idleCheckpointMs?: number;
  /** Build into this schema instead of public (rebuilds); checkpoints get the suffix `@schema`. */
  schema?: string;
  /**
   * The tables start empty and this runner is their only writer (a rebuild's shadow build): projections may keep rows
   * in memory from batch to batch (`Projection.bulk`) instead of reading back what they wrote.
   */
  bulk?: boolean;
  /** After the tables are made (migrations run), before the first batch. */
  onMigrated?: () => Promise<void>;
  /**
   * Under load, the next live read starts at least this long after the one before (default GATHER_MS; 0: at once),
   * once a batch held `gatherFrom` events or more (default GATHER_FROM) and less than a full page.
   */
  gatherMs?: number;
  gatherFrom?: number;
  /** After each committed batch of a projection: how many events it went through (rebuild progress). */
  onBatch?: (name: string, events: number, position: string) => void;
  log?: (message: string, err?: unknown) => void;
};

export type ProjectorRunner = {
  start(): Promise<void>;
  /** Stops at the next event boundary; a batch in flight is rolled back, never half applied. */
  stop(): Promise<void>;
  /** Resolves when every projection has no more events to read right now (one waiting for its new version: once swapped in). */
  idle(): Promise<void>;
  /** Resolves when every projection has applied the event at `position`. */
  reached(position: string): Promise<void>;
  /**
   * Rebuilds these read models (all when empty) in a shadow schema while the live tables keep serving, then swaps
   * them in (rebuild.ts). Rebuilds run one after another; a projection already waiting for one is not queued twice.
   */
  rebuild(names?: readonly string[], onProgress?: (progress: RebuildProgress) => void): Promise<void>;
};

class Aborted extends Error {}
class ProjectionFailed extends Error {
  constructor(
    readonly projection: Projection,
    cause: unknown,
  ) {
    super(`projection ${projection.name} failed`, { cause });
  }
}

export const EVENTS_CHANNEL = 'evergrade_events';

/** After a wake-up whose read came back empty (an older transaction still open), read again this soon. */
const QUICK_RETRY_MS = [5, 10, 20, 40, 80];
/** How many pages a bulk build reads ahead of its slowest projection. */
const BULK_AHEAD = 3;
/** From this many events a batch goes to each projection in a transaction of its own (PostgreSQL). */
const PARALLEL_FROM = 1000;
/**
 * A live projection with none of its event types in a batch has nothing to write: its checkpoint row is left alone
 * (the batch's statement locks and moves only those that apply something) and catches up with the next batch it
 * applies, when the runner goes idle, or at the latest this long after it was last written. Short, because a query
 * asked to read its own writes (X-Min-Position, query-service/src/consistency.ts) waits for the rows of every read
 * model it reads: under a steady load this is the longest extra wait a read model no event touched can add to it.
 */
const IDLE_CHECKPOINT_MS = 100;
/**
 * Under a steady load a live runner lets a batch's events gather: after a batch of at least GATHER_FROM events (but
 * short of a full page), the next read starts no sooner than GATHER_MS after the one before it. Batches then hold
 * about twice the events for the same statements and round trips (on a virtual machine a query sent to PostgreSQL
 * costs Node about 100 µs of CPU, bench/README.md, stop 29). Notices still go out as each batch commits; a lone
 * command's events (a batch of a few) are read at once, as before.
 */
const GATHER_MS = 20;
const GATHER_FROM = 8;

export function createProjectorRunner(options: RunnerOptions): ProjectorRunner {
  const { store, db, bus, projections, batchSize = 500, pollMs = 250, schema, idleCheckpointMs = IDLE_CHECKPOINT_MS } = options;
  // A shadow build reads full pages: it never gathers.
  const gatherMs = schema ? 0 : (options.gatherMs ?? GATHER_MS);
  const gatherFrom = options.gatherFrom ?? GATHER_FROM;
  /** The live runner on PostgreSQL (a shadow build sets it in `enterShadow`). */
  const asyncCommit = db.kind === 'pg' && !schema;
  const appliers = new Map<string, BulkApplier>(
    options.bulk ? projections.flatMap((p) => (p.bulk ? [[p.name, p.bulk()] as const] : [])) : [],
  );
  /**
   * Live runner: each projection's applier that keeps rows from batch to batch (`Projection.live`). They hold only what
   * this runner wrote: `writer` below marks its checkpoint writes, and a checkpoint row last written by anyone else (a
   * swap, another runner) makes the projection's applier forget its rows before the batch.
   */
  const live = new Map<string, LiveApplier>(
    options.bulk || schema ? [] : projections.flatMap((p) => (p.live ? [[p.name, p.live()] as const] : [])),
  );
  const writer = randomUUID();
  const log = options.log ?? ((m, e) => console.error(m, e ?? ''));
  let stopping = false;
  let idleWaiters: (() => void)[] = [];
  const idleFlags = new Map<string, boolean>();
  const positions = new Map<string, string | null>();
  /**
   * Live runner: each checkpoint as this runner last read or wrote it, and when. `positions` may be ahead of it for a
   * projection whose batches held none of its event types (IDLE_CHECKPOINT_MS); the compare-and-set goes from here.
   */
  const stored = new Map<string, string | null>();
  const storedAt = new Map<string, number>();
  const setStored = (name: string, position: string | null) => {
    positions.set(name, position);
    stored.set(name, position);
    storedAt.set(name, Date.now());
  };
  /** Projections the loop applies; one whose new version is being built in a shadow schema waits outside. */
  const active = new Set<string>();
  let positionWaiters: { position: string; resolve: () => void }[] = [];
  const passed = (position: string) =>
    [...positions.values()].every((c) => c !== null && store.comparePositions(c as never, position as never) >= 0);
  const settlePositionWaiters = () => {
    positionWaiters = positionWaiters.filter((w) => (passed(w.position) ? (w.resolve(), false) : true));
  };
  const loops: Promise<void>[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  /** Where the event log and live read models are: `public`, or a test's isolated schema. */
  let home = 'public';
  let woken = false;
  /** Ends a rebuild in flight when the runner stops (its shadow schema is dropped; the live tables stay). */
  const stopped = new AbortController();

  const sleeper = createSleeper();
  const sleep = sleeper.sleep;
  const wakeAll = () => {
    woken = true;
    sleeper.wake();
  };
  const settleIdle = () => {
    if ([...idleFlags.values()].every(Boolean)) {
      const w = idleWaiters;
      idleWaiters = [];
      w.forEach((f) => f());
    }
  };
  const setIdle = (name: string, idle: boolean) => {
    idleFlags.set(name, idle);
    settleIdle();
  };

  /** `to`: where the checkpoint moves (default: the last event's position; a build's page may end past its events). */
  type Work = { p: Projection; from: string | null; events: RecordedEvent[]; to?: string };
  type Outcome = { w: Work; kind: 'ok'; touched: Touched[] } | { w: Work; kind: 'moved' | 'busy' };

  /**
   * One transaction for the whole batch: one connection, one statement that locks and advances the checkpoints, one COMMIT
   * however many read models there are (twelve parallel transactions waited on the pool and committed twelve times).
   * A projection whose checkpoint row is locked (a rebuild swapping it in, another runner) is skipped this round; one
   * whose checkpoint moved re-reads it. A projection that throws aborts the transaction: it backs off alone and the
   * others apply the batch again at once without it.
   */
  async function applyAll(work: readonly Work[]): Promise<Outcome[]> {
    return db.transaction(async (tx) => {
      if (schema) await enterShadow(tx);
      // One statement: lock the rows nobody else holds, and move those still where this runner left them. A live batch
      // on PostgreSQL also commits without waiting for the WAL flush (set in the same statement, no round trip of its
      // own): read models and their checkpoints are derived from the log and commit together, so a crash that loses
      // the last batches loses their checkpoints with them, and the runner applies those events again. The log's own
      // appends keep waiting for the flush.
      const names = work.map((w) => checkpointNameOf(w.p));
      // Each row also says whether this runner wrote it last (`writer`): if not, the tables may have changed under
      // rows a live applier keeps.
      const { rows } = await tx.query<{ name: string | null; moved: boolean | null; mine: boolean | null }>(
        `WITH free AS (SELECT name, position, writer FROM projection_checkpoints WHERE name = ANY($1) FOR UPDATE SKIP LOCKED),
         advanced AS (
           UPDATE projection_checkpoints c SET position = u.next, updated_at = now(), writer = $4::text
           FROM unnest($1::text[], $2::text[], $3::text[]) AS u(name, prev, next), free f
           WHERE c.name = u.name AND f.name = u.name AND f.position IS NOT DISTINCT FROM u.prev
           RETURNING c.name)
         SELECT f.name, (f.name NOT IN (SELECT name FROM advanced)) AS moved, f.writer IS NOT DISTINCT FROM $4::text AS mine
           FROM (SELECT ${asyncCommit ? "set_config('synchronous_commit', 'off', true)" : 'NULL'} AS commit_mode) m
           LEFT JOIN free f ON true`,
        [names, work.map((w) => w.from), work.map((w) => w.to ?? w.events[w.events.length - 1]!.globalPosition), writer],
      );
      for (const r of rows) if (r.name !== null && !r.mine) live.get(r.name)?.discard();
      const state = new Map(rows.flatMap((r) => (r.name === null ? [] : [[r.name, r.moved!] as const])));
      const outcomes: Outcome[] = [];
      for (const w of work) {
        const moved = state.get(checkpointNameOf(w.p));
        if (moved === undefined) {
          outcomes.push({ w, kind: 'busy' });
          continue;
        }
        if (moved) {
          outcomes.push({ w, kind: 'moved' });
          continue;
        }
        let touched: Touched[] = [];
        try {
          const applier = appliers.get(w.p.name) ?? live.get(w.p.name);
          // No events: only the checkpoint catches up (a live projection idle through earlier batches).
          if (w.events.length > 0) touched = await (applier ? applier.applyBatch(tx, w.events) : w.p.applyBatch(tx, w.events));
        } catch (err) {
          throw new ProjectionFailed(w.p, err);
        }
        // A stop while the batch was being applied rolls it back whole.
        if (stopping) throw new Aborted();
        outcomes.push({ w, kind: 'ok', touched });
      }
      return outcomes;
    });
  }

  /**
   * A shadow runner's transaction: its tables first on the search path, and (PostgreSQL) committed without waiting for
   * the WAL flush. A build is derived from the log and swapped in by a transaction of its own (rebuild.ts): a crash
   * that loses its last commits loses their checkpoint with them, and a crashed rebuild starts over anyway.
   */
  async function enterShadow(tx: SqlClient) {
    await tx.query(
      db.kind === 'pg'
        ? `SELECT set_config('search_path', $1, true), set_config('synchronous_commit', 'off', true)`
        : `SELECT set_config('search_path', $1, true)`,
      [`"${schema}", "${home}"`],
    );
  }

  /** After the commit: one notice per projection and tenant with the keys it touched. */
  async function announce(p: Projection, touched: readonly Touched[], position: string) {
    if (!bus) return;
    const byTenant = new Map<string, Set<string>>();
    for (const t of touched) {
      const keys = byTenant.get(t.tenant) ?? new Set<string>();
      t.keys.forEach((k) => keys.add(k));
      byTenant.set(t.tenant, keys);
    }
    for (const [tenant, keys] of byTenant) await bus.publish({ projection: p.name, tenant, keys: [...keys], position });
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

  // Rebuilds (live runner only): one at a time, queued.
  let rebuildChain: Promise<void> = Promise.resolve();
  const queued = new Set<string>();
  function rebuild(names: readonly string[], onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    const wanted = projections.filter((p) => (names.length === 0 || names.includes(p.name)) && !queued.has(p.name));
    if (wanted.length === 0) return rebuildChain;
    wanted.forEach((p) => queued.add(p.name));
    const job = rebuildChain.then(async () => {
      if (stopping) return;
      try {
        await rebuildProjections({
          store,
          db,
          bus,
          projections: wanted,
          log,
          signal: stopped.signal,
          ...(onProgress ? { onProgress } : {}),
          onSwapped: (name, position) => {
            // The live loop goes on from the swapped checkpoint (a projection that waited outside joins it now), with
            // the new tables: rows kept from the old ones are forgotten.
            live.get(name)?.discard();
            setStored(name, position);
            active.add(name);
            settlePositionWaiters();
            wakeAll();
          },
        });
      } finally {
        wanted.forEach((p) => queued.delete(p.name));
      }
    });
    rebuildChain = job.catch(() => {});
    return job;
  }

  /** Version bumps found at start: retried (with a pause) until the new version is in, since the old one no longer moves. */
  function rebuildOutdated(ps: readonly Projection[], attempt = 1): void {
    if (ps.length === 0) return;
    rebuild(ps.map((p) => p.name)).catch((err) => {
      if (stopping) return;
      log(`projections ${ps.map((p) => p.name).join(', ')}: rebuild of the new version failed (attempt ${attempt}), retrying`, err);
      setTimeout(
        () => {
          if (!stopping)
            rebuildOutdated(
              ps.filter((p) => !active.has(p.name)),
              attempt + 1,
            );
        },
        Math.min(60_000, 2000 * 2 ** attempt),
      );
    });
  }

  /** A `ProjectionRebuildRequested` in the log: exactly one projector process claims it. */
  async function handleRequests(events: readonly RecordedEvent[]) {
    for (const e of events) {
      if (e.type !== REBUILD_REQUESTED) continue;
      const asked = String((e.data as { projection?: unknown }).projection ?? '');
      const targets = projections.filter((p) => asked === ALL_PROJECTIONS || p.name === asked);
      const free = targets.filter((p) => !queued.has(p.name));
      const claimed = free.length > 0 ? await claimRebuildRequest(db, free, e.globalPosition) : [];
      if (claimed.length > 0) rebuild(claimed).catch((err) => log(`projections ${claimed.join(', ')}: requested rebuild failed`, err));
    }
  }

  /**
   * Caught up: the checkpoints left behind by batches that held nothing for their projections are written (one
   * transaction, no projection applies anything), so the table shows every read model at the head again.
   */
  async function catchUpCheckpoints(ps: readonly Projection[]): Promise<void> {
    const behind = ps.filter((p) => (positions.get(p.name) ?? null) !== (stored.get(p.name) ?? null));
    if (behind.length === 0) return;
    try {
      const outcomes = await applyAll(behind.map((p) => ({ p, from: stored.get(p.name) ?? null, events: [], to: positions.get(p.name)! })));
      for (const o of outcomes) {
        if (o.kind === 'ok') setStored(o.w.p.name, o.w.to!);
        else if (o.kind === 'moved') {
          live.get(o.w.p.name)?.discard();
          setStored(o.w.p.name, await readCheckpoint(db, checkpointNameOf(o.w.p)));
        }
      }
    } catch (err) {
      if (!stopping) log('projectors: catching the checkpoints up failed, retrying with the next batch', err);
    }
  }

  /**
   * One loop feeds every projection from one read (see applyAll for the transactions). Separate loops would each hold
   * a write transaction open while the others read, and readAll stops at the oldest open transaction, so they would
   * keep delaying each other.
   */
  async function run() {
    const failures = new Map<string, number>();
    const retryAt = new Map<string, number>();
    let quick = 0;
    /** The next page, read while the batch before it was being applied (the read no longer waits for the commit). */
    let prefetch: { after: string; page: Promise<RecordedEvent[]> } | null = null;
    for (const p of projections) setStored(p.name, await readCheckpoint(db, checkpointNameOf(p)));
    /** When the last read began, and how many events it brought (0: none, or it failed). */
    let cycleStart = 0;
    let lastBatch = 0;
    while (!stopping) {
      if (gatherMs > 0 && lastBatch >= gatherFrom && lastBatch < batchSize) {
        // Not the sleeper: every append wakes it, and the point is to let appends gather.
        const left = cycleStart + gatherMs - Date.now();
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        if (stopping) break;
      }
      cycleStart = Date.now();
      lastBatch = 0;
      const now = Date.now();
      const ready = projections.filter((p) => active.has(p.name) && (retryAt.get(p.name) ?? 0) <= now);
      let events: RecordedEvent[] = [];
      const wasWoken = woken;
      woken = false;
      try {
        const after = lowest(ready);
        const ahead = prefetch;
        prefetch = null;
        // Used only when it has events: an empty one may have missed appends hidden behind the batch's own transaction.
        if (ahead)
          events = ahead.after === after && ready.length > 0 ? await ahead.page.catch(() => []) : (await ahead.page.catch(() => []), []);
        if (events.length === 0 && ready.length > 0)
          events = await store.readAll({ after: (after ?? undefined) as never, limit: batchSize });
      } catch (err) {
        log('projectors: reading the log failed, retrying', err);
        await sleep(1000);
        continue;
      }
      if (events.length === 0) {
        await catchUpCheckpoints(ready);
        projections.forEach((p) => setIdle(p.name, active.has(p.name) && retryAt.size === 0));
        // Woken by an append that is not readable yet (an older transaction is still open): look again soon.
        if (wasWoken) quick = 0;
        const wait = quick < QUICK_RETRY_MS.length ? QUICK_RETRY_MS[quick++]! : pollMs;
        await sleep(retryAt.size > 0 ? Math.min(wait, Math.max(0, Math.min(...retryAt.values()) - now)) : wait);
        continue;
      }
      quick = 0;
      lastBatch = events.length;
      projections.forEach((p) => setIdle(p.name, false));
      if (!schema) await handleRequests(events).catch((err) => log('projectors: a rebuild request could not be claimed', err));
      const work: Work[] = [];
      const idleThrough: Projection[] = [];
      // The batch's event types, once: a live batch is mostly one or two types (saves, heartbeats) and each projection
      // checks them against the types it handles, not every event.
      let batchTypes: Set<string> | undefined;
      for (const p of ready) {
        const from = positions.get(p.name) ?? null;
        // Usually the projection is at the batch's start (the read began at the lowest checkpoint): the whole batch.
        const pending =
          from === null || store.comparePositions(events[0]!.globalPosition, from as never) > 0
            ? events
            : events.filter((e) => store.comparePositions(e.globalPosition, from as never) > 0);
        if (pending.length === 0) continue;
        const handles = p.handles;
        const types = pending === events ? (batchTypes ??= new Set(events.map((e) => e.type))) : new Set(pending.map((e) => e.type));
        const nothingToApply = !schema && handles !== undefined && ![...types].some((t) => handles.has(t));
        if (nothingToApply && now - (storedAt.get(p.name) ?? 0) < idleCheckpointMs) idleThrough.push(p);
        else work.push({ p, from: stored.get(p.name) ?? null, events: pending });
      }
      // Nothing of theirs in the batch: they are past it without a write.
      for (const p of idleThrough) positions.set(p.name, events[events.length - 1]!.globalPosition);
      if (work.length === 0) {
        settlePositionWaiters();
        continue;
      }
      const nextAfter = events[events.length - 1]!.globalPosition;
      // Only behind (a full page): a live batch's read-ahead would see nothing committed after this batch's transaction
      // began (readAll stops at the oldest transaction in flight), yet be applied as a batch of its own before a read
      // that does, a whole extra batch of lag for every event appended meanwhile.
      if (events.length >= batchSize) {
        prefetch = { after: nextAfter, page: store.readAll({ after: nextAfter, limit: batchSize }) };
        prefetch.page.catch(() => {});
      }
      // Live batches are small: one transaction for all. A big one (a replay, catching up) on PostgreSQL: one
      // transaction per projection, in parallel, so one projection's SQL runs while Node folds another's events.
      const groups = db.kind === 'pg' && events.length >= PARALLEL_FROM ? work.map((w) => [w]) : [work];
      const settled = await Promise.allSettled(groups.map((g) => applyAll(g)));
      const outcomes: Outcome[] = [];
      let retrySoon = false;
      for (const [i, r] of settled.entries()) {
        if (r.status === 'fulfilled') {
          outcomes.push(...r.value);
          continue;
        }
        const err: unknown = r.reason;
        // Rolled back: rows an applier kept from it are ahead of the tables.
        for (const w of groups[i]!) {
          appliers.get(w.p.name)?.discard();
          live.get(w.p.name)?.discard();
        }
        if (err instanceof Aborted || stopping) return;
        if (err instanceof ProjectionFailed) {
          const n = (failures.get(err.projection.name) ?? 0) + 1;
          failures.set(err.projection.name, n);
          retryAt.set(err.projection.name, Date.now() + Math.min(5000, 100 * 2 ** n));
          log(`projection ${err.projection.name}: batch failed (attempt ${n}), retrying`, err.cause);
          continue;
        }
        log('projectors: the batch transaction failed, retrying', err);
        for (const w of groups[i]!) setStored(w.p.name, await readCheckpoint(db, checkpointNameOf(w.p)).catch(() => w.from));
        retrySoon = true;
      }
      if (retrySoon) await sleep(200);
      const publishing: Promise<void>[] = [];
      for (const o of outcomes) {
        const { p } = o.w;
        if (o.kind === 'ok') {
          const position = o.w.to ?? o.w.events[o.w.events.length - 1]!.globalPosition;
          setStored(p.name, position);
          failures.delete(p.name);
          retryAt.delete(p.name);
          publishing.push(announce(p, o.touched, position).catch((err) => log(`projection ${p.name}: notice not published`, err)));
          options.onBatch?.(p.name, o.w.events.length, position);
        } else if (o.kind === 'moved') {
          // Another runner applied events here: the tables are not what this one's applier keeps.
          live.get(p.name)?.discard();
          setStored(p.name, await readCheckpoint(db, checkpointNameOf(p)));
        }
        // 'busy': a swap holds its checkpoint; the next round sees where it left it.
      }
      await Promise.all(publishing);
      // A swap holds a checkpoint: let it finish rather than spin on the same events.
      if (outcomes.some((o) => o.kind === 'busy')) await sleep(20);
      settlePositionWaiters();
    }
  }

  /**
   * A build from empty tables (a rebuild's shadow runner): each projection goes through the log's pages at its own
   * pace, one transaction per page, so one projection's SQL runs while Node folds another's events instead of every
   * projection waiting for the slowest at each page. Pages are read ahead, at most BULK_AHEAD beyond the slowest
   * projection. It ends at the end of the log, or for a projection at its first failure; `run` then goes on from the
   * checkpoints reached (and retries a failed projection as it always does).
   */
  async function runBulk(): Promise<void> {
    for (const p of projections) positions.set(p.name, await readCheckpoint(db, checkpointNameOf(p)));
    const ps = projections.filter((p) => active.has(p.name));
    if (ps.some((p) => positions.get(p.name) !== null)) {
      // Not a build from empty tables after all: carried state would take those tables for empty.
      appliers.clear();
      return;
    }
    // Only the types some projection here handles (a replay skips the id, e-mail and code reservations).
    const types = handledTypes(ps) ?? undefined;
    const pages: (Promise<RecordedEvent[]> | undefined)[] = [];
    const page = (i: number): Promise<RecordedEvent[]> => {
      let read = pages[i];
      if (!read) {
        const before = i === 0 ? Promise.resolve(null) : page(i - 1).then((e) => (e.length ? e[e.length - 1]! : undefined));
        read = before.then((last) =>
          last === undefined ? [] : store.readAll({ after: (last?.globalPosition ?? undefined) as never, limit: batchSize, types }),
        );
        read.catch(() => {});
        pages[i] = read;
      }
      return read;
    };
    const at = new Map(ps.map((p) => [p.name, 0]));
    let moved: (() => void)[] = [];
    const slowest = () => Math.min(...at.values());
    const advance = (name: string, i: number) => {
      at.set(name, i);
      // Pages every projection is past are let go.
      for (let j = slowest() - 1; j >= 0 && pages[j]; j--) pages[j] = undefined;
      const m = moved;
      moved = [];
      m.forEach((f) => f());
    };
    await Promise.all(
      ps.map(async (p) => {
        let skippedTo: string | null = null;
        try {
          for (let i = 0; !stopping; i++) {
            while (!stopping && i > slowest() + BULK_AHEAD) await new Promise<void>((r) => moved.push(r));
            const events = await page(i);
            void page(i + 1);
            if (events.length === 0 || stopping) break;
            const position = events[events.length - 1]!.globalPosition;
            const mine = p.handles ? handledOf(events, p.handles) : events;
            // A page with nothing for it costs no transaction: its checkpoint catches up at the end (or with the next page it reads).
            if (mine.length === 0) {
              skippedTo = position;
            } else {
              const [outcome] = await applyAll([{ p, from: positions.get(p.name) ?? null, events: mine, to: position }]);
              if (outcome?.kind !== 'ok') break;
              positions.set(p.name, position);
              skippedTo = null;
            }
            options.onBatch?.(p.name, events.length, position);
            advance(p.name, i + 1);
          }
          // The end of the log: rows the build kept back are written (the checkpoint already covers them).
          const applier = appliers.get(p.name);
          if (applier && !stopping)
            await db.transaction(async (tx) => {
              await enterShadow(tx);
              await applier.finish(tx);
            });
          if (
            skippedTo !== null &&
            !stopping &&
            (await advanceCheckpoint(db, checkpointNameOf(p), positions.get(p.name) ?? null, skippedTo))
          )
            positions.set(p.name, skippedTo);
        } catch (err) {
          if (!stopping && !(err instanceof Aborted))
            log(`projection ${p.name}: batch of the build failed, going on one batch at a time`, err);
          // Rows of committed batches were kept back and are gone with it: this read model's build starts over.
          if (appliers.get(p.name)?.discard() && !stopping) await startOver(p);
        } finally {
          // Done (or failed): it no longer holds the others back.
          advance(p.name, Number.POSITIVE_INFINITY);
        }
      }),
    );
  }

  /**
   * A page's events of the types a projection handles, in log order. Each page's types are numbered once (one look-up
   * per event), so each of the build's projections picks its events by an array index rather than a set look-up of
   * every event's type (most of a replay is answer saves, which most read models ignore).
   */
  const pageTypes = new WeakMap<readonly RecordedEvent[], { ids: Map<string, number>; of: Uint16Array }>();
  function handledOf(events: readonly RecordedEvent[], handles: ReadonlySet<string>): RecordedEvent[] {
    let typed = pageTypes.get(events);
    if (!typed) {
      const ids = new Map<string, number>();
      const of = new Uint16Array(events.length);
      for (let i = 0; i < events.length; i++) {
        const type = events[i]!.type;
        let id = ids.get(type);
        if (id === undefined) ids.set(type, (id = ids.size));
        of[i] = id;
      }
      pageTypes.set(events, (typed = { ids, of }));
    }
    const wanted = new Uint8Array(typed.ids.size);
    let any = false;
    for (const [type, id] of typed.ids)
      if (handles.has(type)) {
        wanted[id] = 1;
        any = true;
      }
    if (!any) return [];
    const out: RecordedEvent[] = [];
    for (let i = 0; i < events.length; i++) if (wanted[typed.of[i]!] === 1) out.push(events[i]!);
    return out;
  }

  /** A build whose kept-back rows were lost: its tables emptied, its checkpoint back to the start, a new applier. */
  async function startOver(p: Projection): Promise<void> {
    await db.transaction(async (tx) => {
      for (const table of p.tables) await tx.query(`TRUNCATE "${schema}"."${table.replace(/"/g, '""')}"`);
      await tx.query('UPDATE projection_checkpoints SET position = NULL, updated_at = now(), writer = NULL WHERE name = $1', [
        checkpointNameOf(p),
      ]);
    });
    positions.set(p.name, null);
    if (p.bulk) appliers.set(p.name, p.bulk({ deferWrites: false }));
  }

  /** A rebuild cut short by a crash leaves a shadow schema and a 'rebuilding' row: both go once nobody touched them for a while. */
  async function cleanUpAfterCrash() {
    const names = projections.map((p) => p.name);
    await db.query(
      `UPDATE projection_rebuilds SET status = 'failed', last_error = 'interrupted: the projector stopped during the rebuild', finished_at = now()
       WHERE status = 'rebuilding' AND name = ANY($1) AND updated_at < now() - interval '15 seconds'`,
      [names],
    );
    const { rows } = await db.query<{ schema: string }>(
      `SELECT s.schema_name AS schema FROM information_schema.schemata s
       WHERE starts_with(s.schema_name, $1) AND NOT EXISTS (SELECT 1 FROM projection_checkpoints c
         WHERE c.name LIKE '%@' || s.schema_name AND c.updated_at > now() - interval '10 minutes')`,
      [`${home.slice(0, 40)}_rebuild_`],
    );
    for (const { schema: stale } of rows) {
      await db.query(`DROP SCHEMA IF EXISTS "${stale}" CASCADE`);
      await db.query("DELETE FROM projection_checkpoints WHERE name LIKE '%@' || $1", [stale]);
    }
  }

  return {
    async start() {
      await migrateCheckpoints(db);
      if (!schema) await migrateRebuildStatus(db);
      home = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public';
      if (schema) await db.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      if (!schema) await cleanUpAfterCrash().catch((err) => log('projectors: clearing what an interrupted rebuild left failed', err));
      const outdated: Projection[] = [];
      for (const p of projections) {
        if (schema) {
          await db.transaction(async (tx) => {
            await tx.query(`SET LOCAL search_path TO "${schema}", "${home}"`);
            await p.migrate(tx);
          });
          active.add(p.name);
        } else {
          // An older version keeps serving, untouched by the new code, until the new one is swapped in.
          const state = await db.transaction(async (tx) => {
            const s = await checkpointState(tx, p.name, p.version, p.tables);
            if (s !== 'outdated') await p.migrate(tx);
            return s;
          });
          if (state === 'outdated') {
            log(`projection ${p.name}: version ${p.version}, building it beside the one serving`);
            outdated.push(p);
          } else {
            active.add(p.name);
          }
        }
        idleFlags.set(p.name, false);
        positions.set(p.name, null);
      }
      await options.onMigrated?.();
      unlisten = await db.listen(EVENTS_CHANNEL, wakeAll);
      loops.push(options.bulk && schema ? runBulk().then(run) : run());
      if (outdated.length > 0) rebuildOutdated(outdated);
    },
    async stop() {
      stopping = true;
      stopped.abort();
      wakeAll();
      await Promise.all(loops);
      await rebuildChain;
      await unlisten?.();
      const w = idleWaiters;
      idleWaiters = [];
      w.forEach((f) => f());
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
    rebuild(names = [], onProgress) {
      if (schema) return Promise.reject(new Error('A shadow runner does not rebuild'));
      return rebuild(names, onProgress);
    },
  };
}
