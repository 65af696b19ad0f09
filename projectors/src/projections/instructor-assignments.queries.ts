import type { SqlClient } from '@evergrade/platform/sql';
import type { GradeRow } from './grade-totals';

/**
 * The instructor-assignments read model's rows and queries. Rows arrive through `to_jsonb`, so on `pg` and PGlite
 * alike numbers are numbers and `timestamptz` columns ISO strings (`…+00:00`).
 */

/** ia_courses: a course as the instructor side needs it (who teaches it now). */
export type IaCourseRow = {
  tenant: string;
  course_id: number;
  course_code: string;
  course_name: string;
  subject: string;
  instructor_ids: number[];
};

/** ia_assignments: one assignment with its totals; a deleted assignment keeps its row, marked deleted. */
export type IaAssignmentRow = {
  tenant: string;
  assignment_id: number;
  course_id: number;
  title: string;
  description: string;
  due: string;
  created_at: string;
  live_at: string;
  time_limit: number | null;
  submissions_allowed: boolean;
  creation_method: string;
  created_by: number;
  question_count: number;
  marks_total: number;
  submissions: number;
  average: number | null;
  deleted: boolean;
};

/** ia_questions: one question of an assignment's sheet, with its answer, grading instructions, tags and flag. */
export type IaQuestionRow = {
  tenant: string;
  assignment_id: number;
  question_id: number;
  question_number: number;
  content: string;
  answer: string;
  grading_instructions: string;
  marks_possible: number;
  tags: string[];
  flagged_for_review: string;
};

/** ia_submitted: a student who submitted (online or by an uploaded file), counted once. */
export type IaSubmittedRow = { tenant: string; assignment_id: number; student_id: number };

/** ia_grades: the projection's own per-(student, question) marks (GradeTotals). */
export type IaGradeRow = GradeRow;

/** An assignment with the course it belongs to. */
export type IaAssignmentWithCourse = IaAssignmentRow & Pick<IaCourseRow, 'course_code' | 'course_name' | 'subject'>;

const WITH_COURSE = `to_jsonb(a.*) || jsonb_build_object('course_code', c.course_code, 'course_name', c.course_name, 'subject', c.subject)`;

async function rowsOf<T>(db: SqlClient, sql: string, params: readonly unknown[]): Promise<T[]> {
  const { rows } = await db.query<{ r: T }>(sql, params);
  return rows.map((x) => x.r);
}

/** Assignments (not deleted) of the courses the instructor teaches now, latest due first. */
export function taughtAssignments(db: SqlClient, tenant: string, instructorId: number): Promise<IaAssignmentWithCourse[]> {
  return rowsOf(
    db,
    `SELECT ${WITH_COURSE} AS r FROM ia_assignments a JOIN ia_courses c ON c.tenant = a.tenant AND c.course_id = a.course_id
     WHERE a.tenant = $1 AND $2 = ANY(c.instructor_ids) AND NOT a.deleted ORDER BY a.due DESC, a.assignment_id DESC`,
    [tenant, instructorId],
  );
}

/** The assignment when it is not deleted and the instructor teaches its course now; null for anyone else. */
export async function taughtAssignment(
  db: SqlClient,
  tenant: string,
  instructorId: number,
  assignmentId: number,
): Promise<IaAssignmentWithCourse | null> {
  const rows = await rowsOf<IaAssignmentWithCourse>(
    db,
    `SELECT ${WITH_COURSE} AS r FROM ia_assignments a JOIN ia_courses c ON c.tenant = a.tenant AND c.course_id = a.course_id
     WHERE a.tenant = $1 AND $2 = ANY(c.instructor_ids) AND NOT a.deleted AND a.assignment_id = $3`,
    [tenant, instructorId, assignmentId],
  );
  return rows[0] ?? null;
}

/** One assignment, deleted or not; null when there is none. */
export async function iaAssignmentById(db: SqlClient, tenant: string, assignmentId: number): Promise<IaAssignmentRow | null> {
  const rows = await rowsOf<IaAssignmentRow>(
    db,
    'SELECT to_jsonb(a.*) AS r FROM ia_assignments a WHERE a.tenant = $1 AND a.assignment_id = $2',
    [tenant, assignmentId],
  );
  return rows[0] ?? null;
}

/** The assignments with these ids (deleted ones included), each with its course (course fields null when it has none). */
export function iaAssignmentsByIds(db: SqlClient, tenant: string, assignmentIds: readonly number[]): Promise<IaAssignmentWithCourse[]> {
  if (assignmentIds.length === 0) return Promise.resolve([]);
  return rowsOf(
    db,
    `SELECT ${WITH_COURSE} AS r FROM ia_assignments a LEFT JOIN ia_courses c ON c.tenant = a.tenant AND c.course_id = a.course_id
     WHERE a.tenant = $1 AND a.assignment_id = ANY($2::int[])`,
    [tenant, [...assignmentIds]],
  );
}

/** An assignment's questions in sheet order (question number, then id). */
export function iaQuestionSheet(db: SqlClient, tenant: string, assignmentId: number): Promise<IaQuestionRow[]> {
  return rowsOf(
    db,
    `SELECT to_jsonb(q.*) AS r FROM ia_questions q WHERE q.tenant = $1 AND q.assignment_id = $2
     ORDER BY q.question_number, q.question_id`,
    [tenant, assignmentId],
  );
}

/** The students counted as having submitted the assignment (online or by an uploaded file). */
export async function iaSubmittedStudentIds(db: SqlClient, tenant: string, assignmentId: number): Promise<number[]> {
  const { rows } = await db.query<{ student_id: number }>(
    'SELECT student_id FROM ia_submitted WHERE tenant = $1 AND assignment_id = $2 ORDER BY student_id',
    [tenant, assignmentId],
  );
  return rows.map((r) => Number(r.student_id));
}
