import type { FastifyInstance } from 'fastify';
import { ForbiddenError, MESSAGES, NotFoundError, PROJECTIONS, routes, type InstructorAssignment } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { iaQuestionSheet, taughtAssignment, taughtAssignments } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

const iso = (v: string) => new Date(v).toISOString();

/** Assignments of courses the instructor teaches now; deleted ones are gone from every list. */
export function graderQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.previousAssignments, async (request) => {
    const s = sessionOf(request);
    const email = request.body.email?.trim().toLowerCase();
    if (email && email !== s.email.toLowerCase()) throw new ForbiddenError('You can only list your own assignments');
    await awaitProjections(request, deps, [PROJECTIONS.instructorAssignments]);
    const rows = await taughtAssignments(db, s.tenant, s.userId);
    return rows.map((r): InstructorAssignment => ({
      assignment_id: r.assignment_id,
      title: r.title,
      course: r.course_name || 'N/A',
      course_code: r.course_code,
      course_name: r.course_name,
      subject: r.subject,
      due_date: iso(r.due),
      created_at: iso(r.created_at),
      live_at: iso(r.live_at),
      submissions: r.submissions,
      average: r.average,
      question_count: r.question_count,
      marks_total: r.marks_total,
      time_limit: r.time_limit,
      student_submissions_allowed: r.submissions_allowed,
      creation_method: r.creation_method,
    }));
  });

  registerRoute(app, sessions, routes.getInstructorAssignmentQuestions, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, [PROJECTIONS.instructorAssignments]);
    const a = await taughtAssignment(db, s.tenant, s.userId, id);
    if (!a) throw new NotFoundError(MESSAGES.assignmentNotFound);
    const questions = await iaQuestionSheet(db, s.tenant, id);
    return {
      assignment_id: a.assignment_id,
      title: a.title,
      description: a.description,
      due_date: iso(a.due),
      course_code: a.course_code,
      course_name: a.course_name,
      time_limit: a.time_limit,
      student_submissions_allowed: a.submissions_allowed,
      questions: questions.map((q) => ({
        question_id: q.question_id,
        question_number: q.question_number,
        question: q.content,
        answer: q.answer,
        grading_instructions: q.grading_instructions,
        marks_possible: q.marks_possible,
        tags: q.tags,
        flagged_for_review: q.flagged_for_review,
      })),
    };
  });
}
