import {
  asGradingEvent,
  ConflictError,
  evolveGradingStream,
  initialGradingStream,
  NotFoundError,
  REGRADE_MESSAGES as M,
  REGRADE_WINDOW_DEFAULT_DAYS,
  ValidationError,
  type EventOf,
  type GradingEvent,
  type GradingStream,
  type RegradeRequestOutcome,
} from '@evergrade/contracts';
import type { Decider } from '../decider';

type Request = { requestId: number; questionId: number; open: boolean };

/**
 * A student's grading stream as regrade requests see it: the one grading fold's responses, when each question's
 * current mark was set (the window counts from it), and the requests made on it.
 */
export type RegradeState = {
  grading: GradingStream;
  markedAt: Record<number, string>;
  requests: Record<number, Request>;
};

type Who = { assignmentId: number; studentId: number; assignmentTitle: string; now: string };

export type RequestRegrade = Who & {
  type: 'RequestRegrade';
  requestId: number;
  questionId: number;
  reason: string;
  /** The assignment's window in days (REGRADE_WINDOW_DEFAULT_DAYS unless set). */
  windowDays: number;
  /** Who teaches the course now (notified of the request). */
  instructorIds: number[];
};
export type ResolveRegradeRequest = Who & {
  type: 'ResolveRegradeRequest';
  requestId: number;
  outcome: RegradeRequestOutcome;
  points: number | undefined;
  pointsPossible: number;
  reply: string;
  by: number;
};
export type RegradeCommand = RequestRegrade | ResolveRegradeRequest;
type Event = EventOf<'RegradeRequested' | 'RegradeRequestResolved'>;

const DAY_MS = 86_400_000;

export const initialRegradeState = (): RegradeState => ({ grading: initialGradingStream(), markedAt: {}, requests: {} });

export function evolveRegrade(state: RegradeState, event: GradingEvent): RegradeState {
  const grading = evolveGradingStream(state.grading, event);
  switch (event.type) {
    case 'ResponseGraded':
      return { ...state, grading, markedAt: { ...state.markedAt, [event.data.questionId]: event.data.gradedAt } };
    case 'ResponseMarkEdited':
      return { ...state, grading, markedAt: { ...state.markedAt, [event.data.questionId]: event.data.editedAt } };
    case 'RegradeRequested': {
      const { requestId, questionId } = event.data;
      return { ...state, grading, requests: { ...state.requests, [requestId]: { requestId, questionId, open: true } } };
    }
    case 'RegradeRequestResolved': {
      const d = event.data;
      const requests = { ...state.requests, [d.requestId]: { requestId: d.requestId, questionId: d.questionId, open: false } };
      const markedAt = d.points === null ? state.markedAt : { ...state.markedAt, [d.questionId]: d.resolvedAt };
      return { ...state, grading, requests, markedAt };
    }
    default:
      return { ...state, grading };
  }
}

function request(c: RequestRegrade, state: RegradeState): Event[] {
  const r = state.grading.responses[c.questionId];
  if (!r?.graded) throw new ValidationError(M.notGraded, 'question_id');
  const markedAt = state.markedAt[c.questionId];
  const days = c.windowDays;
  if (days <= 0 || !markedAt || Date.parse(c.now) > Date.parse(markedAt) + days * DAY_MS)
    throw new ValidationError(M.windowClosed(days), 'question_id');
  if (Object.values(state.requests).some((x) => x.open && x.questionId === c.questionId)) throw new ConflictError(M.alreadyOpen);
  return [
    {
      type: 'RegradeRequested',
      data: {
        assignmentId: c.assignmentId,
        studentId: c.studentId,
        requestId: c.requestId,
        responseId: r.responseId,
        questionId: r.questionId,
        questionNumber: r.questionNumber,
        assignmentTitle: c.assignmentTitle,
        reason: c.reason,
        points: r.points,
        pointsPossible: r.pointsPossible ?? 0,
        instructorIds: c.instructorIds,
        requestedAt: c.now,
      },
    },
  ];
}

function resolve(c: ResolveRegradeRequest, state: RegradeState): Event[] {
  const req = state.requests[c.requestId];
  if (!req) throw new NotFoundError(M.requestNotFound);
  if (!req.open) throw new ConflictError(M.alreadyResolved);
  const r = state.grading.responses[req.questionId];
  if (!r) throw new NotFoundError(M.requestNotFound);
  if (c.outcome === 'accepted' && c.points === undefined) throw new ValidationError(M.pointsNeeded, 'points_obtained');
  if (c.outcome !== 'accepted' && c.points !== undefined) throw new ValidationError(M.pointsNotAllowed, 'points_obtained');
  if (c.points !== undefined && (c.points < 0 || c.points > c.pointsPossible))
    throw new ValidationError(M.pointsRange(c.pointsPossible), 'points_obtained');
  return [
    {
      type: 'RegradeRequestResolved',
      data: {
        assignmentId: c.assignmentId,
        studentId: c.studentId,
        requestId: c.requestId,
        responseId: r.responseId,
        questionId: r.questionId,
        questionNumber: r.questionNumber,
        assignmentTitle: c.assignmentTitle,
        outcome: c.outcome,
        reply: c.reply,
        previousPoints: r.points,
        points: c.points ?? null,
        pointsPossible: c.pointsPossible,
        feedback: r.feedback,
        by: c.by,
        resolvedAt: c.now,
      },
    },
  ];
}

function decide(command: RegradeCommand, state: RegradeState): Event[] {
  switch (command.type) {
    case 'RequestRegrade':
      return request(command, state);
    case 'ResolveRegradeRequest':
      return resolve(command, state);
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

/** On the student's grading stream: the grading decider's events fold in too (any other type is skipped). */
export const regradeDecider: Decider<RegradeCommand, Event, RegradeState> = {
  decide,
  evolve: (state, event) => {
    const folded = asGradingEvent(event);
    return folded ? evolveRegrade(state, folded) : state;
  },
  initialState: initialRegradeState,
};

/** The assignment's window from its regrade settings stream: the latest RegradeWindowSet, or the default. */
export function windowDaysOf(events: readonly { type: string; data: unknown }[]): number {
  let days = REGRADE_WINDOW_DEFAULT_DAYS;
  for (const e of events) if (e.type === 'RegradeWindowSet') days = (e.data as EventOf<'RegradeWindowSet'>['data']).days;
  return days;
}
