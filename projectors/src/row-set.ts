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
  /**
   * Each row is written once, by the batch of the event that makes it, and never changed or deleted (an append-only
   * log keyed by its event): a build from empty tables, which applies each event once, never meets one already there.
   */
  writtenOnce?: boolean;
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
  // JSON text holds no control characters: quoted again, only its `"` and `\` are escaped, as the array syntax reads them.
  if (json || !text.includes('\\') || !OTHER_ESCAPE.test(text)) return `{${text.slice(1, -1)}}`;
  return `{${values.map((v) => (json && v !== null && v !== undefined ? element(JSON.stringify(v)) : element(v))).join(',')}}`;
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** Text as one field of COPY's text format: backslash, tab, newline and carriage return escaped. */
const copyText = (s: string): string => (COPY_SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : s);

/**
 * One value as a field of COPY's text format, read by PostgreSQL as `arrayLiteral`'s element of the same value is:
 * null as `\N`, numbers and booleans as JSON writes them, a `json` column's value (and any object) as its JSON text.
 */
function copyField(v: unknown, json: boolean): string {
  if (v === null || v === undefined) return '\\N';
  if (json) return copyText(JSON.stringify(v));
  switch (typeof v) {
    case 'string':
      return copyText(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : '\\N';
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      return copyText(v instanceof Date ? v.toISOString() : JSON.stringify(v));
  }
}

/** Bytes per piece of a COPY's data (a piece grows past it only for one longer line). */
const COPY_PIECE_BYTES = 1 << 20;

/**
 * Rows as COPY's text format, UTF-8 encoded, in pieces of whole lines. Each line is written into the piece's buffer as
 * it is made: one large string built and then encoded cost a build about twice as much (the concatenated string is
 * flattened, then copied again as bytes, and both are garbage to collect).
 */
function copyData(rows: readonly Record<string, unknown>[], columns: readonly string[], json: readonly boolean[]): Buffer[] {
  const pieces: Buffer[] = [];
  const n = columns.length;
  let piece = Buffer.allocUnsafe(COPY_PIECE_BYTES);
  let used = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let line = copyField(row[columns[0]!], json[0]!);
    for (let c = 1; c < n; c++) line += '\t' + copyField(row[columns[c]!], json[c]!);
    line += '\n';
    // UTF-8 takes at most three bytes per UTF-16 unit.
    const most = line.length * 3;
    if (used + most > piece.length) {
      if (used > 0) pieces.push(piece.subarray(0, used));
      piece = Buffer.allocUnsafe(Math.max(COPY_PIECE_BYTES, most));
      used = 0;
    }
    used += piece.write(line, used);
  }
  if (used > 0) pieces.push(piece.subarray(0, used));
  return pieces;
}

/**
 * One key's place in a set: the row held (none: not in memory, or known absent, or deleted in this batch), and what
 * the batch did to it. Found through nested maps, one level per key column: no key string is built per look-up.
 */
type Cell<Row> = {
  row: Row | undefined;
  /** Known absent from the table (loaded and not found, or deleted). */
  absent: boolean;
  /** Deleted since the last flush: the key columns the DELETE names. */
  deleted: Partial<Row> | undefined;
};

/**
 * A key column's value as a map key, equal exactly when the values' text is (`5` and `'5'`, `null` and `''`: key
 * columns are text or integers, and a row read back has the type the column gives).
 */
function keyPart(v: unknown): unknown {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const c = v.charCodeAt(0);
    // Only a string that starts like a number can be one's canonical text.
    if ((c >= 48 && c <= 57) || c === 45 || c === 73 || c === 78) {
      const n = Number(v);
      if (String(n) === v) return n;
    }
    return v;
  }
  return v === null || v === undefined ? '' : String(v);
}

/**
 * Per table: rows to one array of values per column. Made once from the column names (`r["name"]`, a named property
 * load per value): `r[c]` over every column was a keyed load per value, a tenth of a build's time in the last writes.
 */
const columnReaders = new WeakMap<object, (rows: readonly object[]) => unknown[][]>();
function columnsOf(spec: { readonly columns: readonly string[] }): (rows: readonly object[]) => unknown[][] {
  let read = columnReaders.get(spec);
  if (!read) {
    const names = spec.columns.map((c) => JSON.stringify(c));
    const body = [
      'const n = rows.length;',
      ...names.map((_, i) => `const c${i} = new Array(n);`),
      'for (let i = 0; i < n; i++) {',
      '  const r = rows[i];',
      ...names.map((name, i) => `  c${i}[i] = r[${name}];`),
      '}',
      `return [${names.map((_, i) => `c${i}`).join(', ')}];`,
    ].join('\n');
    read = new Function('rows', body) as (rows: readonly object[]) => unknown[][];
    columnReaders.set(spec, read);
  }
  return read;
}

export class RowSet<Row extends Record<string, unknown>> {
  /** Nested maps, one level per key column, down to each key's cell. */
  private cells = new Map<unknown, unknown>();
  /** The cells holding a row, in the order the rows came in (a replaced row keeps its place, as in a Map). */
  private readonly held = new Set<Cell<Row>>();
  /** The cells put since the last flush (their rows are written), in the order first put. */
  private readonly dirty = new Set<Cell<Row>>();
  /** The cells deleted since the last flush. */
  private readonly deleted = new Set<Cell<Row>>();
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

  /**
   * Nothing was written to the table since the set began holding it whole: the table is still empty, so a flush
   * inserts without `ON CONFLICT` (no speculative insertion per row: a build's last writes are most of its rows).
   */
  private get untouched(): boolean {
    return this.whole && this.writes === 0;
  }
  /** Statements this set issued that wrote to the table. */
  private writes = 0;

  /**
   * For a build from empty tables (projection.ts, `bulk`), a set of a `writtenOnce` table: its rows are new, so a flush
   * inserts them without `ON CONFLICT`.
   */
  rowsAreNew(): void {
    if (this.spec.writtenOnce) this.newRows = true;
  }
  private newRows = false;

  /** Writes kept back: `flush` writes only when forced (a row changed in many batches is written once). */
  private deferring = false;

  /**
   * From now on `flush` keeps the changes in memory until `flush(tx, true)`; a query of the table writes them first.
   * For a build's carried sets: whoever defers must force a flush before the tables are used.
   */
  deferWrites(on = true): void {
    // Every held row stops counting as unwritten by being held: the rows not written yet are named one by one again.
    if (!on && this.heldAreDirty) for (const cell of this.held) this.dirty.add(cell);
    this.deferring = on;
  }

  /**
   * Every row held is a change not written yet, so `dirty` is not kept: a whole table kept back since it was empty, as
   * a build's carried sets are until their last writes (most of a build's puts; a Set.add each was a cost).
   */
  private get heldAreDirty(): boolean {
    return this.deferring && this.untouched;
  }

  /**
   * How many times a flush wrote changes kept back (deferred) to the table: a batch that did so and then rolled back
   * took earlier batches' rows with it (the applier in projection.ts, `discard`).
   */
  keptWritten = 0;

  /** Changes not written yet. */
  get pending(): boolean {
    return this.dirty.size > 0 || this.deleted.size > 0 || (this.heldAreDirty && this.held.size > 0);
  }

  get size(): number {
    return this.held.size;
  }

  get holdsWholeTable(): boolean {
    return this.whole;
  }

  /**
   * After a flush, at more than `max` rows: let them all go (the table is as they were); from then on loads read the
   * table again. Keeps a carried set's memory bounded.
   */
  shrink(max: number): void {
    // Cells of keys known absent count too (a live set keeps them from batch to batch), at twice the rows'.
    if ((this.held.size <= max && this.cellsMade <= 2 * max) || this.pending) return;
    this.cells = new Map();
    this.cellsMade = 0;
    this.held.clear();
    this.last = null;
    this.whole = false;
    this.generation++;
  }

  /** Cells made since the set began or last shrank (rows held, keys known absent, keys deleted). */
  private cellsMade = 0;

  /** How many times `shrink` let the rows go: an index kept beside the set (GradeTotals') is stale when it moved. */
  generation = 0;

  /** The last cell found, with the key values it was found by: `get(key)` then `put(row)` of the same row finds it once. */
  private last: Cell<Row> | null = null;
  private last0: unknown;
  private last1: unknown;
  private last2: unknown;
  private last3: unknown;

  /** The key's cell; made (empty) when `make`, else undefined when there is none. */
  private cellOf(row: Partial<Row>, make: true): Cell<Row>;
  private cellOf(row: Partial<Row>, make: boolean): Cell<Row> | undefined;
  private cellOf(row: Partial<Row>, make: boolean): Cell<Row> | undefined {
    // Hot: called for every event and row.
    const key = this.spec.key;
    const n = key.length;
    const v0 = row[key[0]!];
    const v1 = n > 1 ? row[key[1]!] : undefined;
    const v2 = n > 2 ? row[key[2]!] : undefined;
    const v3 = n > 3 ? row[key[3]!] : undefined;
    if (this.last !== null && n <= 4 && v0 === this.last0 && v1 === this.last1 && v2 === this.last2 && v3 === this.last3) return this.last;
    let level: Map<unknown, unknown> = this.cells;
    for (let i = 0; i < n - 1; i++) {
      const part = keyPart(i === 0 ? v0 : i === 1 ? v1 : i === 2 ? v2 : row[key[i]!]);
      let next = level.get(part) as Map<unknown, unknown> | undefined;
      if (next === undefined) {
        if (!make) return undefined;
        level.set(part, (next = new Map()));
      }
      level = next;
    }
    const part = keyPart(n === 1 ? v0 : n === 2 ? v1 : n === 3 ? v2 : n === 4 ? v3 : row[key[n - 1]!]);
    let cell = level.get(part) as Cell<Row> | undefined;
    if (cell === undefined) {
      if (!make) return undefined;
      level.set(part, (cell = { row: undefined, absent: false, deleted: undefined }));
      this.cellsMade++;
    }
    this.last = cell;
    this.last0 = v0;
    this.last1 = v1;
    this.last2 = v2;
    this.last3 = v3;
    return cell;
  }

  /** A key as text (the key columns' values joined): equal for two keys exactly when they name the same row. */
  keyOf(row: Partial<Row>): string {
    return this.spec.key.map((c) => `${row[c] ?? ''}`).join('\u0000');
  }

  private keyColumns(row: Partial<Row>): Partial<Row> {
    return Object.fromEntries(this.spec.key.map((c) => [c, row[c]])) as Partial<Row>;
  }

  /** Load the rows with these keys (those not already in memory) in one query. */
  async load(tx: SqlClient, keys: Iterable<Partial<Row>>): Promise<void> {
    if (this.whole) return;
    const wanted = new Set<Cell<Row>>();
    const picked: Partial<Row>[] = [];
    for (const k of keys) {
      const cell = this.cellOf(k, true);
      if (cell.row !== undefined || cell.absent || wanted.has(cell)) continue;
      wanted.add(cell);
      picked.push(this.keyColumns(k));
    }
    if (wanted.size === 0) return;
    const t = quote(this.spec.table);
    const cols = this.spec.key.map(quote).join(', ');
    const found = await this.select(
      tx,
      `SELECT to_jsonb(t.*) AS r FROM ${t} t WHERE (${this.spec.key.map((c) => `t.${quote(c)}`).join(', ')}) IN
       (SELECT ${cols} FROM json_populate_recordset(NULL::${t}, $1::json))`,
      [JSON.stringify(picked)],
    );
    for (const cell of wanted) if (!found.has(cell) && cell.row === undefined) cell.absent = true;
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

  private async select(tx: SqlClient, sql: string, params: readonly unknown[]): Promise<Map<Cell<Row>, Row>> {
    // The table must hold what memory holds before SQL reads it.
    if (this.deferring && this.pending) await this.flush(tx, true);
    this.statements++;
    const { rows } = await tx.query<{ r: Row }>(sql, params);
    const found = new Map<Cell<Row>, Row>();
    for (const { r } of rows) {
      const cell = this.cellOf(r, true);
      // A row already changed in memory wins over the stored one; a row deleted in this batch stays deleted.
      if (cell.deleted !== undefined) continue;
      if (cell.row === undefined) {
        cell.row = r;
        cell.absent = false;
        this.held.add(cell);
      }
      found.set(cell, cell.row);
    }
    return found;
  }

  get(key: Partial<Row>): Row | undefined {
    return this.cellOf(key, false)?.row;
  }

  has(key: Partial<Row>): boolean {
    return this.cellOf(key, false)?.row !== undefined;
  }

  /** Insert or replace a row (in memory; written by `flush`). */
  put(row: Row): void {
    const cell = this.cellOf(row, true);
    if (cell.row === undefined) this.held.add(cell);
    cell.row = row;
    cell.absent = false;
    if (cell.deleted !== undefined) {
      cell.deleted = undefined;
      this.deleted.delete(cell);
    }
    if (!this.heldAreDirty) this.dirty.add(cell);
  }

  delete(key: Partial<Row>): void {
    const cell = this.cellOf(key, true);
    if (cell.row !== undefined) this.held.delete(cell);
    cell.row = undefined;
    this.dirty.delete(cell);
    cell.absent = true;
    cell.deleted = this.keyColumns(key);
    // A second delete of the key names it once, in its first place (as a Map's set does).
    this.deleted.add(cell);
  }

  /** The rows in memory (loaded or put), in no particular order. */
  values(): Row[] {
    const out: Row[] = [];
    for (const cell of this.held) out.push(cell.row!);
    return out;
  }

  /** Rows in memory matching a predicate: the in-memory side of a `loadWhere`. */
  filter(predicate: (row: Row) => boolean): Row[] {
    const out: Row[] = [];
    for (const cell of this.held) if (predicate(cell.row!)) out.push(cell.row!);
    return out;
  }

  /** Write the batch's changes: one DELETE for the rows removed, one multi-row upsert for the rows put. */
  async flush(tx: SqlClient, force = false): Promise<void> {
    if (this.deferring && !force) return;
    const t = quote(this.spec.table);
    // Known empty: nothing to delete, and no row the insert could meet.
    const empty = this.untouched;
    if (this.deferring && this.pending) this.keptWritten++;
    if (this.deleted.size > 0 && !empty) {
      this.statements++;
      this.writes++;
      const cols = this.spec.key.map(quote).join(', ');
      await tx.query(`DELETE FROM ${t} WHERE (${cols}) IN (SELECT ${cols} FROM json_populate_recordset(NULL::${t}, $1::json))`, [
        JSON.stringify([...this.deleted].map((cell) => cell.deleted)),
      ]);
    }
    const changed = this.heldAreDirty ? this.held : this.dirty;
    if (changed.size > 0) {
      this.statements++;
      this.writes++;
      const cols = this.spec.columns.map(quote).join(', ');
      const keep = new Set<string>([...this.spec.key, ...(this.spec.keepOnConflict ?? [])]);
      const updates = this.spec.columns.filter((c) => !keep.has(c)).map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`);
      const rows: Row[] = [];
      for (const cell of changed) rows.push(cell.row!);
      const conflict =
        empty || this.newRows
          ? ''
          : `ON CONFLICT (${this.spec.key.map(quote).join(', ')}) DO ${updates.length ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`;
      const types = await typesOf(tx, this.spec.table);
      if (!conflict && types && this.spec.columns.every((c) => types.has(c))) {
        // Rows no row of the table can meet (an empty table's first write, or rows written once): COPY, which costs
        // PostgreSQL about half an unnest's CPU (a rebuild's last writes are most of its rows).
        const json = this.spec.columns.map((c) => types.get(c) === 'jsonb' || types.get(c) === 'json');
        await tx.copyIn(t, this.spec.columns.map(quote), copyData(rows, this.spec.columns, json));
      } else if (types && this.spec.columns.every((c) => types.has(c))) {
        // One array per column, unnested: PostgreSQL parses these about twice as fast as the same rows as JSON.
        const values = columnsOf(this.spec)(rows);
        const arrays = this.spec.columns.map((c, i) => {
          const type = types.get(c)!;
          return arrayLiteral(values[i]!, type === 'jsonb' || type === 'json');
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
    for (const cell of this.deleted) cell.deleted = undefined;
    this.deleted.clear();
  }
}

/** `timestamptz` as `to_jsonb` gives it (`…+00:00`) or as an event carries it, always as `toISOString()` does. */
export const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
