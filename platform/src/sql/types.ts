/** The slice of PostgreSQL every adapter in this project talks through: `pg` and PGlite alike. */
export type QueryResult<Row> = { rows: Row[]; rowCount: number };

/**
 * `prepare`: a statement whose text never changes and whose tables never change shape (the event log's own
 * statements), kept parsed and planned on each connection of PostgreSQL (a named prepared statement); PGlite ignores it.
 * Never for a read model's tables: a rebuild swaps them, and a prepared statement whose result columns changed fails.
 */
export type QueryOptions = { prepare?: boolean };

/** COPY's input, in pieces of whole lines: text, or that text's UTF-8 bytes. */
export type CopyData = readonly (string | Uint8Array)[];

export type SqlClient = {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<Row>>;
  /**
   * Rows in bulk with `COPY table (columns) FROM …`: `data` in COPY's text format, in pieces of whole lines (a line per
   * row, columns separated by tabs, `\N` for null, `\\`, `\t`, `\n`, `\r` escaped). `table` and `columns` are quoted
   * identifiers. PostgreSQL takes rows this way for about half the CPU of an `INSERT … SELECT FROM unnest(arrays)`.
   * A piece may be UTF-8 bytes already (what a bulk writer fills directly, with no large string to encode).
   */
  copyIn(table: string, columns: readonly string[], data: CopyData): Promise<void>;
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
