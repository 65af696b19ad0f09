import type { SqlClient } from '@evergrade/platform/sql';

/**
 * The timed-sessions read model's row type and queries. Rows arrive through `to_jsonb`, so on `pg` and PGlite alike
 * numbers are numbers and `timestamptz` columns ISO strings (`…+00:00`).
 */

/** timed_sessions: one student's timed session on one assignment; `position` is the last event that changed it. */
export type TimedSessionRow = {
  tenant: string;
  assignment_id: number;
  student_id: number;
  started_at: string;
  deadline: string;
  time_limit: number;
  extra_seconds: number;
  status: 'active' | 'submitted';
  submission_method: string | null;
  submitted_at: string | null;
  last_heartbeat_at: string | null;
  position: string;
};

/** Every timed session of an assignment, by student id. */
export async function timedSessionsOfAssignment(db: SqlClient, tenant: string, assignmentId: number): Promise<TimedSessionRow[]> {
  const { rows } = await db.query<{ r: TimedSessionRow }>(
    'SELECT to_jsonb(t.*) AS r FROM timed_sessions t WHERE t.tenant = $1 AND t.assignment_id = $2 ORDER BY t.student_id',
    [tenant, assignmentId],
  );
  return rows.map((x) => x.r);
}

/** One student's timed session on an assignment; null when they have not started one. */
export async function timedSessionOf(
  db: SqlClient,
  tenant: string,
  assignmentId: number,
  studentId: number,
): Promise<TimedSessionRow | null> {
  const { rows } = await db.query<{ r: TimedSessionRow }>(
    'SELECT to_jsonb(t.*) AS r FROM timed_sessions t WHERE t.tenant = $1 AND t.assignment_id = $2 AND t.student_id = $3',
    [tenant, assignmentId, studentId],
  );
  return rows[0]?.r ?? null;
}
