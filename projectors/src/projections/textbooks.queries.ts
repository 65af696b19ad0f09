import type { SqlClient } from '@evergrade/platform/sql';
import { iso } from '../row-set';
import type { TextbookRow } from './textbooks';

export type { TextbookRow } from './textbooks';

const typed = (r: TextbookRow): TextbookRow => ({ ...r, added_at: iso(r.added_at) });

/** The textbooks of these tenants (normally the shared library and a school), by subject, then title; removed ones not. */
export async function textbooksOfTenants(db: SqlClient, tenants: readonly string[]): Promise<TextbookRow[]> {
  const { rows } = await db.query<TextbookRow>(
    'SELECT * FROM textbooks WHERE tenant = ANY($1::text[]) AND NOT removed ORDER BY subject, title, textbook_id',
    [[...tenants]],
  );
  return rows.map(typed);
}

/** One textbook of these tenants (not removed), or null. */
export async function textbookById(db: SqlClient, tenants: readonly string[], textbookId: number): Promise<TextbookRow | null> {
  const { rows } = await db.query<TextbookRow>(
    'SELECT * FROM textbooks WHERE tenant = ANY($1::text[]) AND textbook_id = $2 AND NOT removed',
    [[...tenants], textbookId],
  );
  return rows[0] ? typed(rows[0]) : null;
}

/** The textbooks' subjects across every school and the shared library, each once (lower-cased, trimmed); removed books not. */
export async function textbookSubjectsOfPlatform(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query<{ s: string }>(
    `SELECT DISTINCT lower(btrim(subject)) AS s FROM textbooks WHERE btrim(subject) <> '' AND NOT removed ORDER BY 1`,
  );
  return rows.map((r) => r.s);
}
