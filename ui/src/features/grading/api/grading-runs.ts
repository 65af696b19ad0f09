import type { QueryClient } from '@tanstack/react-query';
import type { GradedQuestion, StudentGrading } from '@evergrade/contracts';
import { invalidateAt, maxPosition } from '../../../lib/positions';
import { useRunningStore } from '../stores/running';
import { flagCount, isSubmissionGraded, totals } from '../utils/grading-state';
import { submissionsQueryOptions } from './get-submissions';
import { gradeSubmission, regradeQuestion, resetGradingStatus } from './grading-calls';
import { gradingKeys } from './keys';

/**
 * Grading and regrading runs: questions show inProgress while they run, each result lands in the
 * cache as it streams in, and on an error what was still running is ungraded again (spec document 2
 * section 8: the error is only logged). Every run ends by refetching at its position.
 */

type QuestionPatch = Partial<Omit<GradedQuestion, 'question_number'>>;

/** Patch one student's question in the cached list, keeping totals, graded and flag_count in step. */
export function patchQuestion(
  client: QueryClient,
  assignmentId: number,
  studentId: number,
  questionNumber: number,
  patch: QuestionPatch,
): void {
  client.setQueryData<StudentGrading[]>(gradingKeys.submissions(assignmentId), (list) =>
    list?.map((s) => {
      if (s.student_id !== studentId) return s;
      const questions = s.questions.map((q) => (q.question_number === questionNumber ? { ...q, ...patch } : q));
      const t = totals(questions.map((q) => ({ ...q, graded: q.graded })));
      return {
        ...s,
        questions,
        graded: isSubmissionGraded(questions),
        flag_count: flagCount(questions),
        grading: { ...s.grading, obtained: t.obtained, possible: t.possible },
      };
    }),
  );
}

const running = () => useRunningStore.getState();

/** Everything still in progress for this student becomes ungraded again. */
function revert(client: QueryClient, assignmentId: number, studentId: number): void {
  const key = `${assignmentId}:${studentId}`;
  for (const n of running().running[key] ?? []) patchQuestion(client, assignmentId, studentId, n, { graded: false });
  running().finish(assignmentId, studentId);
}

/** Grade one student's submission (POST /grader/grade-submission), streaming results into the view. */
export async function gradeStudent(client: QueryClient, assignmentId: number, student: StudentGrading): Promise<void> {
  const id = student.student_id;
  running().start(
    assignmentId,
    id,
    student.questions.map((q) => q.question_number),
  );
  let position: string | null = null;
  try {
    await gradeSubmission({ assignment_id: assignmentId, student_id: id }, (line) => {
      if ('question_number' in line) {
        patchQuestion(client, assignmentId, id, line.question_number, {
          response_id: line.response_id,
          points_obtained: line.points_obtained,
          points_possible: line.points_possible,
          feedback: line.feedback,
          response: line.response,
          flagged_for_review: line.flagged_for_review,
          graded: true,
          version: line.version,
          graded_by: line.kept_manual ? 'instructor' : line.grader,
          ...(line.flagged_for_review ? { flag_resolved: false } : {}),
        });
        running().finish(assignmentId, id, [line.question_number]);
      } else if (line.status === 'complete') position = line.position;
      else throw new Error(line.error);
    });
  } catch (err) {
    console.error(`Grading ${student.student_data.student_name} failed`, err);
  } finally {
    revert(client, assignmentId, id);
    await invalidateAt(client, gradingKeys.submissions(assignmentId), position);
  }
}

/** Run `task` over `items` with at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Grade every listed student, two at a time. */
export const gradeStudents = (client: QueryClient, assignmentId: number, students: readonly StudentGrading[]) =>
  pool(students, 2, (s) => gradeStudent(client, assignmentId, s));

/**
 * Regrade one question for these students with the instructor's instructions: one
 * POST /grader/regrade-question per student ("all students" is one call each, spec section 7).
 */
export async function regradeFor(
  client: QueryClient,
  assignmentId: number,
  studentIds: readonly number[],
  questionNumber: number,
  instructions: string,
  { overrideManual = false }: { overrideManual?: boolean } = {},
): Promise<{ failed: number; kept: number; notes: { instructions: string; note: string }[] }> {
  let failed = 0;
  let kept = 0;
  const notes: { instructions: string; note: string }[] = [];
  let position: string | null = null;
  for (const id of studentIds) running().start(assignmentId, id, [questionNumber]);
  await pool(studentIds, 3, async (id) => {
    try {
      const r = await regradeQuestion({
        filename: String(id),
        student_id: id,
        assignment_id: assignmentId,
        question_number: questionNumber,
        regrade_instructions: instructions,
        ...(overrideManual ? { override_manual: true } : {}),
      });
      if (r.kept_manual) kept += 1;
      if (r.instructions_note) notes.push({ instructions: r.instructions ?? 'none', note: r.instructions_note });
      patchQuestion(client, assignmentId, id, questionNumber, {
        response_id: r.response_id,
        points_obtained: r.points_obtained,
        points_possible: r.points_possible,
        feedback: r.feedback,
        response: r.response,
        flagged_for_review: r.flagged_for_review,
        graded: true,
        version: r.version,
        graded_by: r.kept_manual ? 'instructor' : r.grader,
        ...(r.flagged_for_review ? { flag_resolved: false } : {}),
      });
      position = maxPosition(position, r.position);
      running().finish(assignmentId, id, [questionNumber]);
    } catch (err) {
      failed += 1;
      console.error(`Regrading question ${questionNumber} for student ${id} failed`, err);
      revert(client, assignmentId, id);
    }
  });
  await invalidateAt(client, gradingKeys.submissions(assignmentId), position);
  return { failed, kept, notes };
}

/**
 * After the questions changed (spec section 4): reset grading for every submission, reload them, then
 * regrade everything. `onReset` runs between the two (the page switches to Submissions then).
 */
export async function resetAndRegradeAll(client: QueryClient, assignmentId: number, onReset?: () => void): Promise<void> {
  const key = gradingKeys.submissions(assignmentId);
  const before = await client.fetchQuery({ ...submissionsQueryOptions(assignmentId), staleTime: Infinity });
  const ids = before.map((s) => s.student_id);
  if (ids.length === 0) return;
  const reply = await resetGradingStatus(assignmentId, ids);
  await invalidateAt(client, key, reply.position);
  onReset?.();
  const after = await client.fetchQuery(submissionsQueryOptions(assignmentId));
  await gradeStudents(client, assignmentId, after);
}
