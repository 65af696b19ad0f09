import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import type { Projection, Touched } from './projection';

/**
 * TRANSITIONAL: a projection still written one event at a time (SQL per event), adapted to the batch contract.
 * Every projection moves to `defineProjection`; this file goes when the last one has.
 */
export function perEventProjection(def: Omit<Projection, 'applyBatch'> & {
  apply(tx: SqlClient, event: RecordedEvent): Promise<Touched | null>;
}): Projection {
  return {
    name: def.name, version: def.version, tables: def.tables, migrate: def.migrate,
    async applyBatch(tx, events) {
      const touched: Touched[] = [];
      for (const event of events) {
        const t = await def.apply(tx, event);
        if (t) touched.push(t);
      }
      return touched;
    },
  };
}
