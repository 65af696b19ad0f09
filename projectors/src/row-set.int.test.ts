/**
 * RowSet writes rows as one array literal per column (unnested), as JSON for a table with an array column, or with
 * COPY when no row of the table can meet them (a build's first write to an empty table, or rows written once). Every
 * kind of value a read model holds comes back from the table as it went in, on PGlite and PostgreSQL: text with
 * quotes, backslashes, control characters, non-ASCII and words that mean something to PostgreSQL's array syntax;
 * nulls; numbers; booleans; timestamps; jsonb documents holding such text.
 */
import { describe, expect, it } from 'vitest';
import { RowSet, type TableSpec } from './row-set';
import { testBackends } from './testing';

type Row = {
  id: number;
  label: string | null;
  points: number | null;
  ok: boolean | null;
  at: string | null;
  doc: unknown;
};
type ListRow = { id: number; ids: number[]; label: string };

const spec: TableSpec<Row> = { table: 'rs_values', key: ['id'], columns: ['id', 'label', 'points', 'ok', 'at', 'doc'] };
const listSpec: TableSpec<ListRow> = { table: 'rs_lists', key: ['id'], columns: ['id', 'ids', 'label'] };

const awkward = [
  'plain',
  '',
  'NULL',
  'null',
  'say "hi"',
  'back\\slash \\" and \\\\',
  'line one\nline two\r\n\ttabbed',
  '{braces}, [brackets], commas',
  'bell \u0007 and escape \u001b',
  'é ü ß 数学 ∑ x² 🎓',
  '  padded  ',
  '\\n is not a newline here',
];

const rowsOf = (): Row[] =>
  awkward.map((label, i) => ({
    id: i + 1,
    label,
    points: i % 3 === 0 ? null : i + 0.25,
    ok: i % 3 === 0 ? null : i % 2 === 0,
    at: i % 4 === 0 ? null : new Date(Date.UTC(2026, 10, i + 1, 9, 30)).toISOString(),
    doc: i % 5 === 0 ? null : { text: label, list: [label, i], nested: { quote: '"', slash: '\\' } },
  }));

describe.each(testBackends('rowset_'))('RowSet on %s', (_name, backend) => {
  it('writes every kind of value and reads it back unchanged, in batches that insert and then update', async () => {
    const { db, dispose } = await backend.open();
    try {
      await db.query(`CREATE TABLE rs_values (id integer PRIMARY KEY, label text, points numeric, ok boolean, at timestamptz, doc jsonb)`);
      await db.query(`CREATE TABLE rs_lists (id integer PRIMARY KEY, ids integer[] NOT NULL, label text NOT NULL)`);
      const rows = rowsOf();
      await db.transaction(async (tx) => {
        const set = new RowSet(spec);
        rows.forEach((r) => set.put(r));
        await set.flush(tx);
        const lists = new RowSet(listSpec);
        rows.forEach((r) => lists.put({ id: r.id, ids: [r.id, r.id * 2], label: r.label ?? '' }));
        await lists.flush(tx);
      });
      // The same rows changed (the upsert path), in a second batch.
      const changed = rows.map((r) => ({ ...r, label: r.label === null ? null : `${r.label}\n"again"` }));
      await db.transaction(async (tx) => {
        const set = new RowSet(spec);
        await set.load(
          tx,
          rows.map((r) => ({ id: r.id })),
        );
        expect(set.values()).toHaveLength(rows.length);
        changed.forEach((r) => set.put(r));
        await set.flush(tx);
      });
      const back = await db.transaction(async (tx) => {
        const set = new RowSet(spec);
        await set.load(
          tx,
          rows.map((r) => ({ id: r.id })),
        );
        return set.values().sort((a, b) => a.id - b.id);
      });
      expect(
        back.map((r) => ({ ...r, points: r.points === null ? null : Number(r.points), at: r.at && new Date(r.at).toISOString() })),
      ).toEqual(changed);
      const lists = await db.query<{ id: number; ids: number[]; label: string }>('SELECT id, ids, label FROM rs_lists ORDER BY id');
      expect(lists.rows).toEqual(rows.map((r) => ({ id: r.id, ids: [r.id, r.id * 2], label: r.label ?? '' })));
    } finally {
      await dispose();
    }
  });

  it('writes rows with COPY into an empty table, or rows written once, exactly as the upsert writes them', async () => {
    const { db, dispose } = await backend.open();
    try {
      const ddl = (t: string) =>
        `CREATE TABLE ${t} (id integer PRIMARY KEY, label text, points numeric, ok boolean, at timestamptz, doc jsonb)`;
      await db.query(ddl('rs_upserted'));
      await db.query(ddl('rs_copied'));
      await db.query(ddl('rs_once'));
      const rows = rowsOf();
      const copied: string[] = [];
      await db.transaction(async (tx) => {
        // Counts the COPYs: the test must fail if the set fell back to the upsert.
        const counting = Object.assign(Object.create(tx) as typeof tx, {
          copyIn: (table: string, columns: readonly string[], data: readonly string[]) => (
            copied.push(table),
            tx.copyIn(table, columns, data)
          ),
        });
        const upserted = new RowSet({ ...spec, table: 'rs_upserted' });
        rows.forEach((r) => upserted.put(r));
        await upserted.flush(counting);
        expect(copied).toEqual([]);
        const whole = new RowSet({ ...spec, table: 'rs_copied' });
        whole.holdWholeTable();
        rows.forEach((r) => whole.put(r));
        await whole.flush(counting);
        const once = new RowSet({ ...spec, table: 'rs_once', writtenOnce: true });
        once.rowsAreNew();
        rows.forEach((r) => once.put(r));
        await once.flush(counting);
        expect(copied).toEqual(['"rs_copied"', '"rs_once"']);
      });
      const text = async (t: string) => (await db.query<{ r: string }>(`SELECT t::text AS r FROM ${t} t ORDER BY id`)).rows.map((r) => r.r);
      const expected = await text('rs_upserted');
      expect(expected).toHaveLength(rows.length);
      expect(await text('rs_copied')).toEqual(expected);
      expect(await text('rs_once')).toEqual(expected);
      const back = await db.query<Row>('SELECT id, label, points, ok, at, doc FROM rs_copied ORDER BY id');
      expect(back.rows.map((r) => r.label)).toEqual(awkward);
      expect(back.rows.map((r) => r.doc)).toEqual(rows.map((r) => r.doc));
    } finally {
      await dispose();
    }
  });

  it("copies rows in pieces of whole lines: many rows, non-ASCII text at the pieces' edges, and one row longer than a piece", async () => {
    const { db, dispose } = await backend.open();
    try {
      await db.query(`CREATE TABLE rs_many (id integer PRIMARY KEY, label text, points numeric, ok boolean, at timestamptz, doc jsonb)`);
      const rows: Row[] = [];
      // About 3 MB of text, three bytes a character in part, and a row of 2.5 MB on its own.
      for (let i = 1; i <= 6_000; i++)
        rows.push({ id: i, label: `${'数学 ∑ x² '.repeat(20)}${i}`, points: i, ok: i % 2 === 0, at: null, doc: { n: i, s: 'é\t"' } });
      rows.push({ id: 6_001, label: `🎓${'ü'.repeat(1_250_000)}\n`, points: null, ok: null, at: null, doc: null });
      const pieces: number[] = [];
      await db.transaction(async (tx) => {
        const counting = Object.assign(Object.create(tx) as typeof tx, {
          copyIn: (table: string, columns: readonly string[], data: readonly (string | Uint8Array)[]) => (
            pieces.push(data.length),
            tx.copyIn(table, columns, data)
          ),
        });
        const set = new RowSet({ ...spec, table: 'rs_many' });
        set.holdWholeTable();
        rows.forEach((r) => set.put(r));
        await set.flush(counting);
      });
      expect(pieces).toHaveLength(1);
      expect(pieces[0]).toBeGreaterThan(2);
      const back = await db.query<Row>('SELECT id, label, points, ok, doc FROM rs_many ORDER BY id');
      expect(back.rows.map((r) => r.label)).toEqual(rows.map((r) => r.label));
      expect(back.rows.map((r) => (r.points === null ? null : Number(r.points)))).toEqual(rows.map((r) => r.points));
      expect(back.rows.map((r) => r.doc)).toEqual(rows.map((r) => r.doc));
    } finally {
      await dispose();
    }
  });
});
