import type { FastifyInstance } from 'fastify';
import {
  GRADING_MESSAGES, GRADING_PROJECTION, MESSAGES, NotFoundError, PROJECTIONS, routes,
  type GradedQuestion, type ResponseHistoryEntry, type StudentGrading,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type QuestionRow = { question_id: number; question_number: number; content: string; answer: string; marks_possible: string };
type ResponseRow = {
  response_id: number; student_id: number; question_id: number; response: string; points: string; feedback: string; original_feedback: string;
  graded: boolean; graded_by: string; flagged_for_review: string; flag_resolved: boolean; version: number;
};
type HistoryRow = Omit<ResponseHistoryEntry, 'at' | 'previous_points' | 'points' | 'actor'> & {
  at: Date | string; previous_points: string | null; points: string | null; actor: string; first_name: string | null; last_name: string | null;
};

const num = (v: string | number | null) => (v === null ? null : Number(v));
const READS = [GRADING_PROJECTION, PROJECTIONS.instructorAssignments, PROJECTIONS.assignmentQuestions, PROJECTIONS.directory];

/** Grades as the instructor reads them (spec document 2 section 3, "Graded question per student"). */
export function gradingQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  /** The assignment's title when the instructor teaches its course now; anyone else hears 404. */
  const ownAssignment = async (tenant: string, instructorId: number, assignmentId: number): Promise<string> => {
    const { rows } = await db.query<{ title: string }>(
      `SELECT a.title FROM ia_assignments a JOIN ia_courses c ON c.tenant = a.tenant AND c.course_id = a.course_id
       WHERE a.tenant = $1 AND $2 = ANY(c.instructor_ids) AND NOT a.deleted AND a.assignment_id = $3`, [tenant, instructorId, assignmentId]);
    if (!rows[0]) throw new NotFoundError(MESSAGES.assignmentNotFound);
    return rows[0].title;
  };

  registerRoute(app, sessions, routes.previousQuestionsAndResponses, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, READS);
    const title = await ownAssignment(s.tenant, s.userId, id);
    const [questions, submissions, responses, online] = await Promise.all([
      db.query<QuestionRow>(`SELECT question_id, question_number, content, answer, marks_possible FROM ia_questions
        WHERE tenant = $1 AND assignment_id = $2 ORDER BY question_number, question_id`, [s.tenant, id]),
      db.query<{ student_id: number; source: 'file' | 'online'; original_filename: string | null }>(
        'SELECT student_id, source, original_filename FROM gr_submissions WHERE tenant = $1 AND assignment_id = $2', [s.tenant, id]),
      db.query<ResponseRow>(`SELECT response_id, student_id, question_id, response, points, feedback, original_feedback, graded, graded_by,
        flagged_for_review, flag_resolved, version FROM gr_responses WHERE tenant = $1 AND assignment_id = $2`, [s.tenant, id]),
      // Typed answers of students who submitted online and are not on a grading stream yet.
      db.query<{ student_id: number; question_id: number; response_content: string | null }>(
        `SELECT r.student_id, r.question_id, r.response_content FROM aq_responses r
         JOIN ia_submitted x ON x.tenant = r.tenant AND x.assignment_id = r.assignment_id AND x.student_id = r.student_id
         WHERE r.tenant = $1 AND r.assignment_id = $2`, [s.tenant, id]),
    ]);
    const students = new Map<number, { source: 'file' | 'online'; original_filename: string }>();
    for (const r of submissions.rows) students.set(Number(r.student_id), { source: r.source, original_filename: r.original_filename ?? '' });
    for (const r of online.rows) if (!students.has(Number(r.student_id))) students.set(Number(r.student_id), { source: 'online', original_filename: '' });
    const { rows: names } = await db.query<{ user_id: number; first_name: string; last_name: string }>(
      'SELECT user_id, first_name, last_name FROM users WHERE tenant = $1 AND user_id = ANY($2::int[])', [s.tenant, [...students.keys()]]);
    const nameOf = new Map(names.map((n) => [Number(n.user_id), `${n.first_name} ${n.last_name}`.trim()]));
    const graded = new Map(responses.rows.map((r) => [`${r.student_id}:${r.question_id}`, r]));
    const typed = new Map(online.rows.map((r) => [`${r.student_id}:${r.question_id}`, r.response_content ?? '']));

    const reply: Record<string, StudentGrading> = {};
    for (const [studentId, sub] of [...students].sort((a, b) => a[0] - b[0])) {
      const list = questions.rows.map((q): GradedQuestion => {
        const r = graded.get(`${studentId}:${q.question_id}`);
        const base = {
          question_id: q.question_id, question_number: q.question_number, question: q.content, answer: q.answer,
          points_possible: Number(q.marks_possible),
        };
        if (!r) {
          return {
            ...base, response_id: -1, response: typed.get(`${studentId}:${q.question_id}`) ?? '', points_obtained: 0, feedback: '',
            original_feedback: '', graded: false, flagged_for_review: '', flag_resolved: false, graded_by: '', version: 0,
          };
        }
        return {
          ...base, response_id: Number(r.response_id), response: r.response, points_obtained: Number(r.points), feedback: r.feedback,
          original_feedback: r.original_feedback, graded: r.graded, flagged_for_review: r.flagged_for_review, flag_resolved: r.flag_resolved,
          graded_by: r.graded_by, version: Number(r.version),
        };
      });
      reply[String(studentId)] = {
        student_id: studentId,
        questions: list,
        grading: {
          obtained: list.reduce((t, q) => t + q.points_obtained, 0), possible: list.reduce((t, q) => t + q.points_possible, 0), assignment_title: title,
        },
        student_data: { student_name: nameOf.get(studentId) ?? '', original_filename: sub.original_filename },
        graded: list.length > 0 && list.every((q) => q.graded),
        flag_count: list.filter((q) => q.flagged_for_review !== '' && !q.flag_resolved).length,
        source: sub.source,
      };
    }
    return reply;
  });

  registerRoute(app, sessions, routes.responseHistory, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, READS);
    const { rows: at } = await db.query<{ assignment_id: number }>(
      'SELECT assignment_id FROM gr_responses WHERE tenant = $1 AND response_id = $2', [s.tenant, request.body.response_id]);
    if (!at[0]) throw new NotFoundError(GRADING_MESSAGES.responseNotFound);
    await ownAssignment(s.tenant, s.userId, Number(at[0].assignment_id));
    const { rows } = await db.query<HistoryRow>(
      `SELECT h.version, h.kind, h.at, h.actor_kind, h.actor, h.actor_id, h.previous_points, h.points, h.previous_feedback, h.feedback,
              h.flagged_for_review, h.confidence, h.reason, h.position, u.first_name, u.last_name
       FROM gr_history h LEFT JOIN users u ON u.tenant = h.tenant AND u.user_id = h.actor_id AND h.actor_kind = 'instructor'
       WHERE h.tenant = $1 AND h.response_id = $2 ORDER BY h.version`, [s.tenant, request.body.response_id]);
    return rows.map(({ first_name, last_name, ...h }) => ({
      ...h, version: Number(h.version), at: new Date(h.at).toISOString(), previous_points: num(h.previous_points), points: num(h.points),
      confidence: h.confidence === null ? null : Number(h.confidence),
      actor: h.actor_kind === 'instructor' && first_name !== null ? `${first_name} ${last_name ?? ''}`.trim() : h.actor,
      feedback: h.feedback === null ? null : h.feedback, reason: h.reason,
    }));
  });
}
