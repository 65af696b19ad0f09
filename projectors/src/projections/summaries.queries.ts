import type { SqlClient } from '@evergrade/platform/sql';

/**
 * The summaries read model's rows and reads (tables `sm_students`, `sm_classes`). Positions are the event store's
 * zero-padded strings, which order as text (as every projection's `position` column does).
 */

/** sm_students: a student's summary of one assignment and the grades it was written from. */
export type SmStudentRow = {
  tenant: string;
  assignment_id: number;
  student_id: number;
  /** The student's grading stream version at its last event that changed marks, feedback or what is graded. */
  grading_version: number;
  grading_position: string;
  summary: string | null;
  generator: 'ai' | 'offline' | null;
  provider: string | null;
  /** The grading stream version the summary was written from (null: none written yet). */
  inputs_version: number | null;
  inputs_position: string | null;
  /** The position of the last grading event of the student's earlier assignments of the course ('' when none). */
  trend_position: string;
  /** The trend position the summary was written from (null: none known then). */
  inputs_trend_position: string | null;
  written_at: string | null;
  position: string;
};

/** sm_assignments: an assignment's course and due date. */
export type SmAssignmentRow = { tenant: string; assignment_id: number; course_id: number; due: string };

/** sm_classes: an assignment's class summary, its inputs, and the last failure to write it. */
export type SmClassRow = {
  tenant: string;
  assignment_id: number;
  /** The position of the assignment's last grading event that changed marks, feedback or what is graded. */
  grading_position: string;
  summary: string | null;
  generator: 'ai' | 'offline' | null;
  provider: string | null;
  inputs_position: string | null;
  /** Graded submissions the summary covers. */
  students: number | null;
  written_at: string | null;
  error: string | null;
  /** The grading position the failed attempt was for. */
  error_position: string | null;
  position: string;
};

/**
 * A summary written from the current grades is ready; none yet, or one from older grades (or an older trend: a grade of
 * an earlier assignment changed since), is being (re)written.
 */
export const studentSummaryStale = (
  r: Pick<SmStudentRow, 'inputs_version' | 'grading_version' | 'trend_position' | 'inputs_trend_position'>,
): boolean => r.inputs_version === null || r.inputs_version < r.grading_version || r.trend_position > (r.inputs_trend_position ?? '');

/** 'error' when the last attempt for the current grades failed, 'done' when written from them, else 'generating'. */
export function classSummaryState(
  r: Pick<SmClassRow, 'inputs_position' | 'grading_position' | 'error_position'>,
): 'generating' | 'done' | 'error' {
  if (r.inputs_position !== null && r.inputs_position >= r.grading_position) return 'done';
  if (r.error_position !== null && r.error_position >= r.grading_position) return 'error';
  return 'generating';
}

async function rowsOf<T>(db: SqlClient, sql: string, params: readonly unknown[]): Promise<T[]> {
  const { rows } = await db.query<{ r: T }>(sql, params);
  return rows.map((x) => x.r);
}

/** Every student summary row of an assignment, and its class row (null when no grading event reached it). */
export async function summariesOfAssignment(
  db: SqlClient,
  tenant: string,
  assignmentId: number,
): Promise<{ students: SmStudentRow[]; cls: SmClassRow | null }> {
  const students = await rowsOf<SmStudentRow>(
    db,
    'SELECT to_jsonb(s.*) AS r FROM sm_students s WHERE s.tenant = $1 AND s.assignment_id = $2 ORDER BY s.student_id',
    [tenant, assignmentId],
  );
  const classes = await rowsOf<SmClassRow>(db, 'SELECT to_jsonb(c.*) AS r FROM sm_classes c WHERE c.tenant = $1 AND c.assignment_id = $2', [
    tenant,
    assignmentId,
  ]);
  return { students, cls: classes[0] ?? null };
}

/**
 * Assignments with a summary to write: a student row or the class row whose grades changed since it was written (a
 * class attempt that failed for the current grades waits for the next change). The summary writer's to-do list.
 */
export async function assignmentsWithStaleSummaries(db: SqlClient): Promise<{ tenant: string; assignment_id: number }[]> {
  const { rows } = await db.query<{ tenant: string; assignment_id: number }>(
    `SELECT c.tenant, c.assignment_id FROM sm_classes c
     WHERE (c.inputs_position IS NULL OR c.inputs_position < c.grading_position)
       AND (c.error_position IS NULL OR c.error_position < c.grading_position)
     UNION
     SELECT DISTINCT s.tenant, s.assignment_id FROM sm_students s
     WHERE s.inputs_version IS NULL OR s.inputs_version < s.grading_version OR s.trend_position > COALESCE(s.inputs_trend_position, '')
     ORDER BY 1, 2`,
  );
  return rows.map((r) => ({ tenant: r.tenant, assignment_id: Number(r.assignment_id) }));
}
