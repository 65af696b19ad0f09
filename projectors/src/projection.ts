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
};

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
  migrate(db: SqlClient): Promise<void>;
  init(): State;
  load(tx: SqlClient, state: State, events: readonly RecordedEvent[]): Promise<void>;
  evolve(state: State, event: RecordedEvent): Touched | Touched[] | null;
  save?(tx: SqlClient, state: State): Promise<void>;
};

/** Every `RowSet` held by a batch's state (top-level fields), in declaration order. */
export const rowSetsOf = (state: unknown): RowSet<Record<string, unknown>>[] =>
  Object.values(state as Record<string, unknown>).filter((v): v is RowSet<Record<string, unknown>> => v instanceof RowSet);

export function defineProjection<State>(
  def: BatchProjectionDefinition<State>,
): Projection & { definition: BatchProjectionDefinition<State> } {
  return {
    name: def.name,
    version: def.version,
    tables: def.tables,
    migrate: def.migrate,
    definition: def,
    async applyBatch(tx, events) {
      const state = def.init();
      await def.load(tx, state, events);
      const touched: Touched[] = [];
      for (const event of events) {
        const t = def.evolve(state, event);
        if (!t) continue;
        if (Array.isArray(t)) touched.push(...t);
        else touched.push(t);
      }
      if (def.save) await def.save(tx, state);
      else for (const set of rowSetsOf(state)) await set.flush(tx);
      return touched;
    },
  };
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
