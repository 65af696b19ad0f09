import type { FastifyInstance } from 'fastify';
import { ForbiddenError, MESSAGES, NotFoundError, PROJECTIONS, routes, type InstructorAssignment, type InstructorQuestion } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type AssignmentRow = {
  assignment_id: number; title: string; description: string; course_code: string; course_name: string; subject: string;
  due: Date | string; created_at: Date | string; live_at: Date | string; submissions: number; average: string | null;
  question_count: number; marks_total: string; time_limit: number | null; submissions_allowed: boolean; creation_method: string;
};
type QuestionRow = Omit<InstructorQuestion, 'marks_possible' | 'tags'> & { marks_possible: string; tags: string[] | string };

const iso = (v: Date | string) => new Date(v).toISOString();

/** Assignments of courses the instructor teaches now; deleted ones are gone from every list. */
const OWN_ASSIGNMENTS = `
  SELECT a.assignment_id, a.title, a.description, c.course_code, c.course_name, c.subject, a.due, a.created_at, a.live_at,
         a.submissions, a.average, a.question_count, a.marks_total, a.time_limit, a.submissions_allowed, a.creation_method
  FROM ia_assignments a JOIN ia_courses c ON c.tenant = a.tenant AND c.course_id = a.course_id
  WHERE a.tenant = $1 AND $2 = ANY(c.instructor_ids) AND NOT a.deleted`;

export function graderQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.previousAssignments, async (request) => {
    const s = sessionOf(request);
    const email = request.body.email?.trim().toLowerCase();
    if (email && email !== s.email.toLowerCase()) throw new ForbiddenError('You can only list your own assignments');
    await awaitProjections(request, deps, [PROJECTIONS.instructorAssignments]);
    const { rows } = await db.query<AssignmentRow>(`${OWN_ASSIGNMENTS} ORDER BY a.due DESC, a.assignment_id DESC`, [s.tenant, s.userId]);
    return rows.map((r): InstructorAssignment => ({
      assignment_id: r.assignment_id, title: r.title, course: r.course_name || 'N/A', course_code: r.course_code,
      course_name: r.course_name, subject: r.subject, due_date: iso(r.due), created_at: iso(r.created_at), live_at: iso(r.live_at),
      submissions: Number(r.submissions), average: r.average === null ? null : Number(r.average), question_count: Number(r.question_count),
      marks_total: Number(r.marks_total), time_limit: r.time_limit, student_submissions_allowed: r.submissions_allowed,
      creation_method: r.creation_method,
    }));
  });

  registerRoute(app, sessions, routes.getInstructorAssignmentQuestions, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, [PROJECTIONS.instructorAssignments]);
    const { rows } = await db.query<AssignmentRow>(`${OWN_ASSIGNMENTS} AND a.assignment_id = $3`, [s.tenant, s.userId, id]);
    const a = rows[0];
    if (!a) throw new NotFoundError(MESSAGES.assignmentNotFound);
    const questions = await db.query<QuestionRow>(
      `SELECT question_id, question_number, content AS question, answer, grading_instructions, marks_possible, tags, flagged_for_review
       FROM ia_questions WHERE tenant = $1 AND assignment_id = $2 ORDER BY question_number, question_id`, [s.tenant, id]);
    return {
      assignment_id: a.assignment_id, title: a.title, description: a.description, due_date: iso(a.due), course_code: a.course_code,
      course_name: a.course_name, time_limit: a.time_limit, student_submissions_allowed: a.submissions_allowed,
      questions: questions.rows.map((q) => ({
        ...q, marks_possible: Number(q.marks_possible), tags: typeof q.tags === 'string' ? (JSON.parse(q.tags) as string[]) : q.tags,
      })),
    };
  });
}
