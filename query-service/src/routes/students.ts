import type { FastifyInstance } from 'fastify';
import {
  ConflictError,
  MESSAGES,
  NotFoundError,
  PROJECTIONS,
  TIMED_SESSIONS_PROJECTION,
  TIMER_MESSAGES,
  routes,
  type TimetableEntry,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  coursesOfStudent,
  studentQuestionSheet,
  timedSessionOf,
  userById,
  usersByIds,
  visibleStudentAssignment,
  visibleStudentAssignments,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

export function studentRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  registerRoute(app, sessions, routes.getStudent, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const u = await userById(db, s.tenant, s.userId);
    if (!u) throw new NotFoundError('Student not found');
    const count = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM auth_sessions WHERE tenant = $1 AND user_id = $2', [
      s.tenant,
      s.userId,
    ]);
    return {
      studentId: u.user_id,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      class: u.class,
      section: u.section,
      enrollmentDate: u.enrollment_date,
      sessions: Number(count.rows[0]?.n ?? 0),
    };
  });

  registerRoute(app, sessions, routes.getStudentCourses, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const courses = await coursesOfStudent(db, s.tenant, s.userId);
    return courses.map((c) => ({
      course_id: c.course_id,
      course_code: c.course_code,
      course_name: c.course_name,
      course_class: c.course_class,
      subject: c.subject,
    }));
  });

  registerRoute(app, sessions, routes.getStudentTimetable, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const courses = await coursesOfStudent(db, s.tenant, s.userId);
    // One look-up for every instructor of every course, by last name, first name (then id).
    const instructors = await usersByIds(
      db,
      s.tenant,
      courses.flatMap((c) => c.instructor_ids),
    );
    return courses.map((c): TimetableEntry => ({
      course_id: c.course_id,
      course_code: c.course_code,
      course_name: c.course_name,
      course_class: c.course_class,
      subject: c.subject,
      instructors: instructors
        .filter((u) => c.instructor_ids.map(Number).includes(Number(u.user_id)))
        .map((u) => ({
          instructor_id: Number(u.user_id),
          title: u.title,
          first_name: u.first_name,
          last_name: u.last_name,
          email: u.email,
        })),
    }));
  });

  registerRoute(app, sessions, routes.getStudentAssignments, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.studentAssignments]);
    // A scheduled assignment shows from its go-live instant.
    const rows = await visibleStudentAssignments(db, s.tenant, s.userId);
    return Object.fromEntries(rows.map((doc) => [String(doc.assignment_id), doc]));
  });

  registerRoute(app, sessions, routes.getAssignmentQuestions, async (request) => {
    const s = sessionOf(request);
    const assignmentId = request.body.assignment_id;
    await awaitProjections(request, deps, [PROJECTIONS.studentAssignments, PROJECTIONS.assignmentQuestions, TIMED_SESSIONS_PROJECTION]);
    const row = await visibleStudentAssignment(db, s.tenant, s.userId, assignmentId);
    if (!row) throw new NotFoundError(MESSAGES.assignmentNotFound);
    // Spec document 1 section 4: a timed assignment's questions load once its session is started (or submitted);
    // graded work shows directly.
    if (row.timed && row.status !== 'Graded' && !(await timedSessionOf(db, s.tenant, assignmentId, s.userId))) {
      throw new ConflictError(TIMER_MESSAGES.startBeforeQuestions);
    }
    return { questions: await studentQuestionSheet(db, s.tenant, assignmentId, s.userId) };
  });
}
