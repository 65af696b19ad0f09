import { PGlite, type Results } from '@electric-sql/pglite';
import type { CopyData, Database, QueryResult, SqlClient } from './types';

const INT8 = 20;

type Queryable = { query<T>(text: string, params?: unknown[]): Promise<Results<T>> };

type Copying = { query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown> };

/** PGlite reads COPY's input from a blob it names '/dev/blob'. */
async function copyIn(on: Copying, table: string, columns: readonly string[], data: CopyData): Promise<void> {
  await on.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob([...data]) });
}

/**
 * PGlite runs each statement on this thread and settles its promise without any I/O, so a loop of awaited statements
 * (the projector catching up, a rebuild's build, a big seed) never lets the event loop reach its timers or sockets:
 * while it ran, the server answered nothing (a login during a 144,600-event catch-up timed out after 120 s). After
 * this long since the last turn it waited for, the next statement first waits for one (`setImmediate`: at most one
 * per 20 ms, a few µs each), so requests are read and answered between statements.
 */
export const PGLITE_TURN_MS = 20;
let lastTurn = performance.now();
const turn = () =>
  new Promise<void>((resolve) =>
    setImmediate(() => {
      lastTurn = performance.now();
      resolve();
    }),
  );

async function run<Row>(on: Queryable, text: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
  if (performance.now() - lastTurn >= PGLITE_TURN_MS) await turn();
  const result = await on.query<Row>(text, params ? [...params] : undefined);
  return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
}

/**
 * Embedded PostgreSQL (WASM), one connection: in memory without `dataDir`. Everything runs
 * serialised, so there are never two transactions in flight at once.
 */
export async function openPgliteDatabase(options: { dataDir?: string } = {}): Promise<Database> {
  // int8 as string, like `pg`, so code written against one adapter behaves the same on the other.
  const parsers = { [INT8]: (value: string) => value };
  const db = options.dataDir ? await PGlite.create(options.dataDir, { parsers }) : await PGlite.create({ parsers });

  return {
    kind: 'pglite',
    query: (text, params) => run(db, text, params),
    copyIn: (table, columns, data) => copyIn(db, table, columns, data),
    transaction: (fn) =>
      db.transaction((tx) => {
        const client: SqlClient = {
          query: (text, params) => run(tx, text, params),
          copyIn: (table, columns, data) => copyIn(tx, table, columns, data),
        };
        return fn(client);
      }),
    async listen(channel, onPayload) {
      const handler = (payload: string) => onPayload(payload);
      const unlisten = await db.listen(channel, handler);
      return async () => {
        if (!db.closed) await unlisten();
      };
    },
    async notify(channel, payload) {
      await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}
