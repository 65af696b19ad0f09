import type { FastifyInstance } from 'fastify';
import { ForbiddenError, NotFoundError, PROJECTIONS, routes, type CourseStudent } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  coursesOfInstructor,
  fullName,
  publishedAssignmentCounts,
  publishedAssignmentsOfCourse,
  taughtCourseByCode,
  usersByIds,
  type CourseRow,
  type UserRow,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

const COURSE_NOT_FOUND = 'Course not found';

/** The students among these users who are in `ids`, in the users' order (last name, first name, id). */
const studentsAmong = (users: readonly UserRow[], ids: readonly number[]): CourseStudent[] => {
  const wanted = new Set(ids.map(Number));
  return users
    .filter((u) => u.role === 'student' && wanted.has(Number(u.user_id)))
    .map((u) => ({ student_id: Number(u.user_id), name: fullName(u) }));
};

/** The instructor's course reads (spec document 3, section 7): only ever the courses they teach. */
export function courseRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  /** A course of this instructor by code (case-insensitive); any other code is simply not found. */
  const taughtCourse = async (tenant: string, instructorId: number, code: string): Promise<CourseRow> => {
    const course = await taughtCourseByCode(db, tenant, instructorId, code);
    if (!course) throw new NotFoundError(COURSE_NOT_FOUND);
    return course;
  };

  registerRoute(app, sessions, routes.getInstructorCourses, async (request) => {
    const s = sessionOf(request);
    if (request.body.instructor_id !== s.userId) throw new ForbiddenError('You can only see your own courses');
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.studentAssignments]);
    const courses = await coursesOfInstructor(db, s.tenant, s.userId);
    const [assignments, users] = await Promise.all([
      publishedAssignmentCounts(
        db,
        s.tenant,
        courses.map((c) => c.course_id),
      ),
      usersByIds(
        db,
        s.tenant,
        courses.flatMap((c) => c.student_ids),
      ),
    ]);
    return courses.map((c) => {
      const students = studentsAmong(users, c.student_ids);
      return {
        course_code: c.course_code,
        course_name: c.course_name,
        course_class: c.course_class,
        student_count: students.length,
        assignment_count: assignments.get(Number(c.course_id)) ?? 0,
        student_list: students,
      };
    });
  });

  registerRoute(app, sessions, routes.getCourseStudents, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    return { student_list: studentsAmong(await usersByIds(db, s.tenant, course.student_ids), course.student_ids) };
  });

  registerRoute(app, sessions, routes.getCourseAssignments, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.studentAssignments]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    const rows = await publishedAssignmentsOfCourse(db, s.tenant, course.course_id);
    return rows.map((a) => ({ assignment_id: a.assignment_id, title: a.title, due_date: a.due }));
  });
}
