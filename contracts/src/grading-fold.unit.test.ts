import { describe, expect, it } from 'vitest';
import {
  applyChange,
  evolveGradedResponse,
  evolveGradingStream,
  initialGradingStream,
  questionIdsOf,
  type GradingEvent,
} from './grading-fold';

const at = '2026-03-01T10:00:00.000Z';
const who = { assignmentId: 5, studentId: 9 };
const file: GradingEvent = {
  type: 'SubmissionFileProcessed',
  data: {
    ...who,
    fileKey: 'k',
    originalFilename: 'a.pdf',
    method: 'text',
    processedBy: 2,
    processedAt: at,
    responses: [
      { responseId: 101, questionId: 1, questionNumber: 1, response: '6' },
      { responseId: 102, questionId: 2, questionNumber: 2, response: 'x' },
    ],
  },
};
const graded: GradingEvent = {
  type: 'ResponseGraded',
  data: {
    ...who,
    responseId: 101,
    questionId: 1,
    questionNumber: 1,
    pointsObtained: 1.5,
    pointsPossible: 2,
    feedback: 'Unit missing.',
    flaggedForReview: 'Check',
    grader: { kind: 'ai', name: 'llama3' },
    confidence: 0.4,
    inputs: { questionVersion: 1, responseVersion: 1 },
    regradeInstructions: 'be kind',
    gradedAt: at,
  },
};
const edited: GradingEvent = {
  type: 'ResponseMarkEdited',
  data: {
    ...who,
    responseId: 101,
    questionId: 1,
    previousPoints: 1.5,
    points: 2,
    pointsPossible: 2,
    previousFeedback: 'Unit missing.',
    feedback: 'Fine.',
    by: 3,
    editedAt: at,
  },
};
const resolved: GradingEvent = {
  type: 'ResponseFlagResolved',
  data: { ...who, responseId: 101, questionId: 1, flag: 'Check', by: 3, resolvedAt: at },
};
const reset: GradingEvent = { type: 'GradingReset', data: { ...who, questionIds: [1, 2], by: 3, resetAt: at } };

describe('the one grading fold', () => {
  it("folds a stream: source, each response's mark, who set it, manual, flags and versions", () => {
    const state = [file, graded, edited, resolved, reset].reduce(evolveGradingStream, initialGradingStream());
    expect(state).toMatchObject({ source: 'file', fileKey: 'k', originalFilename: 'a.pdf', submissionVersion: null });
    expect(state.responses[1]).toEqual({
      responseId: 101,
      questionId: 1,
      questionNumber: 1,
      response: '6',
      responseVersion: 1,
      points: 2,
      pointsPossible: 2,
      feedback: 'Fine.',
      originalFeedback: 'Unit missing.',
      graded: false,
      gradedBy: 'instructor',
      manual: false,
      flaggedForReview: 'Check',
      flagResolved: true,
      version: 5,
    });
    // Question 2 was never graded: only the file and the reset touched it.
    expect(state.responses[2]).toMatchObject({ graded: false, points: 0, pointsPossible: null, version: 2 });
  });

  it('a new text starts a response over, keeping its id, counting text versions and keeping the points possible', () => {
    const once = [file, graded].reduce(evolveGradingStream, initialGradingStream());
    const again = evolveGradingStream(once, {
      type: 'OnlineResponsesCaptured',
      data: {
        ...who,
        submissionVersion: 4,
        capturedAt: at,
        responses: [{ responseId: 101, questionId: 1, questionNumber: 1, response: '7' }],
      },
    });
    expect(again.source).toBe('file');
    expect(again.submissionVersion).toBe(4);
    expect(again.responses[1]).toMatchObject({
      response: '7',
      responseVersion: 2,
      points: 0,
      graded: false,
      gradedBy: '',
      pointsPossible: 2,
      version: 3,
    });
    expect(again.responses[2]).toBe(once.responses[2]);
  });

  it('ignores changes to a response never recorded, and never mutates its input', () => {
    const empty = initialGradingStream();
    expect(evolveGradingStream(empty, graded)).toBe(empty);
    expect(evolveGradedResponse(undefined, graded, 1)).toBeNull();
    expect(applyChange(undefined, { kind: 'reset' })).toBeNull();
    const one = evolveGradingStream(empty, file);
    const copy = structuredClone(one);
    evolveGradingStream(one, graded);
    expect(one).toEqual(copy);
  });

  it("gives each event's history link: who, when, the previous value and why", () => {
    const first = evolveGradedResponse(undefined, file, 1)!;
    expect(first.link).toMatchObject({
      responseId: 101,
      version: 1,
      kind: 'SubmissionFileProcessed',
      actorKind: 'instructor',
      actorId: 2,
      previousPoints: null,
      points: 0,
      feedback: '',
    });
    const second = evolveGradedResponse(first.response, graded, 1)!;
    expect(second.link).toEqual({
      responseId: 101,
      version: 2,
      kind: 'ResponseGraded',
      at,
      actorKind: 'ai',
      actor: 'llama3',
      actorId: null,
      previousPoints: 0,
      points: 1.5,
      previousFeedback: '',
      feedback: 'Unit missing.',
      flaggedForReview: 'Check',
      confidence: 0.4,
      reason: 'be kind',
    });
    const third = evolveGradedResponse(second.response, edited, 1)!;
    expect(third.link).toMatchObject({
      actorKind: 'instructor',
      actorId: 3,
      previousPoints: 1.5,
      points: 2,
      previousFeedback: 'Unit missing.',
      reason: null,
    });
    const fourth = evolveGradedResponse(third.response, reset, 1)!;
    expect(fourth.link).toMatchObject({ kind: 'GradingReset', points: 2, feedback: 'Fine.', previousPoints: 2, version: 4 });
    expect(evolveGradedResponse(third.response, reset, 3)).toBeNull();
    expect(questionIdsOf(reset)).toEqual([1, 2]);
  });
});
