import { describe, expect, it } from 'vitest';
import { GRADING_MESSAGES, NotFoundError, ValidationError, type EventOf } from '@evergrade/contracts';
import { specFor } from '../testing';
import { gradingDecider, StaleResponseEditError, type EditResponse, type GradeResponse } from './decide';
import type { GradingEvent } from './grading';

const now = '2026-03-01T10:00:00.000Z';
const who = { assignmentId: 5, studentId: 9 };
const spec = specFor(gradingDecider);

const fileProcessed: GradingEvent = {
  type: 'SubmissionFileProcessed',
  data: {
    ...who,
    fileKey: 'demo/grader-submissions/2/a.pdf',
    originalFilename: 'Asha_Rao.pdf',
    method: 'text',
    processedBy: 2,
    processedAt: now,
    responses: [
      { responseId: 101, questionId: 1, questionNumber: 1, response: '6 N' },
      { responseId: 102, questionId: 2, questionNumber: 2, response: 'photosynthesis' },
    ],
  },
};
const gradeCmd = (over: Partial<GradeResponse> = {}): GradeResponse => ({
  type: 'GradeResponse',
  ...who,
  now,
  questionId: 1,
  pointsObtained: 2,
  pointsPossible: 2,
  feedback: 'Correct: 6 N.',
  flaggedForReview: '',
  grader: { kind: 'offline', name: 'offline' },
  confidence: 0.9,
  questionVersion: 1,
  responseVersion: 1,
  overrideManual: false,
  ...over,
});
const graded = (over: Partial<GradeResponse> = {}) =>
  gradingDecider.decide(gradeCmd(over), gradingDecider.evolve(gradingDecider.initialState(), fileProcessed))[0]!;
const editCmd = (over: Partial<EditResponse> = {}): EditResponse => ({
  // Based on version 2: the file processed (v1), then graded (v2).
  type: 'EditResponse',
  ...who,
  now,
  responseId: 101,
  points: 1.5,
  pointsPossible: 2,
  feedback: 'Units missing.',
  by: 2,
  expectedVersion: 2,
  ...over,
});
const edited: GradingEvent = {
  type: 'ResponseMarkEdited',
  data: {
    ...who,
    responseId: 101,
    questionId: 1,
    previousPoints: 2,
    points: 1.5,
    pointsPossible: 2,
    previousFeedback: 'Correct: 6 N.',
    feedback: 'Units missing.',
    by: 2,
    editedAt: now,
  },
};

describe('grading decider', () => {
  it('records a processed file with the allocated response ids, each ungraded', () => {
    spec([])
      .when({
        type: 'RecordFileResponses',
        ...who,
        now,
        fileKey: 'k',
        originalFilename: 'f.pdf',
        method: 'ocr',
        by: 2,
        responses: [{ questionId: 1, questionNumber: 1, response: 'x' }],
        newResponseIds: { 1: 55 },
      })
      .then([
        {
          type: 'SubmissionFileProcessed',
          data: {
            ...who,
            fileKey: 'k',
            originalFilename: 'f.pdf',
            method: 'ocr',
            processedBy: 2,
            processedAt: now,
            responses: [{ responseId: 55, questionId: 1, questionNumber: 1, response: 'x' }],
          },
        },
      ]);
  });

  it('keeps a response id once allocated when a new file replaces the answers', () => {
    const [e] = gradingDecider.decide(
      {
        type: 'RecordFileResponses',
        ...who,
        now,
        fileKey: 'k2',
        originalFilename: 'f2.pdf',
        method: 'text',
        by: 2,
        responses: [{ questionId: 1, questionNumber: 1, response: 'y' }],
        newResponseIds: { 1: 999 },
      },
      gradingDecider.evolve(gradingDecider.initialState(), fileProcessed),
    );
    expect((e as EventOf<'SubmissionFileProcessed'>).data.responses[0]!.responseId).toBe(101);
  });

  it('captures only typed answers that changed, and never over an uploaded file', () => {
    const capture = {
      type: 'CaptureOnlineResponses' as const,
      ...who,
      now,
      submissionVersion: 4,
      newResponseIds: { 1: 7, 2: 8 },
      responses: [
        { questionId: 1, questionNumber: 1, response: 'a' },
        { questionId: 2, questionNumber: 2, response: 'b' },
      ],
    };
    const first = gradingDecider.decide(capture, gradingDecider.initialState());
    expect(first).toHaveLength(1);
    const state = first.reduce(gradingDecider.evolve, gradingDecider.initialState());
    expect(gradingDecider.decide({ ...capture, submissionVersion: 5 }, state)).toEqual([]);
    const changed = gradingDecider.decide(
      { ...capture, responses: [{ questionId: 1, questionNumber: 1, response: 'a!' }, capture.responses[1]!] },
      state,
    );
    expect((changed[0] as EventOf<'OnlineResponsesCaptured'>).data.responses).toEqual([
      { responseId: 7, questionId: 1, questionNumber: 1, response: 'a!' },
    ]);
    spec([fileProcessed]).when(capture).then([]);
  });

  it('grades a response, recording the grader, its confidence and the versions it read', () => {
    spec([fileProcessed])
      .when(gradeCmd({ regradeInstructions: 'Accept newtons spelled out' }))
      .then([
        {
          type: 'ResponseGraded',
          data: {
            ...who,
            responseId: 101,
            questionId: 1,
            questionNumber: 1,
            pointsObtained: 2,
            pointsPossible: 2,
            feedback: 'Correct: 6 N.',
            flaggedForReview: '',
            grader: { kind: 'offline', name: 'offline' },
            confidence: 0.9,
            inputs: { questionVersion: 1, responseVersion: 1 },
            regradeInstructions: 'Accept newtons spelled out',
            gradedAt: now,
          },
        },
      ]);
  });

  it('keeps a grade set by hand unless told to override it', () => {
    spec([fileProcessed, graded(), edited])
      .when(gradeCmd({ pointsObtained: 0 }))
      .then([]);
    const [e] = gradingDecider.decide(
      gradeCmd({ pointsObtained: 0, overrideManual: true }),
      [fileProcessed, graded(), edited].reduce(gradingDecider.evolve, gradingDecider.initialState()),
    );
    expect((e as EventOf<'ResponseGraded'>).data).toMatchObject({ pointsObtained: 0, overrodeManual: true });
  });

  it('refuses to grade a response that does not exist', () => {
    spec([]).when(gradeCmd()).thenThrows(NotFoundError, GRADING_MESSAGES.responseNotFound);
  });

  it('edits a mark with the previous value, and refuses one outside 0..possible', () => {
    spec([fileProcessed, graded()])
      .when(editCmd({ reason: 'units' }))
      .then([{ ...edited, data: { ...edited.data, reason: 'units' } } as GradingEvent]);
    spec([fileProcessed, graded()])
      .when(editCmd({ points: 2.5 }))
      .thenThrows(ValidationError, GRADING_MESSAGES.pointsRange(2));
  });

  it('refuses a stale edit with the current value, and accepts one based on the current version', () => {
    // file (v1), graded (v2), edited (v3)
    const run = () =>
      gradingDecider.decide(
        editCmd({ points: 0.5, expectedVersion: 2 }),
        [fileProcessed, graded(), edited].reduce(gradingDecider.evolve, gradingDecider.initialState()),
      );
    expect(run).toThrow(StaleResponseEditError);
    try {
      run();
    } catch (err) {
      expect((err as StaleResponseEditError).current).toEqual({
        response_id: 101,
        points_obtained: 1.5,
        points_possible: 2,
        feedback: 'Units missing.',
        flagged_for_review: '',
        flag_resolved: false,
        graded: true,
        version: 3,
      });
    }
    spec([fileProcessed, graded(), edited])
      .when(editCmd({ points: 0.5, expectedVersion: 3 }))
      .then([
        {
          ...edited,
          data: { ...edited.data, previousPoints: 1.5, points: 0.5, previousFeedback: 'Units missing.' },
        } as GradingEvent,
      ]);
  });

  it('resolves a flag once, and an unchanged edit records nothing', () => {
    const flagged = graded({ flaggedForReview: 'Partial match of key terms', confidence: 0.4 });
    spec([fileProcessed, flagged])
      .when(editCmd({ points: 2, feedback: 'Correct: 6 N.', flagResolved: true }))
      .then([
        {
          type: 'ResponseFlagResolved',
          data: { ...who, responseId: 101, questionId: 1, flag: 'Partial match of key terms', by: 2, resolvedAt: now },
        },
      ]);
    const resolved: GradingEvent = {
      type: 'ResponseFlagResolved',
      data: { ...who, responseId: 101, questionId: 1, flag: 'x', by: 2, resolvedAt: now },
    };
    spec([fileProcessed, flagged, resolved])
      .when(editCmd({ points: 2, feedback: 'Correct: 6 N.', flagResolved: true, expectedVersion: 3 }))
      .then([]);
  });

  it('resets automatic grades and keeps the hand-set ones unless told', () => {
    const q2 = graded({ questionId: 2, pointsObtained: 1 });
    spec([fileProcessed, graded(), edited, q2])
      .when({ type: 'ResetGrading', ...who, now, by: 2, overrideManual: false })
      .then([
        {
          type: 'GradingReset',
          data: { ...who, questionIds: [2], keptManual: [1], by: 2, resetAt: now },
        },
      ]);
    spec([fileProcessed, graded(), edited, q2])
      .when({ type: 'ResetGrading', ...who, now, by: 2, overrideManual: true })
      .then([
        {
          type: 'GradingReset',
          data: { ...who, questionIds: [1, 2], by: 2, resetAt: now },
        },
      ]);
    spec([fileProcessed])
      .when({ type: 'ResetGrading', ...who, now, by: 2, overrideManual: true })
      .then([]);
  });

  it('refuses a grade computed from an older response text', () => {
    const second: GradingEvent = {
      ...fileProcessed,
      data: { ...(fileProcessed as EventOf<'SubmissionFileProcessed'>).data, fileKey: 'k2' },
    } as GradingEvent;
    expect(() =>
      gradingDecider.decide(
        gradeCmd({ responseVersion: 1 }),
        [fileProcessed, second].reduce(gradingDecider.evolve, gradingDecider.initialState()),
      ),
    ).toThrow('The response changed');
  });
});
