import {
  ConflictError,
  GRADING_MESSAGES,
  NotFoundError,
  ValidationError,
  type CurrentResponse,
  type Grader,
  type ResponseReading,
  type EventOf,
} from '@evergrade/contracts';
import type { Decider } from '../decider';
import { evolve, initialState, type Grading, type GradingEvent, type ResponseState } from './grading';

type NewResponse = { questionId: number; questionNumber: number; response: string; reading?: ResponseReading };
type Who = { assignmentId: number; studentId: number; now: string };

/** Response ids are allocated by the route (I/O) for the questions the state has none for yet. */
export type RecordFileResponses = Who & {
  type: 'RecordFileResponses';
  fileKey: string;
  originalFilename: string;
  method: 'text' | 'ocr' | 'ai';
  responses: NewResponse[];
  newResponseIds: Record<number, number>;
  by: number;
};
/** The student's typed answers as of submission stream version `submissionVersion`; only changed ones are recorded. */
export type CaptureOnlineResponses = Who & {
  type: 'CaptureOnlineResponses';
  submissionVersion: number;
  responses: NewResponse[];
  newResponseIds: Record<number, number>;
};
export type GradeResponse = Who & {
  type: 'GradeResponse';
  questionId: number;
  pointsObtained: number;
  pointsPossible: number;
  feedback: string;
  flaggedForReview: string;
  grader: Grader;
  confidence: number;
  questionVersion: number;
  /** The response version the grader read: a newer text since then makes this grade stale (409). */
  responseVersion: number;
  regradeInstructions?: string;
  /** What became of the instructions (see ResponseGraded). */
  instructionsApplied?: 'applied' | 'not-understood' | 'ai';
  regradeJobId?: string;
  overrideManual: boolean;
};
export type EditResponse = Who & {
  type: 'EditResponse';
  responseId: number;
  points: number;
  pointsPossible: number;
  feedback: string;
  flagResolved?: boolean;
  /** The response's version the edit was based on: a mark edit never overwrites one it has not seen. */
  expectedVersion: number;
  by: number;
  reason?: string;
};
export type ResetGrading = Who & { type: 'ResetGrading'; questionIds?: number[]; overrideManual: boolean; by: number };

export type GradingCommand = RecordFileResponses | CaptureOnlineResponses | GradeResponse | EditResponse | ResetGrading;

/** A stale edit: carries the current value for the 409 body. */
export class StaleResponseEditError extends ConflictError {
  constructor(readonly current: CurrentResponse) {
    super(GRADING_MESSAGES.staleEdit);
  }
}

export const currentResponse = (r: ResponseState, pointsPossible: number): CurrentResponse => ({
  response_id: r.responseId,
  points_obtained: r.points,
  points_possible: pointsPossible,
  feedback: r.feedback,
  flagged_for_review: r.flaggedForReview,
  flag_resolved: r.flagResolved,
  graded: r.graded,
  version: r.version,
});

function withIds(responses: NewResponse[], state: Grading, newIds: Record<number, number>) {
  return responses.map((r) => {
    const responseId = state.responses[r.questionId]?.responseId ?? newIds[r.questionId];
    if (responseId === undefined) throw new Error(`no response id for question ${r.questionId}`);
    return { responseId, ...r };
  });
}

function recordFile(c: RecordFileResponses, state: Grading): GradingEvent[] {
  if (c.responses.length === 0) throw new ValidationError(GRADING_MESSAGES.noResponses, 'file_name');
  return [
    {
      type: 'SubmissionFileProcessed',
      data: {
        assignmentId: c.assignmentId,
        studentId: c.studentId,
        fileKey: c.fileKey,
        originalFilename: c.originalFilename,
        method: c.method,
        responses: withIds(c.responses, state, c.newResponseIds),
        processedBy: c.by,
        processedAt: c.now,
      },
    },
  ];
}

function capture(c: CaptureOnlineResponses, state: Grading): GradingEvent[] {
  // An uploaded file is the submission of record: typed answers do not replace it.
  if (state.source === 'file') return [];
  const changed = c.responses.filter((r) => state.responses[r.questionId]?.response !== r.response);
  if (changed.length === 0) return [];
  return [
    {
      type: 'OnlineResponsesCaptured',
      data: {
        assignmentId: c.assignmentId,
        studentId: c.studentId,
        submissionVersion: c.submissionVersion,
        responses: withIds(changed, state, c.newResponseIds),
        capturedAt: c.now,
      },
    },
  ];
}

function grade(c: GradeResponse, state: Grading): GradingEvent[] {
  const r = state.responses[c.questionId];
  if (!r) throw new NotFoundError(GRADING_MESSAGES.responseNotFound);
  if (r.manual && !c.overrideManual) return [];
  if (r.responseVersion !== c.responseVersion)
    throw new ConflictError('The response changed while it was being graded. Please grade again.');
  return [
    {
      type: 'ResponseGraded',
      data: {
        assignmentId: c.assignmentId,
        studentId: c.studentId,
        responseId: r.responseId,
        questionId: c.questionId,
        questionNumber: r.questionNumber,
        pointsObtained: c.pointsObtained,
        pointsPossible: c.pointsPossible,
        feedback: c.feedback,
        flaggedForReview: c.flaggedForReview,
        grader: c.grader,
        confidence: c.confidence,
        inputs: { questionVersion: c.questionVersion, responseVersion: r.responseVersion },
        ...(c.regradeInstructions ? { regradeInstructions: c.regradeInstructions } : {}),
        ...(c.instructionsApplied ? { instructionsApplied: c.instructionsApplied } : {}),
        ...(c.regradeJobId ? { regradeJobId: c.regradeJobId } : {}),
        ...(r.manual ? { overrodeManual: true } : {}),
        gradedAt: c.now,
      },
    },
  ];
}

function edit(c: EditResponse, state: Grading): GradingEvent[] {
  const r = Object.values(state.responses).find((x) => x.responseId === c.responseId);
  if (!r) throw new NotFoundError(GRADING_MESSAGES.responseNotFound);
  if (c.expectedVersion !== r.version) throw new StaleResponseEditError(currentResponse(r, c.pointsPossible));
  if (c.points < 0 || c.points > c.pointsPossible)
    throw new ValidationError(GRADING_MESSAGES.pointsRange(c.pointsPossible), 'points_obtained');
  return markEditEvents(r, c, !r.graded || r.points !== c.points || r.feedback !== c.feedback, c.reason ? { reason: c.reason } : {});
}

/** What a mark edit decided by hand records: the edit (when `changed`), then the flag's resolution when asked. */
export function markEditEvents(
  r: ResponseState,
  c: {
    assignmentId: number;
    studentId: number;
    points: number;
    pointsPossible: number;
    feedback: string;
    by: number;
    now: string;
    flagResolved?: boolean | undefined;
  },
  changed: boolean,
  extra: Pick<EventOf<'ResponseMarkEdited'>['data'], 'reason' | 'answerGroup'>,
): GradingEvent[] {
  const base = { assignmentId: c.assignmentId, studentId: c.studentId, responseId: r.responseId, questionId: r.questionId };
  const events: GradingEvent[] = [];
  if (changed) {
    events.push({
      type: 'ResponseMarkEdited',
      data: {
        ...base,
        previousPoints: r.points,
        points: c.points,
        pointsPossible: c.pointsPossible,
        previousFeedback: r.feedback,
        feedback: c.feedback,
        by: c.by,
        ...extra,
        editedAt: c.now,
      },
    });
  }
  if (c.flagResolved && r.flaggedForReview !== '' && !r.flagResolved) {
    events.push({ type: 'ResponseFlagResolved', data: { ...base, flag: r.flaggedForReview, by: c.by, resolvedAt: c.now } });
  }
  return events;
}

function reset(c: ResetGrading, state: Grading): GradingEvent[] {
  const chosen = Object.values(state.responses).filter((r) => r.graded && (!c.questionIds || c.questionIds.includes(r.questionId)));
  const kept = c.overrideManual ? [] : chosen.filter((r) => r.manual).map((r) => r.questionId);
  const questionIds = chosen.map((r) => r.questionId).filter((id) => !kept.includes(id));
  if (questionIds.length === 0) return [];
  return [
    {
      type: 'GradingReset',
      data: {
        assignmentId: c.assignmentId,
        studentId: c.studentId,
        questionIds,
        ...(kept.length ? { keptManual: kept } : {}),
        by: c.by,
        resetAt: c.now,
      },
    },
  ];
}

function decide(command: GradingCommand, state: Grading): GradingEvent[] {
  switch (command.type) {
    case 'RecordFileResponses':
      return recordFile(command, state);
    case 'CaptureOnlineResponses':
      return capture(command, state);
    case 'GradeResponse':
      return grade(command, state);
    case 'EditResponse':
      return edit(command, state);
    case 'ResetGrading':
      return reset(command, state);
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

export const gradingDecider: Decider<GradingCommand, GradingEvent, Grading> = { decide, evolve, initialState };
