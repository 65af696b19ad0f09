import type { SqlClient } from '@evergrade/platform/sql';
import type { RubricRow } from './rubrics';

export type { RubricRow } from './rubrics';

/** The rubric criteria of these tenants (normally the shared library and a school), by rubric name (any case), then id. */
export async function rubricsOfTenants(db: SqlClient, tenants: readonly string[]): Promise<RubricRow[]> {
  const { rows } = await db.query<RubricRow>(
    'SELECT * FROM rubrics WHERE tenant = ANY($1::text[]) ORDER BY lower(rubric_name), rubric_id',
    [[...tenants]],
  );
  return rows.map((r) => ({ ...r, added_at: new Date(r.added_at).toISOString() }));
}
