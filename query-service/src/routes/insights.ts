import type { FastifyInstance } from 'fastify';
import { INSIGHT_CONSTANTS, MESSAGES, NotFoundError, PROJECTIONS, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  assignmentScores,
  courseGradeEntries,
  courseGradedItemScores,
  fullName,
  taughtAssignment,
  taughtCourseByCode,
  userNames,
  usersByIds,
  type CourseRow,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';
import { assignmentStats } from '../grades/assignment-stats';
import { CourseGradesCache, CourseItemAnalysisCache } from '../grades/course-cache';

const COURSE_NOT_FOUND = 'Course not found';
/** Courses whose grades and item analysis are kept (each up to a few MB). */
const CACHE_COURSES = 16;

/**
 * Insights (issue 12): an assignment's overview stats and item analysis, a course's student grade records and item
 * analysis. Read from the insights read model; who teaches what from instructor-assignments and the directory; names
 * from the directory. Only the instructors who teach the course now see any of it: for anyone else the assignment or
 * course is simply not found.
 */
export function insightQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  const taughtCourse = async (tenant: string, instructorId: number, code: string): Promise<CourseRow> => {
    const course = await taughtCourseByCode(db, tenant, instructorId, code);
    if (!course) throw new NotFoundError(COURSE_NOT_FOUND);
    return course;
  };

  registerRoute(app, sessions, routes.getAssignmentStats, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, [PROJECTIONS.instructorAssignments, PROJECTIONS.insights, PROJECTIONS.directory]);
    const [taught, scores] = await Promise.all([taughtAssignment(db, s.tenant, s.userId, id), assignmentScores(db, s.tenant, id)]);
    if (!taught || !scores) throw new NotFoundError(MESSAGES.assignmentNotFound);
    // Names are shown only for the highest and lowest totals: only those students are looked up.
    const graded = scores.students.filter((x) => x.graded);
    const totals = graded.map((x) => x.total_score);
    const ends = new Set([Math.max(...totals), Math.min(...totals)]);
    const named = graded.filter((x) => ends.has(x.total_score)).map((x) => x.student_id);
    return assignmentStats(scores, await userNames(db, s.tenant, named));
  });

  /**
   * The course grades' reply is large (300 students × 40 assignments: about 3 MB): each assignment's entries are kept
   * as checked JSON text under the assignment's insights version, so a changed mark reads and builds one assignment
   * again, not the course (course-cache.ts); an unchanged course sends the same text.
   */
  const grades = new CourseGradesCache(CACHE_COURSES);
  registerRoute(app, sessions, routes.getCourseGrades, async (request, reply) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.insights]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    const key = `${s.tenant}\u0000${course.course_id}`;
    const snapshot = grades.snapshot(key);
    const [users, assignments] = await Promise.all([
      usersByIds(db, s.tenant, course.student_ids),
      courseGradeEntries(db, s.tenant, course.course_id, snapshot.known),
    ]);
    // Every student of the course (by last name, first name), every published assignment by due date.
    const students = users.filter((u) => u.role === 'student').map((u) => ({ student_id: Number(u.user_id), name: fullName(u) }));
    return reply.type('application/json; charset=utf-8').send(grades.body(key, snapshot, students, assignments));
  });

  /** Item analysis of each assignment, computed once per version of it (course-cache.ts). */
  const items = new CourseItemAnalysisCache(CACHE_COURSES, INSIGHT_CONSTANTS.itemAnalysisMinStudents);
  registerRoute(app, sessions, routes.getCourseItemAnalysis, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.insights]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    const key = `${s.tenant}\u0000${course.course_id}`;
    const snapshot = items.snapshot(key);
    return items.reply(key, snapshot, await courseGradedItemScores(db, s.tenant, course.course_id, snapshot.known));
  });
}
