import { ConflictError, ForbiddenError, MESSAGES, NotFoundError, ValidationError, type Question } from '@evergrade/contracts';
import type { Decider } from '../decider';
import { evolve, initialState, type Assignment, type AssignmentEvent } from './assignment';

/** Whether the acting instructor teaches the assignment's course, looked up by the handler. */
type Authorised = { instructorTeachesCourse: boolean };

export type CreateAssignment = Authorised & {
  type: 'CreateAssignment';
  assignmentId: number;
  courseId: number;
  createdBy: number;
  title: string;
  /** When students see it: now, or the scheduled go-live instant. */
  assigned: string;
  due: string;
  timeLimitSeconds: number | null;
  questions: Question[];
  publish: boolean;
  now: string;
  description?: string;
  submissionsAllowed?: boolean;
  creationMethod?: 'scratch' | 'document' | 'ai' | 'seed';
  aiConfigId?: string;
  documentKey?: string;
  rubricIds?: string[];
};

export type RenameAssignment = Authorised & { type: 'RenameAssignment'; title: string; now: string };
export type DeleteAssignment = Authorised & { type: 'DeleteAssignment'; now: string };
export type UpdateQuestion = Authorised & {
  type: 'UpdateQuestion';
  questionId: number;
  content: string;
  answer: string;
  gradingInstructions: string;
  marksPossible: number;
  /** Undefined keeps the current tags. */
  tags?: string[];
  /** '' resolves the question's flag; undefined leaves it. */
  flaggedForReview?: string;
  now: string;
};

/** A process (not an instructor) doubts a question; the reason is shown until an instructor resolves it. */
export type FlagQuestion = { type: 'FlagQuestion'; questionId: number; reason: string; now: string };

export type AssignmentCommand = CreateAssignment | RenameAssignment | DeleteAssignment | UpdateQuestion | FlagQuestion;

type Existing = Exclude<Assignment, { status: 'none' | 'deleted' }>;

function existing(state: Assignment, c: Authorised): Existing {
  if (state.status === 'none' || state.status === 'deleted') throw new NotFoundError(MESSAGES.assignmentNotFound);
  if (!c.instructorTeachesCourse) throw new NotFoundError(MESSAGES.assignmentNotFound);
  return state;
}

function createAssignment(c: CreateAssignment, state: Assignment): AssignmentEvent[] {
  if (state.status !== 'none') throw new ConflictError('This assignment already exists');
  if (!c.instructorTeachesCourse) throw new ForbiddenError(MESSAGES.forbidden);
  if (c.title.trim() === '') throw new ValidationError('title is required', 'title');
  if (new Date(c.due) <= new Date(c.assigned)) throw new ValidationError('The due date must be after the assignment goes live', 'due_date');
  if (c.questions.length === 0) throw new ValidationError('Please add at least one question before previewing.', 'questions');
  const numbers = new Set(c.questions.map((q) => q.questionNumber));
  if (numbers.size !== c.questions.length) throw new ValidationError('question numbers must be unique', 'questions');
  const flagged = c.questions.find((q) => (q.flaggedForReview ?? '').trim() !== '');
  if (flagged)
    throw new ValidationError(`Question ${flagged.questionNumber} is flagged for review: resolve it before creating`, 'questions');
  const { assignmentId, courseId, title, assigned, due, timeLimitSeconds, createdBy, now } = c;
  const optional = {
    ...(c.description ? { description: c.description } : {}),
    ...(c.submissionsAllowed !== undefined ? { submissionsAllowed: c.submissionsAllowed } : {}),
    ...(c.creationMethod ? { creationMethod: c.creationMethod } : {}),
    ...(c.aiConfigId ? { aiConfigId: c.aiConfigId } : {}),
    ...(c.documentKey ? { documentKey: c.documentKey } : {}),
    ...(c.rubricIds?.length ? { rubricIds: c.rubricIds } : {}),
  };
  return [
    {
      type: 'AssignmentCreated',
      data: { assignmentId, courseId, title, assigned, due, timeLimitSeconds, createdBy, createdAt: now, ...optional },
    },
    ...c.questions.map((q): AssignmentEvent => ({ type: 'QuestionAdded', data: { ...q, assignmentId } })),
    ...(c.publish ? [{ type: 'AssignmentPublished', data: { assignmentId, publishedAt: now } } as const] : []),
  ];
}

function renameAssignment(c: RenameAssignment, state: Assignment): AssignmentEvent[] {
  const a = existing(state, c);
  const title = c.title.trim();
  if (title === '') throw new ValidationError('Please enter an assignment title', 'new_title');
  if (title === a.title) return [];
  return [{ type: 'AssignmentRenamed', data: { assignmentId: a.assignmentId, from: a.title, title, renamedAt: c.now } }];
}

function deleteAssignment(c: DeleteAssignment, state: Assignment): AssignmentEvent[] {
  const a = existing(state, c);
  return [{ type: 'AssignmentDeleted', data: { assignmentId: a.assignmentId, deletedAt: c.now } }];
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

function updateQuestion(c: UpdateQuestion, state: Assignment): AssignmentEvent[] {
  const a = existing(state, c);
  const q = a.questions.find((x) => x.questionId === c.questionId);
  if (!q) throw new NotFoundError(MESSAGES.questionNotFound);
  if (c.content.trim() === '') throw new ValidationError('Question content cannot be empty', 'question');
  if (c.flaggedForReview !== undefined && c.flaggedForReview.trim() !== '') {
    throw new ValidationError('A flag can only be resolved here (flagged_for_review "")', 'flagged_for_review');
  }
  const events: AssignmentEvent[] = [];
  const tags = c.tags ?? q.tags ?? [];
  const changed =
    c.content !== q.content ||
    c.answer !== (q.answer ?? '') ||
    c.gradingInstructions !== (q.gradingInstructions ?? '') ||
    c.marksPossible !== q.marksPossible ||
    !sameTags(tags, q.tags ?? []);
  if (changed) {
    events.push({
      type: 'QuestionUpdated',
      data: {
        assignmentId: a.assignmentId,
        questionId: q.questionId,
        content: c.content,
        answer: c.answer,
        gradingInstructions: c.gradingInstructions,
        marksPossible: c.marksPossible,
        tags,
        updatedAt: c.now,
      },
    });
  }
  if (c.flaggedForReview === '' && (q.flaggedForReview ?? '') !== '') {
    events.push({
      type: 'QuestionFlagResolved',
      data: { assignmentId: a.assignmentId, questionId: q.questionId, flag: q.flaggedForReview ?? '', resolvedAt: c.now },
    });
  }
  return events;
}

function flagQuestion(c: FlagQuestion, state: Assignment): AssignmentEvent[] {
  const a = existing(state, { instructorTeachesCourse: true });
  const q = a.questions.find((x) => x.questionId === c.questionId);
  if (!q) throw new NotFoundError(MESSAGES.questionNotFound);
  const reason = c.reason.trim();
  if (reason === '' || reason === (q.flaggedForReview ?? '')) return [];
  return [{ type: 'QuestionFlagged', data: { assignmentId: a.assignmentId, questionId: q.questionId, reason, flaggedAt: c.now } }];
}

export function decide(command: AssignmentCommand, state: Assignment): AssignmentEvent[] {
  switch (command.type) {
    case 'CreateAssignment':
      return createAssignment(command, state);
    case 'RenameAssignment':
      return renameAssignment(command, state);
    case 'DeleteAssignment':
      return deleteAssignment(command, state);
    case 'UpdateQuestion':
      return updateQuestion(command, state);
    case 'FlagQuestion':
      return flagQuestion(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${String((unhandled as { type: string }).type)}`);
    }
  }
}

export const assignmentDecider: Decider<AssignmentCommand, AssignmentEvent, Assignment> = { decide, evolve, initialState };
