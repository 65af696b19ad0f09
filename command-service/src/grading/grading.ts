import {
  evolveGradingStream,
  initialGradingStream,
  type GradedResponse,
  type GradingEvent as FoldedEvent,
  type GradingStream,
} from '@evergrade/contracts';

export type GradingEvent = FoldedEvent;

/** One student's answer to one question, with its current grade (the one grading fold's response state). */
export type ResponseState = GradedResponse;

/** One student's graded work on one assignment: the grading stream as the one grading fold leaves it. */
export type Grading = GradingStream;

export const initialState = (): Grading => initialGradingStream();

/** A response's question id by its response id. */
export const questionIdOfResponse = (state: Grading, responseId: number): number | null =>
  Object.values(state.responses).find((r) => r.responseId === responseId)?.questionId ?? null;

/** The decider's evolve is the one grading fold (contracts/src/grading-fold.ts), shared with the grading and audit read models. */
export const evolve = (state: Grading, event: GradingEvent): Grading => evolveGradingStream(state, event);
