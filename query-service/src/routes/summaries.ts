import type { FastifyInstance } from 'fastify';
import {
  INSIGHT_MESSAGES,
  MESSAGES,
  NotFoundError,
  PROJECTIONS,
  rubricCategoriesOf,
  routes,
  scoreString,
  type ClassSummary,
  type StudentSummaryRow,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  assignmentScores,
  classSummaryState,
  studentSummaryStale,
  summariesOfAssignment,
  taughtAssignment,
  userNames,
  type AssignmentScores,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

/** The read models these routes read: who teaches what, the current grades, the written summaries. */
const READS = [PROJECTIONS.instructorAssignments, PROJECTIONS.insights, PROJECTIONS.summaries, PROJECTIONS.directory];

/** The sheet's rubric categories in question order, each once (General for untagged questions). */
const categoriesOf = (scores: AssignmentScores): string[] => [...new Set(scores.questions.flatMap((q) => rubricCategoriesOf(q.tags)))];

/**
 * The student summary modal (spec document 2): each graded student's grade, rubric scores and written summary, and
 * the class summary with its rubric averages. Grades come from the insights read model as they stand now; the texts
 * from the summaries read model, 'generating' while one is being written or rewritten after a grade changed (the
 * old text is kept meanwhile). Only instructors who teach the course now: for anyone else the assignment is not found.
 */
export function summaryQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  const taughtScores = async (tenant: string, instructorId: number, assignmentId: number, courseCode?: string) => {
    const [taught, scores] = await Promise.all([
      taughtAssignment(db, tenant, instructorId, assignmentId),
      assignmentScores(db, tenant, assignmentId),
    ]);
    const wrongCourse = courseCode !== undefined && courseCode !== '' && taught?.course_code.toLowerCase() !== courseCode.toLowerCase();
    if (!taught || !scores || wrongCourse) throw new NotFoundError(MESSAGES.assignmentNotFound);
    return scores;
  };

  registerRoute(app, sessions, routes.getStudentAssignmentSummary, async (request) => {
    const s = sessionOf(request);
    const { assignment_id: id, student_id: one } = request.body;
    await awaitProjections(request, deps, READS);
    const scores = await taughtScores(s.tenant, s.userId, id);
    const graded = scores.students.filter((x) => x.graded && (one === undefined || x.student_id === one));
    if (one !== undefined && graded.length === 0) throw new NotFoundError(INSIGHT_MESSAGES.noStudentInsights);
    const [{ students: written }, names] = await Promise.all([
      summariesOfAssignment(db, s.tenant, id),
      userNames(
        db,
        s.tenant,
        graded.map((x) => x.student_id),
      ),
    ]);
    const byStudent = new Map(written.map((w) => [w.student_id, w]));
    const rows = graded.map((x): StudentSummaryRow => {
      const w = byStudent.get(x.student_id);
      return {
        student_id: x.student_id,
        student_name: names.get(x.student_id) ?? `Student ${x.student_id}`,
        grade: scoreString(x.total_score, x.total_possible),
        summary: w?.summary ?? '',
        rubrics: Object.fromEntries(Object.entries(x.rubrics).map(([c, r]) => [c, scoreString(r.score, r.possible)])),
        summary_status: w && w.summary !== null && !studentSummaryStale(w) ? 'ready' : 'generating',
        generator: w?.generator ?? null,
      };
    });
    if (one !== undefined) {
      const r = rows[0]!;
      return { grade: r.grade, summary: r.summary, rubric_breakdown: r.rubrics, summary_status: r.summary_status, generator: r.generator };
    }
    rows.sort((a, b) => a.student_name.localeCompare(b.student_name) || a.student_id - b.student_id);
    return { students: rows, rubric_categories: categoriesOf(scores) };
  });

  registerRoute(app, sessions, routes.getClassAssignmentSummary, async (request) => {
    const s = sessionOf(request);
    const { assignment_id: id, course_code: courseCode } = request.body;
    await awaitProjections(request, deps, READS);
    const scores = await taughtScores(s.tenant, s.userId, id, courseCode);
    const graded = scores.students.filter((x) => x.graded);
    if (graded.length === 0)
      return { status: 'done', error: null, summary: null, rubric_averages: {}, generator: null } satisfies ClassSummary;
    const averages: Record<string, string> = {};
    for (const c of categoriesOf(scores)) {
      const rs = graded.map((x) => x.rubrics[c] ?? { score: 0, possible: 0 });
      averages[c] = scoreString(rs.reduce((t, r) => t + r.score, 0) / rs.length, rs.reduce((t, r) => t + r.possible, 0) / rs.length);
    }
    const { cls } = await summariesOfAssignment(db, s.tenant, id);
    const status = cls ? classSummaryState(cls) : 'generating';
    return {
      status,
      error: status === 'error' ? (cls?.error ?? INSIGHT_MESSAGES.classGenerateFailed) : null,
      summary: cls?.summary ?? null,
      rubric_averages: averages,
      generator: cls?.generator ?? null,
    } satisfies ClassSummary;
  });
}
