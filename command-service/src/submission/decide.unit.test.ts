import { describe, it } from 'vitest';
import { ConflictError, MESSAGES, NotFoundError, ValidationError } from '@evergrade/contracts';
import { specFor } from '../testing';
import { submissionDecider, type AssignmentContext } from './decide';
import type { SubmissionEvent } from './submission';

const spec = specFor(submissionDecider);
const now = '2026-03-01T10:00:00.000Z';
const assignment: AssignmentContext = {
  assignmentId: 7, visibleToStudent: true, due: '2026-03-10T10:00:00.000Z', questionIds: [71, 72], gradedQuestionIds: [],
};
const saved = (questionId: number, responseContent: string | null, savedAt = now): SubmissionEvent => ({
  type: 'AnswerSaved', data: { assignmentId: 7, studentId: 3, questionId, responseContent, savedAt },
});
const submitted: SubmissionEvent = { type: 'AssignmentSubmitted', data: { assignmentId: 7, studentId: 3, submittedAt: now } };
const save = (questionId: number, responseContent: string | null, extra: Partial<AssignmentContext> = {}, at = now) => ({
  type: 'SaveAnswer' as const, assignment: { ...assignment, ...extra }, studentId: 3, questionId, responseContent, now: at,
});

describe('SaveAnswer', () => {
  it('records the first answer', () => {
    spec([]).when(save(71, 'x = 2 or x = 3')).then([saved(71, 'x = 2 or x = 3')]);
  });

  it('records nothing when the answer did not change', () => {
    spec([saved(71, 'same')]).when(save(71, 'same')).then([]);
  });

  it('records a cleared answer as null', () => {
    spec([saved(71, 'text')]).when(save(71, null)).then([saved(71, null)]);
  });

  it('refuses once submitted', () => {
    spec([saved(71, 'a'), submitted]).when(save(72, 'b')).thenThrows(ConflictError, MESSAGES.alreadySubmitted);
  });

  it('refuses after the due time', () => {
    spec([]).when(save(71, 'late', {}, '2026-03-11T00:00:00.000Z')).thenThrows(ConflictError, MESSAGES.pastDue);
  });

  it('refuses a question of another assignment, naming the field', () => {
    spec([]).when(save(99, 'x')).thenThrows(ValidationError, MESSAGES.questionNotFound);
  });

  it('refuses a graded question', () => {
    spec([]).when(save(71, 'x', { gradedQuestionIds: [71] })).thenThrows(ConflictError, MESSAGES.questionGraded);
  });

  it('hides an assignment the student may not see', () => {
    spec([]).when(save(71, 'x', { visibleToStudent: false })).thenThrows(NotFoundError, MESSAGES.assignmentNotFound);
  });
});

describe('SubmitAssignment', () => {
  const submit = (responses: Record<number, string | null>) => ({
    type: 'SubmitAssignment' as const, assignment, studentId: 3, responses, now,
  });

  it('saves changed responses, then submits', () => {
    spec([saved(71, 'kept')]).when(submit({ 71: 'kept', 72: 'new' })).then([saved(72, 'new'), submitted]);
  });

  it('submits with no responses', () => {
    spec([]).when(submit({})).then([submitted]);
  });

  it('refuses a second submission', () => {
    spec([submitted]).when(submit({})).thenThrows(ConflictError, MESSAGES.alreadySubmitted);
  });

  it('refuses past due', () => {
    spec([]).when({ ...submit({}), now: '2026-04-01T00:00:00.000Z' }).thenThrows(ConflictError, MESSAGES.pastDue);
  });
});
