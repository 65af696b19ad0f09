import { streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import type { Assignment } from './assignment/assignment';
import { assignmentDecider } from './assignment/decide';
import { courseDecider, isEnrolled, type Course } from './course/course';
import { fold } from './decider';
import { loadFolded, loadFoldedMany, streamStatesOf } from './stream-states';
import { gradingDecider } from './grading/decide';
import type { Grading } from './grading/grading';
import type { AssignmentContext } from './submission/decide';

/**
 * Everything the submission decider must know of the assignment, folded from its own streams. Each stream's folded
 * state is kept by its version (`loadFolded`): a command reads only what was appended since (usually nothing).
 */
export async function loadAssignmentContext(
  store: EventStore,
  tenant: string,
  assignmentId: number,
  studentId: number,
): Promise<AssignmentContext> {
  const assignmentStream = streamIds.assignment(tenant, assignmentId);
  // The course is named by the assignment: the cached assignment's course is read with it (one read for all three
  // streams), and read again on its own only if the assignment's tail moved it.
  const known = streamStatesOf(store).get<Assignment>(assignmentStream, assignmentDecider)?.state;
  const knownCourse = known && known.status !== 'none' ? streamIds.course(tenant, known.courseId) : undefined;
  const [assignmentNow, gradingNow, courseNow] = await loadFoldedMany(store, [
    { streamId: assignmentStream, decider: assignmentDecider as never },
    // Only ungraded questions take answers: the student's grading stream says which are graded now.
    { streamId: streamIds.grading(tenant, assignmentId, studentId), decider: gradingDecider as never },
    ...(knownCourse ? [{ streamId: knownCourse, decider: courseDecider as never }] : []),
  ]);
  const assignment = assignmentNow!.state as Assignment;
  if (assignment.status === 'none' || assignment.status === 'deleted') {
    return { assignmentId, visibleToStudent: false, due: new Date(0).toISOString(), questionIds: [], gradedQuestionIds: [] };
  }
  const courseStream = streamIds.course(tenant, assignment.courseId);
  const course = (courseNow && courseStream === knownCourse ? courseNow : await loadFolded(store, courseStream, courseDecider))
    .state as Course;
  const grading = gradingNow!.state as Grading;
  const enrolled = isEnrolled(course, studentId);
  const gradedQuestionIds = Object.entries(grading.responses)
    .filter(([, r]) => r.graded)
    .map(([id]) => Number(id));
  return {
    assignmentId,
    visibleToStudent: assignment.status === 'published' && enrolled,
    due: assignment.due,
    assigned: assignment.assigned,
    submissionsAllowed: assignment.submissionsAllowed,
    timeLimitSeconds: assignment.timeLimitSeconds,
    questionIds: assignment.questions.map((q) => q.questionId),
    gradedQuestionIds,
  };
}

/**
 * Whether an instructor teaches the assignment's course now: who may change, grade or time it. `publishedOnly`
 * also refuses a draft or deleted assignment (for commands that only make sense while students can work on it).
 */
export async function teachesAssignment(
  store: EventStore,
  tenant: string,
  assignmentId: number,
  instructorId: number,
  options: { publishedOnly?: boolean } = {},
): Promise<boolean> {
  const assignment = fold(assignmentDecider, await store.readStream(streamIds.assignment(tenant, assignmentId)));
  if (assignment.status === 'none' || (options.publishedOnly && assignment.status !== 'published')) return false;
  const course = fold(courseDecider, await store.readStream(streamIds.course(tenant, assignment.courseId)));
  return course.status === 'active' && course.instructorIds.includes(instructorId);
}
