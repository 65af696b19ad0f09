import type { SqlClient } from '@evergrade/platform/sql';
import type { AssignmentQuestion } from '@evergrade/contracts';

export type { AqQuestionRow, AqResponseRow } from './assignment-questions';

/**
 * The assignment-questions read model's reads (tables `aq_questions`, `aq_responses`): the only SQL outside the
 * projection that names them.
 */

type SheetRow = Omit<AssignmentQuestion, 'marks_possible' | 'grade'> & { marks_possible: string | number; grade: string | number | null };

/** The assignment's questions in order, each with this student's answer, grade and feedback (null when none). */
export async function studentQuestionSheet(
  db: SqlClient,
  tenant: string,
  assignmentId: number,
  studentId: number,
): Promise<AssignmentQuestion[]> {
  const { rows } = await db.query<SheetRow>(
    `SELECT q.question_id, q.question_number, q.question_content, q.marks_possible,
            r.grade, coalesce(r.graded, false) AS graded, r.feedback, r.response_content
     FROM aq_questions q
     LEFT JOIN aq_responses r ON r.tenant = q.tenant AND r.assignment_id = q.assignment_id
                              AND r.question_id = q.question_id AND r.student_id = $3
     WHERE q.tenant = $1 AND q.assignment_id = $2 ORDER BY q.question_number`,
    [tenant, assignmentId, studentId],
  );
  return rows.map((r) => ({ ...r, marks_possible: Number(r.marks_possible), grade: r.grade === null ? null : Number(r.grade) }));
}

/** The typed answers of these students to the assignment's questions. */
export async function typedResponsesOf(
  db: SqlClient,
  tenant: string,
  assignmentId: number,
  studentIds: readonly number[],
): Promise<{ student_id: number; question_id: number; response_content: string | null }[]> {
  if (studentIds.length === 0) return [];
  const { rows } = await db.query<{ student_id: number; question_id: number; response_content: string | null }>(
    `SELECT student_id, question_id, response_content FROM aq_responses
     WHERE tenant = $1 AND assignment_id = $2 AND student_id = ANY($3::int[])`,
    [tenant, assignmentId, [...studentIds]],
  );
  return rows.map((r) => ({ student_id: Number(r.student_id), question_id: Number(r.question_id), response_content: r.response_content }));
}

/** How many responses there are (all schools), and how many of them are graded: the replay bench's check. */
export async function responseCounts(db: SqlClient): Promise<{ rows: number; graded: number }> {
  const { rows } = await db.query<{ rows: number; graded: number }>(
    'SELECT count(*)::int AS rows, (count(*) FILTER (WHERE graded))::int AS graded FROM aq_responses',
  );
  return { rows: Number(rows[0]?.rows ?? 0), graded: Number(rows[0]?.graded ?? 0) };
}
