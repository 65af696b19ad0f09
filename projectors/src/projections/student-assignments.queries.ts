import type { SqlClient } from '@evergrade/platform/sql';
import type { StudentAssignment } from '@evergrade/contracts';
import type { StudentAssignmentRow } from './student-assignments';

export type { SaAssignmentRow, SaCourseRow, SaGradeRow, SaQuestionMarkRow, StudentAssignmentRow } from './student-assignments';

/**
 * The student-assignments read model's reads (tables `student_assignments`, `sa_assignments`, `sa_courses`,
 * `sa_question_marks`, `sa_grades`): the only SQL outside the projection that names them.
 * A scheduled assignment shows to students from its go-live instant (`assigned`), so the student-facing reads are
 * "visible" ones.
 */

/** One list row of any student, for aggregates over a class (only the fields the charts need). */
export type ClassGradedRow = Pick<StudentAssignmentRow, 'student_id' | 'course_id' | 'doc'>;

/** The student's assignment list: every row already assigned (live). */
export async function visibleStudentAssignments(db: SqlClient, tenant: string, studentId: number): Promise<StudentAssignment[]> {
  const { rows } = await db.query<{ doc: StudentAssignment }>(
    `SELECT doc FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND (doc->>'assigned')::timestamptz <= now()`,
    [tenant, studentId],
  );
  return rows.map((r) => r.doc);
}

/** One row of the student's list, if it is there and already assigned. */
export async function visibleStudentAssignment(
  db: SqlClient,
  tenant: string,
  studentId: number,
  assignmentId: number,
): Promise<StudentAssignment | null> {
  const { rows } = await db.query<{ doc: StudentAssignment }>(
    `SELECT doc FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3
     AND (doc->>'assigned')::timestamptz <= now()`,
    [tenant, studentId, assignmentId],
  );
  return rows[0]?.doc ?? null;
}

/** Whether the student has the assignment in their list (scheduled or live): who may watch it. */
export async function hasStudentAssignment(db: SqlClient, tenant: string, studentId: number, assignmentId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3', [
    tenant,
    studentId,
    assignmentId,
  ]);
  return rows.length > 0;
}

/**
 * Every graded, live row (any student) of the courses the student has rows in, the student's own included: for
 * class averages. Only aggregates of it may leave the server.
 */
export async function classGradedRows(db: SqlClient, tenant: string, studentId: number): Promise<ClassGradedRow[]> {
  const { rows } = await db.query<ClassGradedRow>(
    `SELECT student_id, course_id, doc FROM student_assignments
     WHERE tenant = $1 AND doc->>'marks_obtained' IS NOT NULL AND (doc->>'assigned')::timestamptz <= now()
       AND course_id IN (SELECT course_id FROM student_assignments WHERE tenant = $1 AND student_id = $2)`,
    [tenant, studentId],
  );
  return rows.map((r) => ({ student_id: Number(r.student_id), course_id: Number(r.course_id), doc: r.doc }));
}

/** The course of an assignment (published or not, deleted ones included), or null when unknown. */
export async function saCourseOfAssignment(db: SqlClient, tenant: string, assignmentId: number): Promise<number | null> {
  const { rows } = await db.query<{ course_id: number }>('SELECT course_id FROM sa_assignments WHERE tenant = $1 AND assignment_id = $2', [
    tenant,
    assignmentId,
  ]);
  return rows[0] ? Number(rows[0].course_id) : null;
}

/** course id → number of published assignments, for these courses (a course with none is absent). */
export async function publishedAssignmentCounts(db: SqlClient, tenant: string, courseIds: readonly number[]): Promise<Map<number, number>> {
  if (courseIds.length === 0) return new Map();
  const { rows } = await db.query<{ course_id: number; n: number }>(
    `SELECT course_id, count(*)::int AS n FROM sa_assignments
     WHERE tenant = $1 AND published AND course_id = ANY($2::int[]) GROUP BY course_id`,
    [tenant, [...courseIds]],
  );
  return new Map(rows.map((r) => [Number(r.course_id), Number(r.n)]));
}

/** A course's published assignments, by due date then id; `due` as `toISOString` gives it. */
export async function publishedAssignmentsOfCourse(
  db: SqlClient,
  tenant: string,
  courseId: number,
): Promise<{ assignment_id: number; title: string; due: string }[]> {
  const { rows } = await db.query<{ assignment_id: number; title: string; due: string | Date }>(
    `SELECT assignment_id, title, due FROM sa_assignments
     WHERE tenant = $1 AND course_id = $2 AND published ORDER BY due, assignment_id`,
    [tenant, courseId],
  );
  return rows.map((a) => ({ assignment_id: Number(a.assignment_id), title: a.title, due: new Date(a.due).toISOString() }));
}

/** How many list rows there are (all schools), in all and by status: the replay bench's check. */
export async function studentAssignmentCounts(db: SqlClient): Promise<{ rows: number; byStatus: Record<string, number> }> {
  const { rows } = await db.query<{ status: string; n: number }>(
    `SELECT doc->>'status' AS status, count(*)::int AS n FROM student_assignments GROUP BY 1`,
  );
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return { rows: rows.reduce((s, r) => s + Number(r.n), 0), byStatus };
}
