import type { EventOf } from './events';

/**
 * The one grading fold (issue 11 item 4): the state of a grading stream, and of each response on it, after an event.
 * The grading decider's `evolve`, the grading projection (gr_responses, gr_history), the audit projection (which
 * response a question has), the audit route's replay of audit rows, and `GradeTotals` (other projections' per-question
 * marks) all fold with these functions. Pure: no I/O, no clock, inputs are never mutated.
 */
export type GradingEvent = EventOf<
  | 'SubmissionFileProcessed'
  | 'OnlineResponsesCaptured'
  | 'ResponseGraded'
  | 'ResponseMarkEdited'
  | 'ResponseFlagResolved'
  | 'GradingReset'
  | 'RegradeRequested'
  | 'RegradeRequestResolved'
>;

/** One student's answer to one question, with its current grade. */
export type GradedResponse = {
  responseId: number;
  questionId: number;
  questionNumber: number;
  /** The recorded text ('' when it is not known, e.g. replayed from audit rows). */
  response: string;
  /** How many times its text was recorded. */
  responseVersion: number;
  points: number;
  /** The points possible the last grade or edit used; null before any (a new text keeps it). */
  pointsPossible: number | null;
  feedback: string;
  /** The grader's feedback before any edit by hand. */
  originalFeedback: string;
  graded: boolean;
  /** Model name, 'offline', 'instructor', or '' before any grade. */
  gradedBy: string;
  /** The current mark was set by hand: automatic grading keeps it unless told to override. */
  manual: boolean;
  flaggedForReview: string;
  flagResolved: boolean;
  /** Events that touched this response: the version an edit is based on. */
  version: number;
};

/** One link of a response's chain: who or what changed it, when, the previous value and why. */
export type GradingLink = {
  responseId: number;
  /** The response's version after this event. */
  version: number;
  kind: GradingEvent['type'];
  at: string;
  actorKind: 'instructor' | 'ai' | 'offline' | 'system';
  actor: string;
  actorId: number | null;
  previousPoints: number | null;
  points: number | null;
  previousFeedback: string | null;
  feedback: string | null;
  flaggedForReview: string | null;
  confidence: number | null;
  reason: string | null;
};

/** One student's graded work on one assignment (one grading stream). */
export type GradingStream = {
  source: 'file' | 'online' | null;
  fileKey: string | null;
  originalFilename: string | null;
  /** Submission stream version of the last online capture. */
  submissionVersion: number | null;
  /** By question id. */
  responses: Record<number, GradedResponse>;
};

/**
 * What an event (or a row replaying one) does to one response, whatever carried it: the core the fold applies.
 * `recorded`: a new text (file or typed answers); `graded`: a grader's mark; `edited`: a mark set by hand.
 */
export type ResponseChange =
  | { kind: 'recorded'; responseId: number; questionId: number; questionNumber: number; response: string }
  | { kind: 'graded'; points: number; pointsPossible: number | null; feedback: string; gradedBy: string; flag: string }
  | { kind: 'edited'; points: number; pointsPossible: number | null; feedback: string }
  | { kind: 'flagResolved' }
  | { kind: 'reset' }
  /** Something happened to the response that leaves its mark (a regrade request, one rejected or answered). */
  | { kind: 'noted' };

export const GRADING_FOLD_EVENT_TYPES = [
  'SubmissionFileProcessed',
  'OnlineResponsesCaptured',
  'ResponseGraded',
  'ResponseMarkEdited',
  'ResponseFlagResolved',
  'GradingReset',
  'RegradeRequested',
  'RegradeRequestResolved',
] as const satisfies readonly GradingEvent['type'][];
const FOLDED = new Set<string>(GRADING_FOLD_EVENT_TYPES);

/** Narrows a `{ type, data }` (e.g. a recorded event) to a grading event; null for any other type. */
export const asGradingEvent = (event: { type: string; data: unknown }): GradingEvent | null =>
  FOLDED.has(event.type) ? ({ type: event.type, data: event.data } as GradingEvent) : null;

export const initialGradingStream = (): GradingStream => ({
  source: null,
  fileKey: null,
  originalFilename: null,
  submissionVersion: null,
  responses: {},
});

/** Every (question, change) an event carries, in the event's order. */
export function changesOf(event: GradingEvent): { questionId: number; change: ResponseChange }[] {
  switch (event.type) {
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured':
      return event.data.responses.map((r) => ({
        questionId: r.questionId,
        change: {
          kind: 'recorded',
          responseId: r.responseId,
          questionId: r.questionId,
          questionNumber: r.questionNumber,
          response: r.response,
        },
      }));
    case 'ResponseGraded': {
      const d = event.data;
      return [
        {
          questionId: d.questionId,
          change: {
            kind: 'graded',
            points: d.pointsObtained,
            pointsPossible: d.pointsPossible,
            feedback: d.feedback,
            gradedBy: d.grader.name,
            flag: d.flaggedForReview,
          },
        },
      ];
    }
    case 'ResponseMarkEdited': {
      const d = event.data;
      return [
        { questionId: d.questionId, change: { kind: 'edited', points: d.points, pointsPossible: d.pointsPossible, feedback: d.feedback } },
      ];
    }
    case 'ResponseFlagResolved':
      return [{ questionId: event.data.questionId, change: { kind: 'flagResolved' } }];
    case 'GradingReset':
      return event.data.questionIds.map((questionId) => ({ questionId, change: { kind: 'reset' } }));
    case 'RegradeRequested':
      return [{ questionId: event.data.questionId, change: { kind: 'noted' } }];
    case 'RegradeRequestResolved': {
      // An accepted request sets the mark, as an edit by hand does (the feedback stays).
      const d = event.data;
      return [
        {
          questionId: d.questionId,
          change:
            d.points === null
              ? { kind: 'noted' }
              : { kind: 'edited', points: d.points, pointsPossible: d.pointsPossible, feedback: d.feedback },
        },
      ];
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** The question ids an event touches, in the event's order. */
export const questionIdsOf = (event: GradingEvent): number[] => changesOf(event).map((c) => c.questionId);

/** The change an event makes to the response of `questionId`; null when it does not touch that question. */
export function changeOf(event: GradingEvent, questionId: number): ResponseChange | null {
  switch (event.type) {
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured': {
      // The first entry for the question, without building the others (a capture carries every question).
      const r = event.data.responses.find((x) => x.questionId === questionId);
      return r
        ? { kind: 'recorded', responseId: r.responseId, questionId: r.questionId, questionNumber: r.questionNumber, response: r.response }
        : null;
    }
    default:
      return changesOf(event).find((c) => c.questionId === questionId)?.change ?? null;
  }
}

/**
 * Pure, the core: a response after one change. A new text starts it over (ungraded, version + 1, keeping its id and
 * the points possible last used); any other change needs the response to exist (null when it does not).
 */
export function applyChange(before: GradedResponse | undefined, change: ResponseChange): GradedResponse | null {
  if (change.kind === 'recorded') {
    return {
      responseId: change.responseId,
      questionId: change.questionId,
      questionNumber: change.questionNumber,
      response: change.response,
      responseVersion: (before?.responseVersion ?? 0) + 1,
      points: 0,
      pointsPossible: before?.pointsPossible ?? null,
      feedback: '',
      originalFeedback: '',
      graded: false,
      gradedBy: '',
      manual: false,
      flaggedForReview: '',
      flagResolved: false,
      version: (before?.version ?? 0) + 1,
    };
  }
  if (!before) return null;
  const version = before.version + 1;
  switch (change.kind) {
    case 'graded':
      return {
        ...before,
        points: change.points,
        pointsPossible: change.pointsPossible ?? before.pointsPossible,
        feedback: change.feedback,
        originalFeedback: change.feedback,
        graded: true,
        gradedBy: change.gradedBy,
        manual: false,
        flaggedForReview: change.flag,
        flagResolved: false,
        version,
      };
    case 'edited':
      return {
        ...before,
        points: change.points,
        pointsPossible: change.pointsPossible ?? before.pointsPossible,
        feedback: change.feedback,
        graded: true,
        gradedBy: 'instructor',
        manual: true,
        version,
      };
    case 'flagResolved':
      return { ...before, flagResolved: true, version };
    case 'reset':
      return { ...before, graded: false, manual: false, version };
    case 'noted':
      return { ...before, version };
    default: {
      const unhandled: never = change;
      return unhandled;
    }
  }
}

/** Pure: the history link of an event that took a response from `before` to `after`. */
export function linkOf(before: GradedResponse | undefined, after: GradedResponse, event: GradingEvent): GradingLink {
  // One object shape for every kind, filled in place (spreading objects into objects is V8's slow path, and a replay
  // makes one link per grading event).
  const link: GradingLink = {
    responseId: after.responseId,
    version: after.version,
    kind: event.type,
    at: '',
    actorKind: 'instructor',
    actor: 'instructor',
    actorId: null,
    previousPoints: before?.points ?? null,
    points: null,
    previousFeedback: before?.feedback ?? null,
    feedback: null,
    flaggedForReview: null,
    confidence: null,
    reason: null,
  };
  switch (event.type) {
    case 'SubmissionFileProcessed':
      link.at = event.data.processedAt;
      link.actorId = event.data.processedBy;
      link.points = 0;
      link.feedback = '';
      return link;
    case 'OnlineResponsesCaptured':
      link.at = event.data.capturedAt;
      link.actorKind = 'system';
      link.actor = 'student';
      link.actorId = event.data.studentId;
      link.points = 0;
      link.feedback = '';
      return link;
    case 'ResponseGraded': {
      const d = event.data;
      link.at = d.gradedAt;
      link.actorKind = d.grader.kind;
      link.actor = d.grader.name;
      link.points = d.pointsObtained;
      link.feedback = d.feedback;
      link.flaggedForReview = d.flaggedForReview;
      link.confidence = d.confidence;
      link.reason = d.regradeInstructions ?? null;
      return link;
    }
    case 'ResponseMarkEdited': {
      const d = event.data;
      link.at = d.editedAt;
      link.actorId = d.by;
      link.previousPoints = d.previousPoints;
      link.previousFeedback = d.previousFeedback;
      link.points = d.points;
      link.feedback = d.feedback;
      link.reason = d.reason ?? (d.answerGroup ? `Graded as an answer group of ${d.answerGroup.size}` : null);
      return link;
    }
    case 'ResponseFlagResolved':
      link.at = event.data.resolvedAt;
      link.actorId = event.data.by;
      link.flaggedForReview = event.data.flag;
      link.points = after.points;
      link.feedback = after.feedback;
      return link;
    case 'GradingReset':
      link.at = event.data.resetAt;
      link.actorId = event.data.by;
      link.points = after.points;
      link.feedback = after.feedback;
      return link;
    case 'RegradeRequested':
      link.at = event.data.requestedAt;
      link.actorKind = 'system';
      link.actor = 'student';
      link.actorId = event.data.studentId;
      link.points = after.points;
      link.feedback = after.feedback;
      link.reason = event.data.reason;
      return link;
    case 'RegradeRequestResolved': {
      const d = event.data;
      link.at = d.resolvedAt;
      link.actorId = d.by;
      link.previousPoints = d.previousPoints;
      link.points = after.points;
      link.feedback = after.feedback;
      link.reason = `${d.outcome}: ${d.reply}`;
      return link;
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * Pure: one response after an event, with the event's link in its chain; null when the event does not touch the
 * question or names a response never recorded.
 */
export function evolveGradedResponse(
  before: GradedResponse | undefined,
  event: GradingEvent,
  questionId: number,
): { response: GradedResponse; link: GradingLink } | null {
  const change = changeOf(event, questionId);
  if (!change) return null;
  const response = applyChange(before, change);
  return response ? { response, link: linkOf(before, response, event) } : null;
}

/** Pure: a grading stream after an event (the grading decider's `evolve`). */
export function evolveGradingStream(state: GradingStream, event: GradingEvent): GradingStream {
  let responses = state.responses;
  for (const { questionId, change } of changesOf(event)) {
    const next = applyChange(responses[questionId], change);
    if (!next) continue;
    if (responses === state.responses) responses = { ...state.responses };
    responses[questionId] = next;
  }
  switch (event.type) {
    case 'SubmissionFileProcessed':
      return { ...state, source: 'file', fileKey: event.data.fileKey, originalFilename: event.data.originalFilename, responses };
    case 'OnlineResponsesCaptured':
      return { ...state, source: state.source ?? 'online', submissionVersion: event.data.submissionVersion, responses };
    default:
      return responses === state.responses ? state : { ...state, responses };
  }
}
