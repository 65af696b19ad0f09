import type { FastifyInstance } from 'fastify';
import { ForbiddenError, NotFoundError, PROJECTIONS, routes, type CourseStudent } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type CourseRow = { course_id: number; course_code: string; course_name: string; course_class: string; student_ids: number[] };

const COURSE_NOT_FOUND = 'Course not found';

/** The instructor's course reads (spec document 3, section 7): only ever the courses they teach. */
export function courseRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  const studentsOf = async (tenant: string, ids: number[]): Promise<CourseStudent[]> => {
    if (ids.length === 0) return [];
    const { rows } = await db.query<{ user_id: number; first_name: string; last_name: string }>(
      `SELECT user_id, first_name, last_name FROM users WHERE tenant = $1 AND role = 'student' AND user_id = ANY($2)
       ORDER BY last_name, first_name, user_id`, [tenant, ids]);
    return rows.map((u) => ({ student_id: u.user_id, name: `${u.first_name} ${u.last_name}`.trim() }));
  };

  /** A course of this instructor by code (case-insensitive); any other code is simply not found. */
  const taughtCourse = async (tenant: string, instructorId: number, code: string): Promise<CourseRow> => {
    const { rows } = await db.query<CourseRow>(
      `SELECT course_id, course_code, course_name, course_class, student_ids FROM courses
       WHERE tenant = $1 AND upper(course_code) = upper($2) AND $3 = ANY(instructor_ids)`, [tenant, code, instructorId]);
    const course = rows[0];
    if (!course) throw new NotFoundError(COURSE_NOT_FOUND);
    return course;
  };

  registerRoute(app, sessions, routes.getInstructorCourses, async (request) => {
    const s = sessionOf(request);
    if (request.body.instructor_id !== s.userId) throw new ForbiddenError('You can only see your own courses');
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.studentAssignments]);
    const { rows } = await db.query<CourseRow>(
      `SELECT course_id, course_code, course_name, course_class, student_ids FROM courses
       WHERE tenant = $1 AND $2 = ANY(instructor_ids) ORDER BY course_code`, [s.tenant, s.userId]);
    const counts = await db.query<{ course_id: number; n: number }>(
      `SELECT course_id, count(*)::int AS n FROM sa_assignments
       WHERE tenant = $1 AND published AND course_id = ANY($2) GROUP BY course_id`, [s.tenant, rows.map((c) => c.course_id)]);
    const assignments = new Map(counts.rows.map((r) => [r.course_id, Number(r.n)]));
    return Promise.all(rows.map(async (c) => {
      const students = await studentsOf(s.tenant, c.student_ids);
      return {
        course_code: c.course_code, course_name: c.course_name, course_class: c.course_class,
        student_count: students.length, assignment_count: assignments.get(c.course_id) ?? 0, student_list: students,
      };
    }));
  });

  registerRoute(app, sessions, routes.getCourseStudents, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    return { student_list: await studentsOf(s.tenant, course.student_ids) };
  });

  registerRoute(app, sessions, routes.getCourseAssignments, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.studentAssignments]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    const { rows } = await db.query<{ assignment_id: number; title: string; due: string | Date }>(
      `SELECT assignment_id, title, due FROM sa_assignments
       WHERE tenant = $1 AND course_id = $2 AND published ORDER BY due, assignment_id`, [s.tenant, course.course_id]);
    return rows.map((a) => ({ assignment_id: a.assignment_id, title: a.title, due_date: new Date(a.due).toISOString() }));
  });
}
