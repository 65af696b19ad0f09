import type { SqlClient } from '@evergrade/platform/sql';
import type { PracticeAssignmentsRow } from './practice';

export type { PracticeAssignmentsRow, PracticeRow } from './practice';

/**
 * The practice read model's queries: a student only ever reads their own practice assignments.
 * Rows arrive through `to_jsonb`: `created_at` is an ISO string, `doc` the sheet it holds.
 */

/** A student's practice assignments, newest first. */
export async function practiceAssignmentsOfStudent(db: SqlClient, tenant: string, studentId: number): Promise<PracticeAssignmentsRow[]> {
  const { rows } = await db.query<{ r: PracticeAssignmentsRow }>(
    `SELECT to_jsonb(p.*) AS r FROM practice_assignments p WHERE p.tenant = $1 AND p.student_id = $2
     ORDER BY p.created_at DESC, p.practice_id DESC`,
    [tenant, studentId],
  );
  return rows.map((x) => x.r);
}

/** One of a student's practice assignments; null when there is none or it is someone else's. */
export async function practiceAssignmentOfStudent(
  db: SqlClient,
  tenant: string,
  studentId: number,
  practiceId: number,
): Promise<PracticeAssignmentsRow | null> {
  const { rows } = await db.query<{ r: PracticeAssignmentsRow }>(
    'SELECT to_jsonb(p.*) AS r FROM practice_assignments p WHERE p.tenant = $1 AND p.practice_id = $2 AND p.student_id = $3',
    [tenant, practiceId, studentId],
  );
  return rows[0]?.r ?? null;
}
