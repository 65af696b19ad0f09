import type { SqlClient } from '@evergrade/platform/sql';

/**
 * One read-model table as a projection sees it during one batch: the rows the batch touches, loaded in one query,
 * changed in memory by pure reducers, and written back in one upsert and one delete.
 *
 * Rows are read as JSON (`to_jsonb`), so every column arrives in the same shape on `pg` and PGlite: numbers as
 * numbers, `timestamptz` as an ISO string (with a `+00:00` offset, not `Z`), arrays as arrays and `jsonb` as the value
 * it holds. They are written as one array literal per column, unnested (the column types come from the catalog), or,
 * for a table with an array column, as JSON (`json_populate_recordset`). The table name is unqualified so a
 * rebuild can build the same projection into a shadow schema (the runner sets `search_path`).
 */
export type TableSpec<Row> = {
  table: string;
  /** The primary key's columns. */
  key: readonly (keyof Row & string)[];
  /** Every column written on upsert (the key included). */
  columns: readonly (keyof Row & string)[];
  /** Columns an upsert must not overwrite on conflict (e.g. a first-seen time); defaults to none. */
  keepOnConflict?: readonly (keyof Row & string)[];
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Each column's SQL type, read from the catalog once per table name and process (the same in a rebuild's shadow
 * schema); null when some column is an array (a one-dimensional array per column is all `unnest` takes).
 */
const columnTypes = new Map<string, Promise<Map<string, string> | null>>();
function typesOf(tx: SqlClient, table: string): Promise<Map<string, string> | null> {
  let types = columnTypes.get(table);
  if (!types) {
    types = tx
      .query<{ name: string; type: string }>(
        `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
         WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped`,
        [quote(table)],
      )
      .then(({ rows }) =>
        rows.length === 0 || rows.some((r) => r.type.endsWith(']')) ? null : new Map(rows.map((r) => [r.name, r.type])),
      );
    columnTypes.set(table, types);
    // Not known yet (no such table): ask again next time.
    types.then((t) => t === null && columnTypes.delete(table)).catch(() => columnTypes.delete(table));
  }
  return types;
}

const ESCAPE = /["\\]/g;
/** One element of a PostgreSQL array literal: NULL, a bare number or boolean, else a quoted string (JSON for objects). */
function element(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  switch (typeof v) {
    case 'number':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
    case 'string':
      return `"${v.replace(ESCAPE, '\\$&')}"`;
    default:
      return `"${(v instanceof Date ? v.toISOString() : JSON.stringify(v)).replace(ESCAPE, '\\$&')}"`;
  }
}

/** A JSON escape PostgreSQL's array syntax reads differently (`\n` is "n" there): anything but `\"` and `\\`. */
const OTHER_ESCAPE = /\\[^"\\]/;

/**
 * A column's values as one PostgreSQL array literal. JSON's array syntax is the same but for the brackets and for
 * escapes other than \" and \\ (which only strings with control characters get), so the native `JSON.stringify`
 * does the work unless one turns up; `json` columns hold each value's JSON text.
 */
function arrayLiteral(values: unknown[], json: boolean): string {
  const text = JSON.stringify(json ? values.map((v) => (v === null || v === undefined ? null : JSON.stringify(v))) : values);
  if (!text.includes('\\') || !OTHER_ESCAPE.test(text)) return `{${text.slice(1, -1)}}`;
  return `{${values.map((v) => (json && v !== null && v !== undefined ? element(JSON.stringify(v)) : element(v))).join(',')}}`;
}

export class RowSet<Row extends Record<string, unknown>> {
  private readonly rows = new Map<string, Row>();
  /** Keys known absent in the table (loaded and not found, or deleted in this batch). */
  private readonly absent = new Set<string>();
  /** The rows put since the last flush, by key. */
  private readonly dirty = new Map<string, Row>();
  private readonly deleted = new Map<string, Partial<Row>>();
  /** How many SQL statements this set issued: the batch contract's test reads it. */
  statements = 0;
  /**
   * Every row of the table is in memory: the set was made for an empty table and kept, batch after batch, by the one
   * writer of that table (a rebuild's shadow build, see `carry` in projection.ts). Loads then read nothing.
   */
  private whole = false;

  constructor(readonly spec: TableSpec<Row>) {}

  /** Only for a set made on an empty table, kept by its only writer from batch to batch. */
  holdWholeTable(): void {
    this.whole = true;
  }

  /** Writes kept back: `flush` writes only when forced (a row changed in many batches is written once). */
  private deferring = false;

  /**
   * From now on `flush` keeps the changes in memory until `flush(tx, true)`; a query of the table writes them first.
   * For a build's carried sets: whoever defers must force a flush before the tables are used.
   */
  deferWrites(on = true): void {
    this.deferring = on;
  }

  /** Changes not written yet. */
  get pending(): boolean {
    return this.dirty.size > 0 || this.deleted.size > 0;
  }

  get size(): number {
    return this.rows.size;
  }

  get holdsWholeTable(): boolean {
    return this.whole;
  }

  /**
   * After a flush, at more than `max` rows: let them all go (the table is as they were); from then on loads read the
   * table again. Keeps a carried set's memory bounded.
   */
  shrink(max: number): void {
    if (this.rows.size <= max || this.dirty.size > 0 || this.deleted.size > 0) return;
    this.rows.clear();
    this.absent.clear();
    this.whole = false;
  }

  /** The last key made, with the values it was made from: `get(key)` then `put(row)` of the same row makes it once. */
  private lastId: string | null = null;
  private last0: unknown;
  private last1: unknown;
  private last2: unknown;
  private last3: unknown;

  keyOf(row: Partial<Row>): string {
    // Hot: called for every event and row. Key columns are text or integers, never containing U+0000.
    const key = this.spec.key;
    const n = key.length;
    const v0 = row[key[0]!];
    const v1 = n > 1 ? row[key[1]!] : undefined;
    const v2 = n > 2 ? row[key[2]!] : undefined;
    const v3 = n > 3 ? row[key[3]!] : undefined;
    if (this.lastId !== null && n <= 4 && v0 === this.last0 && v1 === this.last1 && v2 === this.last2 && v3 === this.last3)
      return this.lastId;
    let id: string;
    switch (n) {
      case 1:
        id = `${v0 ?? ''}`;
        break;
      case 2:
        id = `${v0 ?? ''}\u0000${v1 ?? ''}`;
        break;
      case 3:
        id = `${v0 ?? ''}\u0000${v1 ?? ''}\u0000${v2 ?? ''}`;
        break;
      case 4:
        id = `${v0 ?? ''}\u0000${v1 ?? ''}\u0000${v2 ?? ''}\u0000${v3 ?? ''}`;
        break;
      default:
        id = key.map((c) => `${row[c] ?? ''}`).join('\u0000');
    }
    this.lastId = id;
    this.last0 = v0;
    this.last1 = v1;
    this.last2 = v2;
    this.last3 = v3;
    return id;
  }

  /** Load the rows with these keys (those not already in memory) in one query. */
  async load(tx: SqlClient, keys: Iterable<Partial<Row>>): Promise<void> {
    if (this.whole) return;
    const wanted = new Map<string, Partial<Row>>();
    for (const k of keys) {
      const id = this.keyOf(k);
      if (this.rows.has(id) || this.absent.has(id) || wanted.has(id)) continue;
      wanted.set(id, Object.fromEntries(this.spec.key.map((c) => [c, k[c]])) as Partial<Row>);
    }
    if (wanted.size === 0) return;
    const t = quote(this.spec.table);
    const cols = this.spec.key.map(quote).join(', ');
    const found = await this.select(
      tx,
      `SELECT to_jsonb(t.*) AS r FROM ${t} t WHERE (${this.spec.key.map((c) => `t.${quote(c)}`).join(', ')}) IN
       (SELECT ${cols} FROM json_populate_recordset(NULL::${t}, $1::json))`,
      [JSON.stringify([...wanted.values()])],
    );
    for (const id of wanted.keys()) if (!found.has(id)) this.absent.add(id);
  }

  /**
   * Load every row matching a condition on the table (alias `t`), e.g. `t.course_id = ANY($1::int[])`: for the
   * look-ups a batch needs by something other than the key. One query. `matches` is the same condition over a row in
   * memory: given, a set holding the whole table answers from memory.
   */
  async loadWhere(tx: SqlClient, where: string, params: readonly unknown[], matches?: (row: Row) => boolean): Promise<Row[]> {
    if (this.whole && matches) return this.filter(matches);
    const found = await this.select(tx, `SELECT to_jsonb(t.*) AS r FROM ${quote(this.spec.table)} t WHERE ${where}`, params);
    return [...found.values()];
  }

  /**
   * Load every row whose `columns` equal one of `values` (e.g. every row of these assignments): one query, values
   * de-duplicated, none when there are none. Returns the rows found (in memory, a row changed in this batch wins).
   */
  async loadIn(tx: SqlClient, columns: readonly (keyof Row & string)[], values: Iterable<Partial<Row>>): Promise<Row[]> {
    const wanted = new Map<string, Partial<Row>>();
    for (const v of values) {
      const picked = Object.fromEntries(columns.map((c) => [c, v[c]])) as Partial<Row>;
      wanted.set(columns.map((c) => String(v[c] ?? '')).join('\u0000'), picked);
    }
    if (wanted.size === 0) return [];
    if (this.whole) return this.filter((r) => wanted.has(columns.map((c) => String(r[c] ?? '')).join('\u0000')));
    const t = quote(this.spec.table);
    const cols = columns.map(quote).join(', ');
    return this.loadWhere(
      tx,
      `(${columns.map((c) => `t.${quote(c)}`).join(', ')}) IN (SELECT ${cols} FROM json_populate_recordset(NULL::${t}, $1::json))`,
      [JSON.stringify([...wanted.values()])],
    );
  }

  private async select(tx: SqlClient, sql: string, params: readonly unknown[]): Promise<Map<string, Row>> {
    // The table must hold what memory holds before SQL reads it.
    if (this.deferring && this.pending) await this.flush(tx, true);
    this.statements++;
    const { rows } = await tx.query<{ r: Row }>(sql, params);
    const found = new Map<string, Row>();
    for (const { r } of rows) {
      const id = this.keyOf(r);
      // A row already changed in memory wins over the stored one; a row deleted in this batch stays deleted.
      if (this.deleted.has(id)) continue;
      if (!this.rows.has(id)) {
        this.rows.set(id, r);
        this.absent.delete(id);
      }
      found.set(id, this.rows.get(id)!);
    }
    return found;
  }

  get(key: Partial<Row>): Row | undefined {
    return this.rows.get(this.keyOf(key));
  }

  has(key: Partial<Row>): boolean {
    return this.rows.has(this.keyOf(key));
  }

  /** Insert or replace a row (in memory; written by `flush`). */
  put(row: Row): void {
    const id = this.keyOf(row);
    this.rows.set(id, row);
    if (this.absent.size > 0) this.absent.delete(id);
    if (this.deleted.size > 0) this.deleted.delete(id);
    this.dirty.set(id, row);
  }

  delete(key: Partial<Row>): void {
    const id = this.keyOf(key);
    this.rows.delete(id);
    this.dirty.delete(id);
    this.absent.add(id);
    this.deleted.set(id, Object.fromEntries(this.spec.key.map((c) => [c, key[c]])) as Partial<Row>);
  }

  /** The rows in memory (loaded or put), in no particular order. */
  values(): Row[] {
    return [...this.rows.values()];
  }

  /** Rows in memory matching a predicate: the in-memory side of a `loadWhere`. */
  filter(predicate: (row: Row) => boolean): Row[] {
    const out: Row[] = [];
    for (const row of this.rows.values()) if (predicate(row)) out.push(row);
    return out;
  }

  /** Write the batch's changes: one DELETE for the rows removed, one multi-row upsert for the rows put. */
  async flush(tx: SqlClient, force = false): Promise<void> {
    if (this.deferring && !force) return;
    const t = quote(this.spec.table);
    if (this.deleted.size > 0) {
      this.statements++;
      const cols = this.spec.key.map(quote).join(', ');
      await tx.query(`DELETE FROM ${t} WHERE (${cols}) IN (SELECT ${cols} FROM json_populate_recordset(NULL::${t}, $1::json))`, [
        JSON.stringify([...this.deleted.values()]),
      ]);
    }
    if (this.dirty.size > 0) {
      this.statements++;
      const cols = this.spec.columns.map(quote).join(', ');
      const keep = new Set<string>([...this.spec.key, ...(this.spec.keepOnConflict ?? [])]);
      const updates = this.spec.columns.filter((c) => !keep.has(c)).map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`);
      const rows = [...this.dirty.values()];
      const conflict = `ON CONFLICT (${this.spec.key.map(quote).join(', ')}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
      const types = await typesOf(tx, this.spec.table);
      if (types && this.spec.columns.every((c) => types.has(c))) {
        // One array per column, unnested: PostgreSQL parses these about twice as fast as the same rows as JSON.
        const arrays = this.spec.columns.map((c) => {
          const type = types.get(c)!;
          return arrayLiteral(
            rows.map((r) => r[c]),
            type === 'jsonb' || type === 'json',
          );
        });
        const unnest = this.spec.columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ');
        await tx.query(`INSERT INTO ${t} (${cols}) SELECT * FROM unnest(${unnest}) ${conflict}`, arrays);
      } else {
        await tx.query(`INSERT INTO ${t} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${t}, $1::json) ${conflict}`, [
          JSON.stringify(rows),
        ]);
      }
    }
    this.dirty.clear();
    this.deleted.clear();
  }
}

/** `timestamptz` as `to_jsonb` gives it (`…+00:00`) or as an event carries it, always as `toISOString()` does. */
export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
