import type { DomainEvent } from '@evergrade/contracts';

/**
 * Hand-built grading events for the projections' tests (a submission, captured or uploaded responses, a grade, a mark
 * edited by hand, a reset). A response's id is questionId × 1000 + studentId.
 */
export const T0 = '2026-03-01T09:00:00.000Z';

export const submit = (assignmentId: number, studentId: number): DomainEvent => ({
  type: 'AssignmentSubmitted',
  data: { assignmentId, studentId, submittedAt: T0 },
});
export const responses = (questionIds: number[], studentId: number) =>
  questionIds.map((questionId, i) => ({ responseId: questionId * 1000 + studentId, questionId, questionNumber: i + 1, response: 'x' }));
export const captured = (assignmentId: number, studentId: number, questionIds: number[]): DomainEvent => ({
  type: 'OnlineResponsesCaptured',
  data: { assignmentId, studentId, submissionVersion: 3, capturedAt: T0, responses: responses(questionIds, studentId) },
});
export const uploaded = (assignmentId: number, studentId: number, questionIds: number[]): DomainEvent => ({
  type: 'SubmissionFileProcessed',
  data: {
    assignmentId,
    studentId,
    fileKey: `k${studentId}`,
    originalFilename: 'scan.pdf',
    method: 'text',
    responses: responses(questionIds, studentId),
    processedBy: 9,
    processedAt: T0,
  },
});
export const graded = (assignmentId: number, studentId: number, questionId: number, pointsObtained: number): DomainEvent => ({
  type: 'ResponseGraded',
  data: {
    assignmentId,
    studentId,
    responseId: questionId * 1000 + studentId,
    questionId,
    questionNumber: 1,
    pointsObtained,
    pointsPossible: 5,
    feedback: 'ok',
    flaggedForReview: '',
    grader: { kind: 'offline', name: 'offline' },
    confidence: 0.9,
    inputs: { questionVersion: 1, responseVersion: 1 },
    gradedAt: T0,
  },
});
export const edited = (assignmentId: number, studentId: number, questionId: number, points: number, pointsPossible = 5): DomainEvent => ({
  type: 'ResponseMarkEdited',
  data: {
    assignmentId,
    studentId,
    responseId: questionId * 1000 + studentId,
    questionId,
    previousPoints: 0,
    points,
    pointsPossible,
    previousFeedback: '',
    feedback: 'by hand',
    by: 9,
    editedAt: T0,
  },
});
export const reset = (assignmentId: number, studentId: number, questionIds: number[]): DomainEvent => ({
  type: 'GradingReset',
  data: { assignmentId, studentId, questionIds, by: 9, resetAt: T0 },
});
