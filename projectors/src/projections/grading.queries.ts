import type { SqlClient } from '@evergrade/platform/sql';
import type { HistoryRow, ResponseRow, SubmissionRow } from './grading';

export type { HistoryRow, ResponseRow, SubmissionRow } from './grading';

/**
 * The grading read model's reads (tables `gr_submissions`, `gr_responses`, `gr_history`): the only SQL outside the
 * projection that names them. Rows arrive through `to_jsonb`, so on `pg` and PGlite alike numbers are numbers and
 * `timestamptz` columns ISO strings (`…+00:00`).
 */

async function rowsOf<T>(db: SqlClient, sql: string, params: readonly unknown[]): Promise<T[]> {
  const { rows } = await db.query<{ r: T }>(sql, params);
  return rows.map((x) => x.r);
}

/** How each student of the assignment submitted (file or online), for the students on a grading stream. */
export function gradingSubmissionsOf(db: SqlClient, tenant: string, assignmentId: number): Promise<SubmissionRow[]> {
  return rowsOf(db, 'SELECT to_jsonb(s.*) AS r FROM gr_submissions s WHERE s.tenant = $1 AND s.assignment_id = $2 ORDER BY s.student_id', [
    tenant,
    assignmentId,
  ]);
}

/** Every graded response of the assignment (all students). */
export function gradedResponsesOf(db: SqlClient, tenant: string, assignmentId: number): Promise<ResponseRow[]> {
  return rowsOf(db, 'SELECT to_jsonb(r.*) AS r FROM gr_responses r WHERE r.tenant = $1 AND r.assignment_id = $2', [tenant, assignmentId]);
}

/** One response by its id; null when the read model has none. */
export async function gradedResponseById(db: SqlClient, tenant: string, responseId: number): Promise<ResponseRow | null> {
  const rows = await rowsOf<ResponseRow>(db, 'SELECT to_jsonb(r.*) AS r FROM gr_responses r WHERE r.tenant = $1 AND r.response_id = $2', [
    tenant,
    responseId,
  ]);
  return rows[0] ?? null;
}

/** A response's chain, oldest first. */
export function responseHistoryOf(db: SqlClient, tenant: string, responseId: number): Promise<HistoryRow[]> {
  return rowsOf(db, 'SELECT to_jsonb(h.*) AS r FROM gr_history h WHERE h.tenant = $1 AND h.response_id = $2 ORDER BY h.version', [
    tenant,
    responseId,
  ]);
}

/** Graded responses across every school (the public pages' "questions graded"). */
export async function countGradedResponses(db: SqlClient): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM gr_responses WHERE graded');
  return Number(rows[0]?.n ?? 0);
}
