import type { FastifyInstance } from 'fastify';
import { NotFoundError, PROJECTIONS, richTextToPlainText, routes, type StudentAssignment } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';
import { gradeStats, type GradedRow } from '../grades/grade-stats';
import { buildSummary, type SummaryQuestion } from '../grades/summary';

export const GRADED_NOT_FOUND = 'Graded assignment not found';

/** Charts and graded-work summaries, read from the student-assignments and assignment-questions read models. */
export function studentSummaryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getGradeStats, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.studentAssignments]);
    const mine = await db.query<{ doc: StudentAssignment }>(
      `SELECT doc FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND (doc->>'assigned')::timestamptz <= now()`,
      [s.tenant, s.userId]);
    // Only aggregates of the classmates' rows leave the server (the class average per course).
    const classRows = await db.query<GradedRow>(
      `SELECT student_id, course_id, doc FROM student_assignments
       WHERE tenant = $1 AND doc->>'marks_obtained' IS NOT NULL AND (doc->>'assigned')::timestamptz <= now()
         AND course_id IN (SELECT course_id FROM student_assignments WHERE tenant = $1 AND student_id = $2)`,
      [s.tenant, s.userId]);
    return gradeStats(mine.rows.map((r) => r.doc), classRows.rows);
  });

  registerRoute(app, sessions, routes.getStudentSummary, async (request) => {
    const s = sessionOf(request);
    const assignmentId = request.body.assignment_id;
    await awaitProjections(request, deps, [PROJECTIONS.studentAssignments, PROJECTIONS.assignmentQuestions]);
    const { rows } = await db.query<{ doc: StudentAssignment }>(
      `SELECT doc FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3
       AND (doc->>'assigned')::timestamptz <= now()`,
      [s.tenant, s.userId, assignmentId]);
    const assignment = rows[0]?.doc;
    if (!assignment || assignment.status !== 'Graded') throw new NotFoundError(GRADED_NOT_FOUND);
    const questions = await db.query<Omit<SummaryQuestion, 'marks_possible' | 'grade'> & { marks_possible: string; grade: string | null }>(
      `SELECT q.question_id, q.question_number, q.question_content, q.marks_possible, r.grade, r.feedback
       FROM aq_questions q
       LEFT JOIN aq_responses r ON r.tenant = q.tenant AND r.assignment_id = q.assignment_id
                                AND r.question_id = q.question_id AND r.student_id = $3
       WHERE q.tenant = $1 AND q.assignment_id = $2 ORDER BY q.question_number`,
      [s.tenant, assignmentId, s.userId]);
    // The summary is text: feedback kept as editor state (bold, italic) is read as its words.
    return buildSummary(deps.ai, assignment, questions.rows.map((q) => ({
      ...q, marks_possible: Number(q.marks_possible), grade: q.grade === null ? null : Number(q.grade),
      feedback: q.feedback === null ? null : richTextToPlainText(q.feedback),
    })));
  });
}
