import { describe, expect, it } from 'vitest';
import { openPostgresDatabase } from './postgres';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)(databaseUrl ? 'PostgreSQL adapter' : 'PostgreSQL adapter (skipped: DATABASE_URL not set)', () => {
  it('keeps a statement asked to be prepared parsed on the connection, and the others not', async () => {
    const db = openPostgresDatabase({ connectionString: databaseUrl!, max: 1 });
    try {
      const prepared = 'SELECT $1::int + 1 AS n /* prepared */';
      const plain = 'SELECT $1::int + 2 AS n /* plain */';
      await db.transaction(async (tx) => {
        for (const x of [1, 2, 3]) {
          expect((await tx.query<{ n: number }>(prepared, [x], { prepare: true })).rows).toEqual([{ n: x + 1 }]);
          expect((await tx.query<{ n: number }>(plain, [x])).rows).toEqual([{ n: x + 2 }]);
        }
        const { rows } = await tx.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
        expect(rows.map((r) => r.statement)).toEqual([prepared]);
      });
      // The pool's one connection keeps it: used again outside the transaction, by the same name.
      expect((await db.query<{ n: number }>(prepared, [41], { prepare: true })).rows).toEqual([{ n: 42 }]);
      const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM pg_prepared_statements');
      expect(rows).toEqual([{ n: '1' }]);
    } finally {
      await db.close();
    }
  });
});
