import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import { createIsolatedSchema, openPgliteDatabase, openPostgresDatabase, type Database } from '@evergrade/platform/sql';

export type TestDatabase = { db: Database; store: EventStore; close(): Promise<void> };

/**
 * A fresh event store for an int test: PostgreSQL in a schema of its own when DATABASE_URL is set, PGlite in memory
 * otherwise. Nothing else is created in it (no projector, no read model).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = await createIsolatedSchema(url, 'cmd');
    const db = openPostgresDatabase({ connectionString: schema.connectionString });
    const store = await createSqlEventStore(db);
    return {
      db,
      store,
      async close() {
        await store.close();
        await db.close();
        await schema.drop();
      },
    };
  }
  const db = await openPgliteDatabase({});
  const store = await createSqlEventStore(db);
  return {
    db,
    store,
    async close() {
      await store.close();
      await db.close();
    },
  };
}

/** Whether a table of that name exists where the test's queries look. */
export async function tableExists(db: Database, table: string): Promise<boolean> {
  const { rows } = await db.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [table]);
  return rows[0]?.found != null;
}
