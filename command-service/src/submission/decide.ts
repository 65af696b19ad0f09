import { ConflictError, MESSAGES, NotFoundError, ValidationError } from '@evergrade/contracts';
import type { Decider } from '../decider';
import { evolve, initialState, type Submission, type SubmissionEvent } from './submission';

/** What the handler knows of the assignment and the student when the command arrives. */
export type AssignmentContext = {
  assignmentId: number;
  /** Published, in a course the student is enrolled in. */
  visibleToStudent: boolean;
  due: string;
  /** When it goes live for students; before then it does not exist for them. */
  assigned?: string;
  /** False: the instructor uploads the students' work; no online answers. */
  submissionsAllowed?: boolean;
  questionIds: number[];
  gradedQuestionIds: number[];
};

export type SaveAnswer = {
  type: 'SaveAnswer';
  assignment: AssignmentContext;
  studentId: number;
  questionId: number;
  responseContent: string | null;
  now: string;
};

export type SubmitAssignment = {
  type: 'SubmitAssignment';
  assignment: AssignmentContext;
  studentId: number;
  responses: Record<number, string | null>;
  now: string;
};

export type SubmissionCommand = SaveAnswer | SubmitAssignment;

function assertOpen(a: AssignmentContext, state: Submission, now: string): void {
  if (!a.visibleToStudent) throw new NotFoundError(MESSAGES.assignmentNotFound);
  if (a.assigned && new Date(a.assigned).getTime() > new Date(now).getTime()) throw new NotFoundError(MESSAGES.assignmentNotFound);
  if (a.submissionsAllowed === false) throw new ConflictError(MESSAGES.noOnlineSubmissions);
  if (state.status === 'submitted') throw new ConflictError(MESSAGES.alreadySubmitted);
  if (new Date(a.due).getTime() < new Date(now).getTime()) throw new ConflictError(MESSAGES.pastDue);
}

function answerEvent(c: { assignment: AssignmentContext; studentId: number; now: string }, questionId: number, content: string | null): SubmissionEvent {
  return {
    type: 'AnswerSaved',
    data: { assignmentId: c.assignment.assignmentId, studentId: c.studentId, questionId, responseContent: content, savedAt: c.now },
  };
}

function changed(state: Submission, questionId: number, content: string | null): boolean {
  const current = state.status === 'not_started' ? undefined : state.answers[questionId];
  return (current ?? null) !== content;
}

function saveAnswer(c: SaveAnswer, state: Submission): SubmissionEvent[] {
  assertOpen(c.assignment, state, c.now);
  if (!c.assignment.questionIds.includes(c.questionId)) throw new ValidationError(MESSAGES.questionNotFound, 'question_id');
  if (c.assignment.gradedQuestionIds.includes(c.questionId)) throw new ConflictError(MESSAGES.questionGraded);
  return changed(state, c.questionId, c.responseContent) ? [answerEvent(c, c.questionId, c.responseContent)] : [];
}

function submitAssignment(c: SubmitAssignment, state: Submission): SubmissionEvent[] {
  assertOpen(c.assignment, state, c.now);
  const saves: SubmissionEvent[] = [];
  for (const [key, content] of Object.entries(c.responses)) {
    const questionId = Number(key);
    if (!c.assignment.questionIds.includes(questionId)) throw new ValidationError(MESSAGES.questionNotFound, 'responses');
    if (c.assignment.gradedQuestionIds.includes(questionId)) continue;
    if (changed(state, questionId, content)) saves.push(answerEvent(c, questionId, content));
  }
  const { assignmentId } = c.assignment;
  return [...saves, { type: 'AssignmentSubmitted', data: { assignmentId, studentId: c.studentId, submittedAt: c.now } }];
}

export function decide(command: SubmissionCommand, state: Submission): SubmissionEvent[] {
  switch (command.type) {
    case 'SaveAnswer':
      return saveAnswer(command, state);
    case 'SubmitAssignment':
      return submitAssignment(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const submissionDecider: Decider<SubmissionCommand, SubmissionEvent, Submission> = { decide, evolve, initialState };
