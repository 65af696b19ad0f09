import { describe, expect, it } from 'vitest';
import type { EventOf } from '@evergrade/contracts';
import { evolveResponse, type ResponseRow } from './grading';

const at = '2026-03-01T10:00:00.000Z';
const who = { assignmentId: 5, studentId: 9 };
const processed: EventOf<'SubmissionFileProcessed'> = {
  type: 'SubmissionFileProcessed',
  data: {
    ...who,
    fileKey: 'k',
    originalFilename: 'a.pdf',
    method: 'text',
    processedBy: 2,
    processedAt: at,
    responses: [{ responseId: 101, questionId: 1, questionNumber: 1, response: '6' }],
  },
};
const graded: EventOf<'ResponseGraded'> = {
  type: 'ResponseGraded',
  data: {
    ...who,
    responseId: 101,
    questionId: 1,
    questionNumber: 1,
    pointsObtained: 1.5,
    pointsPossible: 2,
    feedback: 'Unit missing.',
    flaggedForReview: 'Check units',
    grader: { kind: 'offline', name: 'offline' },
    confidence: 0.4,
    inputs: { questionVersion: 1, responseVersion: 1 },
    gradedAt: at,
  },
};
const edited: EventOf<'ResponseMarkEdited'> = {
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
    reason: 'Unit implied',
    editedAt: at,
  },
};

describe('grading projection', () => {
  it('keeps the current grade with its version, and one history link per event with who, what before and why', () => {
    const one = evolveResponse(null, processed, 101)!;
    expect(one.row).toMatchObject({ response: '6', points: 0, graded: false, version: 1, response_version: 1 });
    const two = evolveResponse(one.row, graded, 101)!;
    expect(two.row).toMatchObject({
      points: 1.5,
      graded: true,
      graded_by: 'offline',
      flagged_for_review: 'Check units',
      original_feedback: 'Unit missing.',
      version: 2,
    });
    expect(two.link).toMatchObject({
      kind: 'ResponseGraded',
      actor_kind: 'offline',
      previous_points: 0,
      points: 1.5,
      confidence: 0.4,
      version: 2,
    });
    const three = evolveResponse(two.row, edited, 101)!;
    expect(three.row).toMatchObject({
      points: 2,
      feedback: 'Fine.',
      original_feedback: 'Unit missing.',
      graded_by: 'instructor',
      manual: true,
      version: 3,
    });
    expect(three.link).toMatchObject({
      actor_kind: 'instructor',
      actor_id: 3,
      previous_points: 1.5,
      points: 2,
      previous_feedback: 'Unit missing.',
      reason: 'Unit implied',
    });
    const reset = evolveResponse(three.row, { type: 'GradingReset', data: { ...who, questionIds: [1], by: 3, resetAt: at } }, 101)!;
    expect(reset.row).toMatchObject({ graded: false, manual: false, points: 2, version: 4 });
  });

  it('ignores an event for a response it has never seen', () => {
    expect(evolveResponse(null as ResponseRow | null, graded, 101)).toBeNull();
  });
});
