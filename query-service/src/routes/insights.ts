import type { FastifyInstance } from 'fastify';
import { INSIGHT_CONSTANTS, MESSAGES, NotFoundError, PROJECTIONS, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  assignmentScores,
  courseGradeEntries,
  courseGradedItemScores,
  courseInsightsVersion,
  fullName,
  taughtAssignment,
  taughtCourseByCode,
  userNames,
  usersByIds,
  type CourseRow,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';
import { assignmentStats, courseGradeRecords, itemAnalysis } from '../grades/assignment-stats';

const COURSE_NOT_FOUND = 'Course not found';
/** Courses whose serialised grades are kept (each up to a few MB). */
const GRADES_CACHE_COURSES = 16;

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
   * The course grades' reply is large (300 students × 40 assignments: about 3 MB) and checking it against the reply's
   * schema and serialising it costs more than reading it, so the serialised reply is kept per course under the
   * course's insights version and its students' ids and names (any change to either makes a new key). It is checked
   * against the contract's reply schema once, when made; a hit sends the same text.
   */
  const gradesCache = new Map<string, { key: string; body: string }>();
  registerRoute(app, sessions, routes.getCourseGrades, async (request, reply) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.insights]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    const [users, version] = await Promise.all([
      usersByIds(db, s.tenant, course.student_ids),
      courseInsightsVersion(db, s.tenant, course.course_id),
    ]);
    // Every student of the course (by last name, first name), every published assignment by due date.
    const students = users.filter((u) => u.role === 'student').map((u) => ({ student_id: Number(u.user_id), name: fullName(u) }));
    const cacheKey = `${s.tenant}\u0000${course.course_id}`;
    const key = `${version}|${students.map((x) => `${x.student_id}:${x.name}`).join('\u0000')}`;
    const kept = gradesCache.get(cacheKey);
    if (kept?.key === key) return reply.type('application/json; charset=utf-8').send(kept.body);
    // Read after the version: the entries are at least as new as the key they are kept under.
    const records = courseGradeRecords(students, await courseGradeEntries(db, s.tenant, course.course_id));
    const body = JSON.stringify(routes.getCourseGrades.reply.parse(records));
    gradesCache.delete(cacheKey);
    gradesCache.set(cacheKey, { key, body });
    if (gradesCache.size > GRADES_CACHE_COURSES) gradesCache.delete(gradesCache.keys().next().value!);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  registerRoute(app, sessions, routes.getCourseItemAnalysis, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.insights]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    const assignments = await courseGradedItemScores(db, s.tenant, course.course_id);
    return assignments.map((a) => ({
      assignment_id: a.assignment_id,
      title: a.title,
      due_date: a.due,
      graded: a.graded.length,
      item_analysis_unreliable: a.graded.length < INSIGHT_CONSTANTS.itemAnalysisMinStudents,
      questions: itemAnalysis(a.questions, a.graded),
    }));
  });
}
