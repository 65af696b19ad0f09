import { openPgliteDatabase } from '../sql/pglite';
import { openPostgresDatabase } from '../sql/postgres';
import type { Database } from '../sql/types';
import { createSqlEventStore, type SqlEventStoreOptions } from './sql-event-store';
import type { EventStore } from './types';

export * from './types';
export { comparePositions, decodePosition, encodePosition } from './position';
export { createSqlEventStore, EVENTS_CHANNEL, readEventsBetween, type SqlEventStoreOptions } from './sql-event-store';
export { migrateEventStore } from './schema';
export { createSleeper, type Sleeper } from './sleeper';
export type { KurrentDbEventStoreOptions } from './kurrentdb-event-store';

type OpenOptions = Omit<SqlEventStoreOptions, 'ownsDatabase'>;

/** A store that owns its connection pool: `close()` ends it. */
export async function openPostgresEventStore(options: { connectionString: string; max?: number } & OpenOptions): Promise<EventStore> {
  const db = openPostgresDatabase(options);
  return createOwned(db, options);
}

/** A store on its own PGlite, in memory without `dataDir`: `close()` closes it. */
export async function openPgliteEventStore(options: { dataDir?: string } & OpenOptions = {}): Promise<EventStore> {
  const db = await openPgliteDatabase(options);
  return createOwned(db, options);
}

async function createOwned(db: Database, options: OpenOptions): Promise<EventStore> {
  try {
    return await createSqlEventStore(db, { ...options, ownsDatabase: true });
  } catch (err) {
    await db.close();
    throw err;
  }
}

/**
 * The store the deployment names: KurrentDB / EventStoreDB when `eventStoreUrl` (EVENTSTORE_URL) is set, else the events
 * table in `db`. PostgreSQL keeps the read models, checkpoints and lookups either way. The KurrentDB client (and its
 * native bridge) loads only when asked for.
 */
export async function createEventStore(
  db: Database,
  options: { eventStoreUrl?: string | undefined; pollIntervalMs?: number } = {},
): Promise<EventStore> {
  const { eventStoreUrl, ...rest } = options;
  if (!eventStoreUrl) return createSqlEventStore(db, rest);
  return openKurrentDbEventStore({ connectionString: eventStoreUrl, ...rest });
}

/** A store on KurrentDB / EventStoreDB that owns its client: `close()` disposes of it. */
export async function openKurrentDbEventStore(options: { connectionString: string; pollIntervalMs?: number }): Promise<EventStore> {
  const { createKurrentDbEventStore } = await import('./kurrentdb-event-store');
  return createKurrentDbEventStore(options);
}
