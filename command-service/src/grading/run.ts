import { randomUUID } from 'node:crypto';
import { GRADING_MESSAGES, NotFoundError, streamIds, type GradedLine } from '@evergrade/contracts';
import type { Session } from '@evergrade/platform/auth';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { allocateIds, responseOwner } from '../ids';
import { loadGrading, readOnlineAnswers, type GradingAssignment } from './context';
import { gradingDecider } from './decide';
import { gradeResponse, type GradingQuestion } from './grade';
import type { Grading, ResponseState } from './grading';

export const metadataOf = (s: Session) => ({ tenant: s.tenant, actorId: String(s.userId), actorRole: s.role, commandId: randomUUID() });

/**
 * The student's responses as grading sees them. Without an uploaded file, the student's typed answers are copied
 * onto the grading stream first (only those that changed), so every grade names the exact text it graded.
 */
export async function responsesFor(deps: CommandServiceDeps, s: Session, a: GradingAssignment, studentId: number): Promise<Grading> {
  const state = await loadGrading(deps.store, s.tenant, a.assignmentId, studentId);
  if (state.source === 'file') return state;
  const online = await readOnlineAnswers(deps.store, s.tenant, a.assignmentId, studentId);
  if (online.version === 0) return state;
  const responses = a.questions.map((q) => ({
    questionId: q.questionId,
    questionNumber: q.questionNumber,
    response: online.answers[q.questionId] ?? '',
  }));
  const changed = responses.filter((r) => state.responses[r.questionId]?.response !== r.response);
  if (changed.length === 0) return state;
  const missing = changed.filter((r) => !state.responses[r.questionId]);
  const ids = await allocateIds(deps.store, 'response', missing.length, undefined, responseOwner(s.tenant, a.assignmentId, studentId));
  await handleCommand(
    deps.store,
    streamIds.grading(s.tenant, a.assignmentId, studentId),
    gradingDecider,
    {
      type: 'CaptureOnlineResponses',
      assignmentId: a.assignmentId,
      studentId,
      now: deps.now().toISOString(),
      submissionVersion: online.version,
      responses,
      newResponseIds: Object.fromEntries(missing.map((r, i) => [r.questionId, ids[i]!])),
    },
    { metadata: metadataOf(s) },
  );
  return loadGrading(deps.store, s.tenant, a.assignmentId, studentId);
}

export type GradeOptions = { regradeInstructions: string; overrideManual: boolean; log: (err: unknown) => void };

/** Grade one question of one student and record it; a grade set by hand is kept (kept_manual) unless overridden. */
export async function gradeQuestion(
  deps: CommandServiceDeps,
  s: Session,
  a: GradingAssignment,
  studentId: number,
  q: GradingQuestion,
  state: Grading,
  o: GradeOptions,
): Promise<GradedLine & { position: string | null }> {
  const r = state.responses[q.questionId];
  if (!r) throw new NotFoundError(GRADING_MESSAGES.nothingToGrade);
  if (r.manual && !o.overrideManual) return { ...currentLine(studentId, q, r), position: null };
  const result = await gradeResponse(deps.ai, q, r.response, o.regradeInstructions, o.log);
  const recorded = await handleCommand(
    deps.store,
    streamIds.grading(s.tenant, a.assignmentId, studentId),
    gradingDecider,
    {
      type: 'GradeResponse',
      assignmentId: a.assignmentId,
      studentId,
      now: deps.now().toISOString(),
      questionId: q.questionId,
      pointsObtained: result.pointsObtained,
      pointsPossible: q.marksPossible,
      feedback: result.feedback,
      flaggedForReview: result.flaggedForReview,
      grader: result.grader,
      confidence: result.confidence,
      questionVersion: q.version,
      responseVersion: r.responseVersion,
      ...(o.regradeInstructions ? { regradeInstructions: o.regradeInstructions } : {}),
      overrideManual: o.overrideManual,
    },
    { metadata: metadataOf(s) },
  );
  const version = r.version + recorded.events.length;
  return {
    ...currentLine(studentId, q, r),
    points_obtained: result.pointsObtained,
    feedback: result.feedback,
    flagged_for_review: result.flaggedForReview,
    grader: result.grader.name,
    confidence: result.confidence,
    kept_manual: false,
    version,
    position: recorded.position,
  };
}

/** A response's grade as it stands (kept_manual when set by hand). */
export function currentLine(studentId: number, q: GradingQuestion, r: ResponseState): GradedLine {
  return {
    file_name: String(studentId),
    question_number: q.questionNumber,
    response_id: r.responseId,
    points_obtained: r.points,
    points_possible: q.marksPossible,
    feedback: r.feedback,
    response: r.response,
    flagged_for_review: r.flagResolved ? '' : r.flaggedForReview,
    graded: true,
    grader: r.gradedBy,
    confidence: 1,
    kept_manual: r.manual,
    version: r.version,
  };
}
