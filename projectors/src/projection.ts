import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { RowSet } from './row-set';

/** Which read-model rows an event touched, per tenant: becomes the notice the query side forwards. */
export type Touched = { tenant: string; keys: string[] };

/**
 * One read model, as the runner drives it: `applyBatch` receives every event of the batch the runner read and runs
 * inside the runner's transaction (with the checkpoint). Tables are unqualified so a rebuild can build them in a
 * shadow schema and swap them in.
 */
export type Projection = {
  name: string;
  /** Bump when the tables or handlers change: the new version is built beside the live one and swapped in. */
  version: number;
  tables: readonly string[];
  migrate(db: SqlClient): Promise<void>;
  applyBatch(tx: SqlClient, events: readonly RecordedEvent[]): Promise<Touched[]>;
  /** The event types it reads; others never reach it (absent: every type). */
  handles?: ReadonlySet<string>;
  /**
   * For a build from empty tables with one writer (a rebuild's shadow runner): an applier that may keep rows in memory
   * from one batch to the next instead of reading them back. After a batch that did not commit, `discard` it.
   */
  bulk?(options?: { maxRows?: number; deferWrites?: boolean }): BulkApplier;
  /**
   * For the live runner: an applier that keeps the rows of some tables (`carryLive`) in memory from one batch to the
   * next, so a batch reads only the rows it has not seen (an exam's saves touch the same rows again and again). Only
   * while this runner is the tables' one writer: after a batch that did not commit, or when anyone else may have written
   * them (another runner, a swap), the runner calls `discard` and the next batch reads what it needs again.
   */
  live?(options?: { maxRows?: number }): LiveApplier;
};

export type LiveApplier = {
  applyBatch(tx: SqlClient, events: readonly RecordedEvent[]): Promise<Touched[]>;
  /** Forget every row kept: the next batch reads what it needs from the tables. */
  discard(): void;
};

export type BulkApplier = {
  /** Applies the batch; returns no notices (nobody listens to a build: the swap is announced). */
  applyBatch(tx: SqlClient, events: readonly RecordedEvent[]): Promise<Touched[]>;
  /**
   * The last batch rolled back: what is in memory is ahead of the tables, so nothing of it is kept. True when rows of
   * earlier (committed) batches were still kept back too: those are lost, and the build must start over from empty tables.
   */
  discard(): boolean;
  /** Writes every row kept back and writes each batch's rows from now on (the build reached the end of the log). */
  finish(tx: SqlClient): Promise<void>;
};

/** Past this many rows a carried set lets its rows go after a flush (a few hundred MB at most across read models). */
export const CARRY_MAX_ROWS = 250_000;

/**
 * The batched projection contract (emmett's `evolve` over documents, batched like Marten's daemon):
 * - `init` makes the batch's in-memory state, normally one `RowSet` per table;
 * - `load` reads every row the batch will touch, at most one query per table whatever the batch's size;
 * - `evolve` folds one event into that state: synchronous and pure over the state, so it cannot issue SQL;
 * - `save` writes each table once (by default: `flush` every `RowSet` in the state, in declaration order).
 */
export type BatchProjectionDefinition<State> = {
  name: string;
  version: number;
  tables: readonly string[];
  /**
   * Every event type `load` or `evolve` looks at. The others are dropped before `load`, and a batch with none of these
   * costs nothing but its checkpoint (a replay is mostly answer saves, which most read models ignore).
   * `handles.unit.test.ts` checks each module names no other event type.
   */
  handles: readonly string[];
  migrate(db: SqlClient): Promise<void>;
  init(): State;
  load(tx: SqlClient, state: State, events: readonly RecordedEvent[]): Promise<void>;
  evolve(state: State, event: RecordedEvent): Touched | Touched[] | null;
  save?(tx: SqlClient, state: State): Promise<void>;
  /**
   * The state's fields a build from empty tables keeps from batch to batch (`RowSet`s, objects holding one as `rows`
   * like `GradeTotals`, or anything with a `holdWholeTable` method): they hold the whole table, so `load` reads nothing
   * for them. Only fields whose contents stay true after the batch's save; per-batch accumulators come from `init`.
   */
  carry?: readonly (keyof State & string)[];
  /**
   * The state's `RowSet`s the live runner keeps from batch to batch (`live`), holding the rows it loaded or wrote (not
   * the whole table): a later batch loads only keys it does not hold. Only sets read by key (`load`, or `loadWhere` /
   * `loadIn`, whose rows merge with the ones held) whose rows, after the batch's save, are the table's.
   */
  carryLive?: readonly (keyof State & string)[];
};

/** Past this many rows a live applier's carried set lets its rows go after a batch (`live`). */
export const LIVE_CARRY_MAX_ROWS = 50_000;

/** A carried field on empty tables: it holds everything (its own `holdWholeTable`, or its `rows` set's). */
const holdWhole = (value: unknown): void => {
  const own = value as { holdWholeTable?: unknown } | null;
  if (own && typeof own.holdWholeTable === 'function') (own.holdWholeTable as () => void).call(own);
  else for (const set of setsIn(value)) set.holdWholeTable();
};

/** The row sets a carried state field holds: a `RowSet`, or an object's `rows` set (`GradeTotals`). */
const setsIn = (value: unknown): RowSet<Record<string, unknown>>[] => {
  if (value instanceof RowSet) return [value as RowSet<Record<string, unknown>>];
  const rows = (value as { rows?: unknown } | null)?.rows;
  return rows instanceof RowSet ? [rows as RowSet<Record<string, unknown>>] : [];
};

/** Every `RowSet` held by a batch's state (top-level fields), in declaration order. */
export const rowSetsOf = (state: unknown): RowSet<Record<string, unknown>>[] =>
  Object.values(state as Record<string, unknown>).filter((v): v is RowSet<Record<string, unknown>> => v instanceof RowSet);

export function defineProjection<State>(
  def: BatchProjectionDefinition<State>,
): Projection & { definition: BatchProjectionDefinition<State> } {
  const handles = new Set(def.handles);
  /** A batch's state: fresh from `init`, with what an applier carried from the batch before (if anything). */
  const stateFrom = (carried: Partial<State> | null): State => {
    const state = def.init();
    if (carried) Object.assign(state as object, carried);
    return state;
  };
  return {
    name: def.name,
    version: def.version,
    tables: def.tables,
    migrate: def.migrate,
    definition: def,
    handles,
    async applyBatch(tx, all) {
      const events = all.filter((e) => handles.has(e.type));
      return events.length === 0 ? [] : applyTo(tx, def.init(), events);
    },
    live({ maxRows = LIVE_CARRY_MAX_ROWS } = {}) {
      const carry = def.carryLive ?? [];
      /** The carried sets, as the last committed batch left them; null: fresh from `init`. */
      let carried: Partial<State> | null = null;
      return {
        async applyBatch(tx, all) {
          const events = all.filter((e) => handles.has(e.type));
          if (events.length === 0) return [];
          const state = stateFrom(carried);
          // Until the batch is saved what is in memory may be ahead of the tables: a throw leaves nothing carried.
          carried = null;
          const touched = await applyTo(tx, state, events);
          if (carry.length > 0) {
            const next: Partial<State> = {};
            for (const k of carry) {
              next[k] = state[k];
              for (const set of setsIn(state[k])) set.shrink(maxRows);
            }
            carried = next;
          }
          return touched;
        },
        discard() {
          carried = null;
        },
      };
    },
    bulk({ maxRows = CARRY_MAX_ROWS, deferWrites = true } = {}) {
      const carry = def.carry ?? [];
      /** What the next batch starts from; null: fresh from `init` (first batch, or after a discard). */
      let carried: Partial<State> | null = null;
      let first = true;
      /** The carried row sets of the first state (the same objects batch after batch): they may keep writes back. */
      let held: RowSet<Record<string, unknown>>[] = [];
      /** Writes are being kept back (from the first batch until `finish` or a discard). */
      let deferring = false;
      /** The held sets' `keptWritten` when the batch began: a batch that wrote kept-back rows and rolled back lost them. */
      let keptBefore = 0;
      const keptWritten = () => held.reduce((n, set) => n + set.keptWritten, 0);
      return {
        async applyBatch(tx, all) {
          const events = all.filter((e) => handles.has(e.type));
          if (events.length === 0) return [];
          const state = stateFrom(carried);
          if (!carried && first) {
            for (const k of carry) holdWhole(state[k]);
            held = carry.flatMap((k) => setsIn(state[k]));
            deferring = deferWrites;
            if (deferring) held.forEach((set) => set.deferWrites());
          }
          first = false;
          keptBefore = keptWritten();
          // Each event is applied once in a build: rows of append-only tables made by this batch are new.
          for (const set of rowSetsOf(state)) set.rowsAreNew();
          // Until the batch is saved what is in memory is ahead of the tables: a throw leaves nothing carried.
          carried = null;
          // A build announces nothing (the swap announces the rebuilt read model): notices are not collected.
          const touched = await applyTo(tx, state, events, false);
          const next: Partial<State> = {};
          for (const k of carry) {
            next[k] = state[k];
            for (const set of setsIn(state[k])) {
              if (set.size <= maxRows) continue;
              await set.flush(tx, true);
              set.shrink(maxRows);
            }
          }
          carried = next;
          return touched;
        },
        discard() {
          // Rows kept back are lost when still in memory only, or written by the batch that rolled back.
          const lost = deferring && (held.some((set) => set.pending) || keptWritten() !== keptBefore);
          deferring = false;
          held.forEach((set) => set.deferWrites(false));
          held = [];
          carried = null;
          first = false;
          return lost;
        },
        async finish(tx) {
          for (const set of held) {
            await set.flush(tx, true);
            set.deferWrites(false);
          }
          deferring = false;
        },
      };
    },
  };

  async function applyTo(tx: SqlClient, state: State, events: readonly RecordedEvent[], collect = true): Promise<Touched[]> {
    await def.load(tx, state, events);
    const touched: Touched[] = [];
    for (const event of events) {
      const t = def.evolve(state, event);
      if (!t || !collect) continue;
      if (Array.isArray(t)) touched.push(...t);
      else touched.push(t);
    }
    if (def.save) await def.save(tx, state);
    else for (const set of rowSetsOf(state)) await set.flush(tx);
    return touched;
  }
}

export const tenantOf = (event: RecordedEvent): string => {
  const tenant = event.metadata.tenant;
  if (typeof tenant === 'string') return tenant;
  return event.streamId.split(':')[1] ?? '';
};

/** The events of a batch with one of these types, typed by the caller: for `load` to collect the keys it needs. */
export const ofTypes = (events: readonly RecordedEvent[], ...types: string[]): RecordedEvent[] => {
  const wanted = new Set(types);
  return events.filter((e) => wanted.has(e.type));
};
