import { ConflictError, ForbiddenError, MESSAGES, ValidationError, type Question } from '@evergrade/contracts';
import type { Decider } from '../decider';
import { evolve, initialState, type Assignment, type AssignmentEvent } from './assignment';

export type CreateAssignment = {
  type: 'CreateAssignment';
  assignmentId: number;
  courseId: number;
  /** Whether the instructor teaches the course, looked up by the handler. */
  instructorTeachesCourse: boolean;
  createdBy: number;
  title: string;
  assigned: string;
  due: string;
  timeLimitSeconds: number | null;
  questions: Question[];
  publish: boolean;
  now: string;
};

export type AssignmentCommand = CreateAssignment;

function createAssignment(c: CreateAssignment, state: Assignment): AssignmentEvent[] {
  if (state.status !== 'none') throw new ConflictError('This assignment already exists');
  if (!c.instructorTeachesCourse) throw new ForbiddenError(MESSAGES.forbidden);
  if (c.title.trim() === '') throw new ValidationError('title is required', 'title');
  if (new Date(c.due) <= new Date(c.assigned)) throw new ValidationError('due must be after assigned', 'due');
  const numbers = new Set(c.questions.map((q) => q.questionNumber));
  if (numbers.size !== c.questions.length) throw new ValidationError('question numbers must be unique', 'questions');
  const { assignmentId, courseId, title, assigned, due, timeLimitSeconds, createdBy, now } = c;
  return [
    { type: 'AssignmentCreated', data: { assignmentId, courseId, title, assigned, due, timeLimitSeconds, createdBy, createdAt: now } },
    ...c.questions.map((q): AssignmentEvent => ({ type: 'QuestionAdded', data: { ...q, assignmentId } })),
    ...(c.publish ? [{ type: 'AssignmentPublished', data: { assignmentId, publishedAt: now } } as const] : []),
  ];
}

export function decide(command: AssignmentCommand, state: Assignment): AssignmentEvent[] {
  switch (command.type) {
    case 'CreateAssignment':
      return createAssignment(command, state);
    default: {
      const unhandled: never = command.type;
      throw new Error(`Unhandled command ${String(unhandled)}`);
    }
  }
}

export const assignmentDecider: Decider<AssignmentCommand, AssignmentEvent, Assignment> = { decide, evolve, initialState };
