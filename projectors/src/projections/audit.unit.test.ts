import { describe, expect, it } from 'vitest';
import { auditRows } from './audit';

const known = (questionId: number) => ({ responseId: 100 + questionId, questionId, questionNumber: questionId });
const who = { assignmentId: 7, studentId: 11 };

describe('audit rows of a grading event', () => {
  it('a processed file: one row per response, by the instructor who uploaded it', () => {
    const rows = auditRows(
      {
        type: 'SubmissionFileProcessed',
        data: {
          ...who,
          fileKey: 'k',
          originalFilename: 'ada_lovelace.pdf',
          method: 'ocr',
          processedBy: 3,
          processedAt: '2026-01-01T10:00:00Z',
          responses: [
            { responseId: 101, questionId: 1, questionNumber: 1, response: 'a' },
            { responseId: 102, questionId: 2, questionNumber: 2, response: 'b' },
          ],
        },
      },
      3,
      () => null,
    );
    expect(rows.map((r) => [r.seq, r.response_id, r.question_number, r.actor_kind, r.actor_id, r.response, r.detail])).toEqual([
      [0, 101, 1, 'instructor', 3, 'a', 'File ada_lovelace.pdf read (OCR)'],
      [1, 102, 2, 'instructor', 3, 'b', 'File ada_lovelace.pdf read (OCR)'],
    ]);
  });

  it('a grade: the grader (model or offline), who asked, the values, confidence, regrade instructions and inputs', () => {
    const [r] = auditRows(
      {
        type: 'ResponseGraded',
        data: {
          ...who,
          responseId: 101,
          questionId: 1,
          questionNumber: 1,
          pointsObtained: 1.5,
          pointsPossible: 2,
          feedback: 'ok',
          flaggedForReview: 'unsure',
          grader: { kind: 'ai', name: 'llama3' },
          confidence: 0.5,
          inputs: { questionVersion: 2, responseVersion: 1 },
          regradeInstructions: 'be kind',
          overrodeManual: true,
          gradedAt: '2026-01-01T10:00:00Z',
        },
      },
      3,
      () => null,
    );
    expect(r).toMatchObject({
      event_type: 'ResponseGraded',
      actor_kind: 'ai',
      actor_name: 'llama3',
      requested_by: 3,
      actor_id: null,
      points: 1.5,
      points_possible: 2,
      flag: 'unsure',
      confidence: 0.5,
      reason: 'be kind',
      detail: 'Regrade from question version 2, response version 1; replaced a mark set by hand',
    });
  });

  it('an edit and a resolved flag take the question number from earlier rows', () => {
    const [edit] = auditRows(
      {
        type: 'ResponseMarkEdited',
        data: {
          ...who,
          responseId: 102,
          questionId: 2,
          previousPoints: 1,
          points: 0.5,
          pointsPossible: 1,
          previousFeedback: 'a',
          feedback: 'b',
          by: 3,
          reason: 'why',
          editedAt: '2026-01-01T10:00:00Z',
        },
      },
      3,
      known,
    );
    expect(edit).toMatchObject({
      response_id: 102,
      question_number: 2,
      actor_kind: 'instructor',
      actor_id: 3,
      previous_points: 1,
      points: 0.5,
      reason: 'why',
    });
    const [resolved] = auditRows(
      {
        type: 'ResponseFlagResolved',
        data: { ...who, responseId: 102, questionId: 2, flag: 'unsure', by: 3, resolvedAt: '2026-01-01T10:00:00Z' },
      },
      3,
      known,
    );
    expect(resolved).toMatchObject({ question_number: 2, flag: 'unsure', points: null });
  });

  it('a reset: one row per question reset, found by question id; kept hand-set marks are noted', () => {
    const rows = auditRows(
      {
        type: 'GradingReset',
        data: { ...who, questionIds: [1, 2], keptManual: [3], by: 3, resetAt: '2026-01-01T10:00:00Z' },
      },
      3,
      known,
    );
    expect(rows.map((r) => [r.seq, r.response_id, r.detail])).toEqual([
      [0, 101, 'Reset to ungraded; 1 mark(s) set by hand kept'],
      [1, 102, 'Reset to ungraded; 1 mark(s) set by hand kept'],
    ]);
  });
});
