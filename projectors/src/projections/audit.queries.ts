import type { SqlClient } from '@evergrade/platform/sql';
import type { AuditGradeEventRow } from './audit';

export type { AuditGradeEventRow } from './audit';

/**
 * The audit read model's reads (table `audit_grade_events`): the only SQL outside the projection that names it. Rows
 * arrive through `to_jsonb` (numbers as numbers, `recorded_at` an ISO string) without the response text, which no
 * reader of the log needs.
 */
export type AuditLogEntryRow = Omit<AuditGradeEventRow, 'response'>;

const ROW = "to_jsonb(e.*) - 'response'";

async function rowsOf<T>(db: SqlClient, sql: string, params: readonly unknown[]): Promise<T[]> {
  const { rows } = await db.query<{ r: T }>(sql, params);
  return rows.map((x) => x.r);
}

/** The assignments and the students the log names (each id once, ascending). */
export async function auditedIds(db: SqlClient, tenant: string): Promise<{ assignmentIds: number[]; studentIds: number[] }> {
  const [assignments, students] = await Promise.all([
    db.query<{ id: number }>('SELECT DISTINCT assignment_id AS id FROM audit_grade_events WHERE tenant = $1 ORDER BY 1', [tenant]),
    db.query<{ id: number }>('SELECT DISTINCT student_id AS id FROM audit_grade_events WHERE tenant = $1 ORDER BY 1', [tenant]),
  ]);
  return { assignmentIds: assignments.rows.map((r) => Number(r.id)), studentIds: students.rows.map((r) => Number(r.id)) };
}

/** A search of the log: every condition given must hold (`studentIds`: the student is one of them). */
export type AuditFilter = { studentId?: number; studentIds?: readonly number[]; assignmentId?: number; from?: string; to?: string };

/** One page of the log, latest first (recorded instant, then position and seq), and how many rows match in all. */
export async function searchAuditLog(
  db: SqlClient,
  tenant: string,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: AuditLogEntryRow[] }> {
  const where = ['e.tenant = $1'];
  const args: unknown[] = [tenant];
  const add = (sql: (n: string) => string, value: unknown) => {
    args.push(value);
    where.push(sql(`$${args.length}`));
  };
  if (filter.studentId !== undefined) add((n) => `e.student_id = ${n}`, filter.studentId);
  if (filter.studentIds !== undefined) add((n) => `e.student_id = ANY(${n}::int[])`, [...filter.studentIds]);
  if (filter.assignmentId !== undefined) add((n) => `e.assignment_id = ${n}`, filter.assignmentId);
  if (filter.from) add((n) => `e.recorded_at >= ${n}::timestamptz`, filter.from);
  if (filter.to) add((n) => `e.recorded_at <= ${n}::timestamptz`, filter.to);
  const conditions = where.join(' AND ');
  const limit = Math.max(0, Math.trunc(page.limit));
  const offset = Math.max(0, Math.trunc(page.offset));
  const [count, rows] = await Promise.all([
    db.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM audit_grade_events e WHERE ${conditions}`, args),
    rowsOf<AuditLogEntryRow>(
      db,
      `SELECT ${ROW} AS r FROM audit_grade_events e WHERE ${conditions}
      ORDER BY e.recorded_at DESC, e.position DESC, e.seq DESC LIMIT ${limit} OFFSET ${offset}`,
      args,
    ),
  ]);
  return { total: Number(count.rows[0]?.n ?? 0), rows };
}

/** Every row of these responses (their whole chains), in no particular order. */
export function auditRowsOfResponses(db: SqlClient, tenant: string, responseIds: readonly number[]): Promise<AuditLogEntryRow[]> {
  if (responseIds.length === 0) return Promise.resolve([]);
  return rowsOf(db, `SELECT ${ROW} AS r FROM audit_grade_events e WHERE e.tenant = $1 AND e.response_id = ANY($2::int[])`, [
    tenant,
    [...new Set(responseIds)],
  ]);
}

/** Every row of an assignment, optionally only those recorded at or before `asOf`, in no particular order. */
export function auditRowsOfAssignment(db: SqlClient, tenant: string, assignmentId: number, asOf?: string): Promise<AuditLogEntryRow[]> {
  return asOf === undefined
    ? rowsOf(db, `SELECT ${ROW} AS r FROM audit_grade_events e WHERE e.tenant = $1 AND e.assignment_id = $2`, [tenant, assignmentId])
    : rowsOf(
        db,
        `SELECT ${ROW} AS r FROM audit_grade_events e WHERE e.tenant = $1 AND e.assignment_id = $2 AND e.recorded_at <= $3::timestamptz`,
        [tenant, assignmentId, asOf],
      );
}
