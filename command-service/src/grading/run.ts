import { randomUUID } from 'node:crypto';
import { GRADING_MESSAGES, NotFoundError, streamIds, type GradedLine } from '@evergrade/contracts';
import type { Session } from '@evergrade/platform/auth';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { allocateIds, responseOwner } from '../ids';
import { gradeAsRead } from '../pdf-submission/grade-as-read';
import { loadGrading, readOnlineAnswers, type GradingAssignment } from './context';
import { gradingDecider } from './decide';
import { gradeResponse, type GradingQuestion, type InstructionsTaken } from './grade';
import type { Grading, ResponseState } from './grading';

/** Who a grading command acts for: the instructor's session, or a background job acting as the instructor who started it. */
export type Actor = Pick<Session, 'tenant' | 'userId' | 'role'>;

export const metadataOf = (s: Actor, commandId: string = randomUUID()) => ({
  tenant: s.tenant,
  actorId: String(s.userId),
  actorRole: s.role,
  commandId,
});

/**
 * The student's responses as grading sees them. Without an uploaded file, the student's typed answers are copied
 * onto the grading stream first (only those that changed), so every grade names the exact text it graded.
 */
export async function responsesFor(deps: CommandServiceDeps, s: Actor, a: GradingAssignment, studentId: number): Promise<Grading> {
  const state = await loadGrading(deps.store, s.tenant, a.assignmentId, studentId);
  if (state.source === 'file') return state;
  const online = await readOnlineAnswers(deps.store, s.tenant, a.assignmentId, studentId);
  if (online.version === 0) return state;
  const responses = a.questions.map((q) => ({
    questionId: q.questionId,
    questionNumber: q.questionNumber,
    response: online.answers.get(q.questionId) ?? '',
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

/** The command id of a regrade job's grade of one student: a second try finds the first on the stream. */
export const gradeCommandId = (jobId: string, studentId: number) => `regrade-job:${jobId}:${studentId}`;

export type GradeOptions = {
  regradeInstructions: string;
  overrideManual: boolean;
  log: (err: unknown) => void;
  /** The regrade-all job grading it: recorded on the grade, and its command id, so a resumed job never grades twice. */
  regradeJobId?: string;
};

export type GradedQuestion = GradedLine & {
  position: string | null;
  instructions: InstructionsTaken;
  /** What the instructions changed, or why they were not applied. */
  instructionsNote: string;
};

/**
 * Grade one question of one student and record it; a grade set by hand is kept (kept_manual) unless overridden.
 * Instructions the offline grader does not understand leave the mark and feedback as they were: the grade recorded
 * repeats them with the flag (a grade set by hand is not touched at all), so the history says what happened.
 */
export async function gradeQuestion(
  deps: CommandServiceDeps,
  s: Actor,
  a: GradingAssignment,
  studentId: number,
  q: GradingQuestion,
  state: Grading,
  o: GradeOptions,
): Promise<GradedQuestion> {
  const r = state.responses[q.questionId];
  if (!r) throw new NotFoundError(GRADING_MESSAGES.nothingToGrade);
  const kept = (instructions: InstructionsTaken, instructionsNote: string) => ({
    ...currentLine(studentId, q, r),
    position: null,
    instructions,
    instructionsNote,
  });
  if (r.manual && !o.overrideManual) return kept('none', '');
  const graded = await gradeAsRead(
    deps.store,
    { tenant: s.tenant, assignmentId: a.assignmentId, studentId, questionId: q.questionId, source: state.source },
    () => gradeResponse(deps.ai, q, r.response, o.regradeInstructions, o.log),
  );
  const leave = graded.instructions === 'not-understood';
  if (leave && r.manual) return kept('not-understood', graded.instructionsNote);
  const result = leave && r.graded ? { ...graded, pointsObtained: r.points, feedback: r.feedback } : graded;
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
      ...(result.instructions !== 'none' ? { instructionsApplied: result.instructions } : {}),
      ...(o.regradeJobId ? { regradeJobId: o.regradeJobId } : {}),
      overrideManual: o.overrideManual,
    },
    { metadata: metadataOf(s, o.regradeJobId ? gradeCommandId(o.regradeJobId, studentId) : undefined) },
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
    instructions: result.instructions,
    instructionsNote: result.instructionsNote,
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
