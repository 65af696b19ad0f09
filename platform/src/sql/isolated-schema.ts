import { randomUUID } from 'node:crypto';
import pg from 'pg';

export type IsolatedSchema = {
  schema: string;
  /** `databaseUrl` with `search_path` set to the schema, so unqualified tables land in it. */
  connectionString: string;
  drop(): Promise<void>;
};

/**
 * A throwaway schema in a shared PostgreSQL database, so tests and benchmarks never depend on,
 * or leave behind, state in it.
 */
export async function createIsolatedSchema(databaseUrl: string, prefix = 'test'): Promise<IsolatedSchema> {
  const schema = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`.toLowerCase();
  await withClient(databaseUrl, (c) => c.query(`CREATE SCHEMA ${c.escapeIdentifier(schema)}`));
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    connectionString: url.toString(),
    async drop() {
      await withClient(databaseUrl, (c) => c.query(`DROP SCHEMA IF EXISTS ${c.escapeIdentifier(schema)} CASCADE`));
    },
  };
}

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
