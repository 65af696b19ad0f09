import type { SqlClient } from '@evergrade/platform/sql';
import type { RegradeRequestRow } from './regrade-requests';

export type { RegradeRequestRow, RegradeWindowRow } from './regrade-requests';

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: number | string | null) => (v === null ? null : Number(v));

function typed(r: RegradeRequestRow): RegradeRequestRow {
  return {
    ...r,
    request_id: Number(r.request_id),
    assignment_id: Number(r.assignment_id),
    student_id: Number(r.student_id),
    question_id: Number(r.question_id),
    question_number: Number(r.question_number),
    response_id: Number(r.response_id),
    points_before: Number(r.points_before),
    points_after: num(r.points_after),
    points_possible: Number(r.points_possible),
    requested_at: iso(r.requested_at)!,
    resolved_at: iso(r.resolved_at),
    resolved_by: num(r.resolved_by),
  };
}

/** An assignment's regrade requests (of one student when `studentId` is given): open ones first, then newest first. */
export async function regradeRequestsOf(
  db: SqlClient,
  tenant: string,
  assignmentId: number,
  studentId?: number,
): Promise<RegradeRequestRow[]> {
  const { rows } = await db.query<RegradeRequestRow>(
    `SELECT * FROM regrade_requests WHERE tenant = $1 AND assignment_id = $2 AND ($3::integer IS NULL OR student_id = $3)
     ORDER BY (status = 'open') DESC, requested_at DESC, request_id DESC`,
    [tenant, assignmentId, studentId ?? null],
  );
  return rows.map(typed);
}

/** The days of an assignment's regrade window, or null when its instructor never set one. */
export async function regradeWindowOf(db: SqlClient, tenant: string, assignmentId: number): Promise<number | null> {
  const { rows } = await db.query<{ days: number }>('SELECT days FROM regrade_windows WHERE tenant = $1 AND assignment_id = $2', [
    tenant,
    assignmentId,
  ]);
  return rows[0] ? Number(rows[0].days) : null;
}
