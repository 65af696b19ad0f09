import type { FastifyInstance } from 'fastify';
import {
  ConflictError, MESSAGES, NotFoundError, PROJECTIONS, TIMED_SESSIONS_PROJECTION, TIMER_MESSAGES, routes, type AssignmentQuestion,
  type StudentAssignment, type TimetableEntry,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type UserRow = { user_id: number; email: string; first_name: string; last_name: string; class: string; section: string; enrollment_date: string };

export function studentRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getStudent, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE tenant = $1 AND user_id = $2', [s.tenant, s.userId]);
    const u = rows[0];
    if (!u) throw new NotFoundError('Student not found');
    const count = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM auth_sessions WHERE tenant = $1 AND user_id = $2', [s.tenant, s.userId]);
    return {
      studentId: u.user_id, email: u.email, firstName: u.first_name, lastName: u.last_name, class: u.class,
      section: u.section, enrollmentDate: u.enrollment_date, sessions: Number(count.rows[0]?.n ?? 0),
    };
  });

  registerRoute(app, sessions, routes.getStudentCourses, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const { rows } = await db.query<{ course_id: number; course_code: string; course_name: string; course_class: string; subject: string }>(
      `SELECT course_id, course_code, course_name, course_class, subject FROM courses
       WHERE tenant = $1 AND $2 = ANY(student_ids) ORDER BY course_code`, [s.tenant, s.userId]);
    return rows;
  });

  registerRoute(app, sessions, routes.getStudentTimetable, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const { rows } = await db.query<TimetableEntry>(
      `SELECT c.course_id, c.course_code, c.course_name, c.course_class, c.subject,
              coalesce(json_agg(json_build_object('instructor_id', u.user_id, 'title', u.title, 'first_name', u.first_name,
                'last_name', u.last_name, 'email', u.email) ORDER BY u.last_name, u.first_name) FILTER (WHERE u.user_id IS NOT NULL), '[]') AS instructors
       FROM courses c LEFT JOIN users u ON u.tenant = c.tenant AND u.user_id = ANY(c.instructor_ids)
       WHERE c.tenant = $1 AND $2 = ANY(c.student_ids)
       GROUP BY c.course_id, c.course_code, c.course_name, c.course_class, c.subject ORDER BY c.course_code`, [s.tenant, s.userId]);
    return rows;
  });

  registerRoute(app, sessions, routes.getStudentAssignments, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.studentAssignments]);
    const { rows } = await db.query<{ doc: StudentAssignment }>(
      // A scheduled assignment shows from its go-live instant.
      `SELECT doc FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND (doc->>'assigned')::timestamptz <= now()`,
      [s.tenant, s.userId]);
    return Object.fromEntries(rows.map((r) => [String(r.doc.assignment_id), r.doc]));
  });

  registerRoute(app, sessions, routes.getAssignmentQuestions, async (request) => {
    const s = sessionOf(request);
    const assignmentId = request.body.assignment_id;
    await awaitProjections(request, deps, [PROJECTIONS.studentAssignments, PROJECTIONS.assignmentQuestions, TIMED_SESSIONS_PROJECTION]);
    const visible = await db.query<{ timed: boolean; status: string; started: boolean }>(
      `SELECT coalesce((doc->>'timed')::boolean, false) AS timed, doc->>'status' AS status,
              EXISTS (SELECT 1 FROM timed_sessions t WHERE t.tenant = $1 AND t.student_id = $2 AND t.assignment_id = $3) AS started
       FROM student_assignments WHERE tenant = $1 AND student_id = $2 AND assignment_id = $3
       AND (doc->>'assigned')::timestamptz <= now()`,
      [s.tenant, s.userId, assignmentId]);
    const row = visible.rows[0];
    if (!row) throw new NotFoundError(MESSAGES.assignmentNotFound);
    // Spec document 1 section 4: a timed assignment's questions load once its session is started (or submitted);
    // graded work shows directly.
    if (row.timed && !row.started && row.status !== 'Graded') throw new ConflictError(TIMER_MESSAGES.startBeforeQuestions);
    const { rows } = await db.query<AssignmentQuestion & { marks_possible: string; grade: string | null }>(
      `SELECT q.question_id, q.question_number, q.question_content, q.marks_possible,
              r.grade, coalesce(r.graded, false) AS graded, r.feedback, r.response_content
       FROM aq_questions q
       LEFT JOIN aq_responses r ON r.tenant = q.tenant AND r.assignment_id = q.assignment_id
                                AND r.question_id = q.question_id AND r.student_id = $3
       WHERE q.tenant = $1 AND q.assignment_id = $2 ORDER BY q.question_number`,
      [s.tenant, assignmentId, s.userId]);
    return {
      questions: rows.map((r) => ({
        ...r, marks_possible: Number(r.marks_possible), grade: r.grade === null ? null : Number(r.grade),
      })),
    };
  });
}
