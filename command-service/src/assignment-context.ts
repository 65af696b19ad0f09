import { streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { assignmentDecider } from './assignment/decide';
import { courseDecider } from './course/course';
import { fold } from './decider';
import { gradingDecider } from './grading/decide';
import type { AssignmentContext } from './submission/decide';

/** Everything the submission decider must know of the assignment, folded from its own streams. */
export async function loadAssignmentContext(
  store: EventStore,
  tenant: string,
  assignmentId: number,
  studentId: number,
): Promise<AssignmentContext> {
  const assignment = fold(assignmentDecider, await store.readStream(streamIds.assignment(tenant, assignmentId)));
  if (assignment.status === 'none' || assignment.status === 'deleted') {
    return { assignmentId, visibleToStudent: false, due: new Date(0).toISOString(), questionIds: [], gradedQuestionIds: [] };
  }
  const course = fold(courseDecider, await store.readStream(streamIds.course(tenant, assignment.courseId)));
  const enrolled = course.status === 'active' && course.studentIds.includes(studentId);
  // Only ungraded questions take answers: the student's grading stream says which are graded now.
  const grading = fold(gradingDecider, await store.readStream(streamIds.grading(tenant, assignmentId, studentId)));
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
