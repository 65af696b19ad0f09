import type { FastifyInstance } from 'fastify';
import { NotFoundError, PROJECTIONS, richTextToPlainText, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { classGradedRows, studentQuestionSheet, visibleStudentAssignment, visibleStudentAssignments } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';
import { gradeStats } from '../grades/grade-stats';
import { buildSummary } from '../grades/summary';

export const GRADED_NOT_FOUND = 'Graded assignment not found';

/** Charts and graded-work summaries, read from the student-assignments and assignment-questions read models. */
export function studentSummaryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getGradeStats, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.studentAssignments]);
    const mine = await visibleStudentAssignments(db, s.tenant, s.userId);
    // Only aggregates of the classmates' rows leave the server (the class average per course).
    const classRows = await classGradedRows(db, s.tenant, s.userId);
    return gradeStats(mine, classRows);
  });

  registerRoute(app, sessions, routes.getStudentSummary, async (request) => {
    const s = sessionOf(request);
    const assignmentId = request.body.assignment_id;
    await awaitProjections(request, deps, [PROJECTIONS.studentAssignments, PROJECTIONS.assignmentQuestions]);
    const assignment = await visibleStudentAssignment(db, s.tenant, s.userId, assignmentId);
    if (!assignment || assignment.status !== 'Graded') throw new NotFoundError(GRADED_NOT_FOUND);
    const questions = await studentQuestionSheet(db, s.tenant, assignmentId, s.userId);
    // The summary is text: feedback kept as editor state (bold, italic) is read as its words.
    return buildSummary(
      deps.ai,
      assignment,
      questions.map((q) => ({
        question_id: q.question_id,
        question_number: q.question_number,
        question_content: q.question_content,
        marks_possible: q.marks_possible,
        grade: q.grade,
        feedback: q.feedback === null ? null : richTextToPlainText(q.feedback),
      })),
    );
  });
}
