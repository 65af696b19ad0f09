import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';

/** Which read-model rows an event touched, per tenant: becomes the notice the query side forwards. */
export type Touched = { tenant: string; keys: string[] };

/**
 * One read model. `apply` runs inside the runner's transaction with its pure reducers and thin SQL;
 * tables are unqualified so a rebuild can build them in a fresh schema and swap them in.
 */
export type Projection = {
  name: string;
  /** Bump when the tables or handlers change: the runner then rebuilds this read model from zero. */
  version: number;
  tables: readonly string[];
  migrate(db: SqlClient): Promise<void>;
  apply(tx: SqlClient, event: RecordedEvent): Promise<Touched | null>;
};

export const tenantOf = (event: RecordedEvent): string => {
  const tenant = event.metadata.tenant;
  if (typeof tenant === 'string') return tenant;
  return event.streamId.split(':')[1] ?? '';
};
