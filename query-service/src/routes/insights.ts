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
import { assignmentStats, courseGradeRecords, itemAnalysis } from '../grades/assignment-stats';

const COURSE_NOT_FOUND = 'Course not found';

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

  registerRoute(app, sessions, routes.getCourseGrades, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory, PROJECTIONS.insights]);
    const course = await taughtCourse(s.tenant, s.userId, request.params.courseCode);
    const [users, assignments] = await Promise.all([
      usersByIds(db, s.tenant, course.student_ids),
      courseGradeEntries(db, s.tenant, course.course_id),
    ]);
    // Every student of the course (by last name, first name), every published assignment by due date.
    const students = users.filter((u) => u.role === 'student').map((u) => ({ student_id: Number(u.user_id), name: fullName(u) }));
    return courseGradeRecords(students, assignments);
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
