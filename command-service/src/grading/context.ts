import { GRADING_MESSAGES, MESSAGES, NotFoundError, richTextToPlainText, streamIds } from '@evergrade/contracts';
import type { EventStore } from '@evergrade/platform/event-store';
import { assignmentDecider } from '../assignment/decide';
import { courseDecider } from '../course/course';
import { fold } from '../decider';
import { submissionDecider } from '../submission/decide';
import type { GradingQuestion } from './grade';
import { gradingDecider } from './decide';
import type { Grading } from './grading';
import { readMarkingPolicy } from './marking-policy';

export type GradingAssignment = {
  assignmentId: number;
  title: string;
  studentIds: number[];
  questions: GradingQuestion[];
};

/**
 * The assignment as its grader sees it, folded from its own streams: only an instructor who teaches its course now
 * may grade it (anyone else hears 404, so ids reveal nothing). Each question carries its version (1 + its updates).
 */
export async function loadGradingAssignment(
  store: EventStore,
  tenant: string,
  assignmentId: number,
  instructorId: number,
): Promise<GradingAssignment> {
  const events = await store.readStream(streamIds.assignment(tenant, assignmentId));
  const assignment = fold(assignmentDecider, events);
  if (assignment.status !== 'published' && assignment.status !== 'draft') throw new NotFoundError(MESSAGES.assignmentNotFound);
  const course = fold(courseDecider, await store.readStream(streamIds.course(tenant, assignment.courseId)));
  if (course.status !== 'active' || !course.instructorIds.includes(instructorId)) throw new NotFoundError(MESSAGES.assignmentNotFound);
  const updates = new Map<number, number>();
  for (const e of events) {
    if (e.type === 'QuestionUpdated') updates.set(Number(e.data.questionId), (updates.get(Number(e.data.questionId)) ?? 0) + 1);
  }
  const policy = await readMarkingPolicy(store, tenant, assignmentId);
  const questions = [...assignment.questions]
    .sort((a, b) => a.questionNumber - b.questionNumber)
    .map((q): GradingQuestion => ({
      questionId: q.questionId,
      questionNumber: q.questionNumber,
      question: richTextToPlainText(q.content),
      answer: richTextToPlainText(q.answer ?? ''),
      gradingInstructions: richTextToPlainText(q.gradingInstructions ?? ''),
      marksPossible: q.marksPossible,
      tags: q.tags ?? [],
      questionType: q.questionType,
      version: 1 + (updates.get(q.questionId) ?? 0),
      policy,
    }));
  return { assignmentId, title: assignment.title, studentIds: course.studentIds, questions };
}

export function requireStudent(a: GradingAssignment, studentId: number): void {
  if (!a.studentIds.includes(studentId)) throw new NotFoundError(GRADING_MESSAGES.notEnrolled);
}

export async function loadGrading(store: EventStore, tenant: string, assignmentId: number, studentId: number): Promise<Grading> {
  return fold(gradingDecider, await store.readStream(streamIds.grading(tenant, assignmentId, studentId)));
}

/** The student's typed answers (AnswerSaved on the submission stream) and the version read. */
export async function readOnlineAnswers(store: EventStore, tenant: string, assignmentId: number, studentId: number) {
  const events = await store.readStream(streamIds.submission(tenant, assignmentId, studentId));
  const submission = fold(submissionDecider, events);
  return { version: events.length, answers: submission.answers };
}
