import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CopyData, Database, QueryOptions, QueryResult, SqlClient } from './types';

type Queryable = { query(config: pg.QueryConfig): Promise<pg.QueryResult> };

/** A prepared statement's name: one per text, the same in every process (pg prepares it once per connection). */
const names = new Map<string, string>();
function preparedName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `eg_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  return name;
}

// int8 and xid8 come back as strings from `pg` (its default); PGlite is configured to match.
async function run<Row>(on: Queryable, text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>> {
  const values = params ? [...params] : undefined;
  const result = await on.query(options?.prepare ? { name: preparedName(text), text, values } : { text, values });
  return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
}

/** COPY … FROM STDIN on one connection, the data streamed piece by piece. */
async function copyIn(client: pg.PoolClient, table: string, columns: readonly string[], data: CopyData): Promise<void> {
  await pipeline(Readable.from(data), client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)));
}

export function openPostgresDatabase(options: { connectionString: string; max?: number }): Database {
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
  // An idle client that loses its connection emits 'error'; unhandled it would crash the process.
  // The pool discards it and the next checkout connects afresh.
  pool.on('error', () => {});
  const listener = createListener(options.connectionString);

  return {
    kind: 'pg',
    query: (text, params, options) => run(pool, text, params, options),
    async copyIn(table, columns, data) {
      const client = await pool.connect();
      try {
        await copyIn(client, table, columns, data);
        client.release();
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: SqlClient = {
          query: (text, params, options) => run(client, text, params, options),
          copyIn: (table, columns, data) => copyIn(client, table, columns, data),
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
          client.release();
        } catch (rollbackError) {
          // The connection is unusable; destroy it rather than hand it to the next caller.
          client.release(rollbackError as Error);
        }
        throw err;
      }
    },
    listen: listener.listen,
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

type Channel = { handlers: Set<(payload: string) => void>; ready: Promise<void> };

/**
 * One dedicated connection carries every LISTEN of this Database: pooled connections would drop
 * their LISTENs on release. If it breaks, it reconnects and re-LISTENs; notifications sent in
 * between are lost, which callers tolerate (the event store also polls, notices are hints).
 */
function createListener(connectionString: string) {
  const channels = new Map<string, Channel>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const connection = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (msg) => {
        for (const handler of channels.get(msg.channel)?.handlers ?? []) handler(msg.payload ?? '');
      });
      c.on('error', () => drop(c));
      c.on('end', () => drop(c));
      try {
        await c.connect();
      } catch (err) {
        await c.end().catch(() => {});
        throw err;
      }
      client = c;
      return c;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => {});
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retry || channels.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      connection()
        .then(async (c) => {
          for (const name of channels.keys()) await c.query(`LISTEN ${c.escapeIdentifier(name)}`);
        })
        .catch(scheduleReconnect);
    }, 1000);
  };

  async function listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    if (closed) throw new Error('Database is closed');
    let entry = channels.get(channel);
    if (!entry) {
      const ready = connection().then(async (c) => {
        await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
      });
      entry = { handlers: new Set(), ready };
      channels.set(channel, entry);
      ready.catch(() => {
        if (channels.get(channel)?.ready === ready) channels.delete(channel);
      });
    }
    // A fresh function per call, so the same callback can be registered twice and removed once.
    const handler = (payload: string) => onPayload(payload);
    entry.handlers.add(handler);
    try {
      await entry.ready;
    } catch (err) {
      entry.handlers.delete(handler);
      throw err;
    }
    const current = entry;
    return async () => {
      if (!current.handlers.delete(handler) || current.handlers.size > 0) return;
      if (channels.get(channel) !== current) return;
      channels.delete(channel);
      if (client) await client.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  async function close() {
    closed = true;
    clearTimeout(retry);
    channels.clear();
    const c = client ?? (await connecting?.catch(() => undefined));
    client = undefined;
    await c?.end().catch(() => {});
  }

  return { listen, close };
}
