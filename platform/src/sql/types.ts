/** The slice of PostgreSQL every adapter in this project talks through: `pg` and PGlite alike. */
export type QueryResult<Row> = { rows: Row[]; rowCount: number };

export type SqlClient = {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
};

export type Database = SqlClient & {
  readonly kind: 'pg' | 'pglite';
  /** Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};
