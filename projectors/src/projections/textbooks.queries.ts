import type { SqlClient } from '@evergrade/platform/sql';
import type { TextbookRow } from './textbooks';

export type { TextbookRow } from './textbooks';

/** The textbooks of these tenants (normally the shared library and a school), by subject, then title. */
export async function textbooksOfTenants(db: SqlClient, tenants: readonly string[]): Promise<TextbookRow[]> {
  const { rows } = await db.query<TextbookRow>('SELECT * FROM textbooks WHERE tenant = ANY($1::text[]) ORDER BY subject, title', [
    [...tenants],
  ]);
  return rows;
}

/** The textbooks' subjects across every school and the shared library, each once (lower-cased, trimmed). */
export async function textbookSubjectsOfPlatform(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query<{ s: string }>(
    `SELECT DISTINCT lower(btrim(subject)) AS s FROM textbooks WHERE btrim(subject) <> '' ORDER BY 1`,
  );
  return rows.map((r) => r.s);
}
