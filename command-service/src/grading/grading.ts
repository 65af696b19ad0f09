import type { EventOf } from '@evergrade/contracts';

export type GradingEvent = EventOf<
  'SubmissionFileProcessed' | 'OnlineResponsesCaptured' | 'ResponseGraded' | 'ResponseMarkEdited' | 'ResponseFlagResolved' | 'GradingReset'
>;

/** One student's answer to one question, with its current grade. */
export type ResponseState = {
  responseId: number;
  questionId: number;
  questionNumber: number;
  response: string;
  /** How many times its text was recorded. */
  responseVersion: number;
  points: number;
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

/** One student's graded work on one assignment. */
export type Grading = {
  source: 'file' | 'online' | null;
  fileKey: string | null;
  originalFilename: string | null;
  /** Submission stream version of the last online capture. */
  submissionVersion: number | null;
  /** By question id. */
  responses: Record<number, ResponseState>;
};

export const initialState = (): Grading => ({ source: null, fileKey: null, originalFilename: null, submissionVersion: null, responses: {} });

const fresh = (r: { responseId: number; questionId: number; questionNumber: number; response: string }, before: ResponseState | undefined): ResponseState => ({
  ...r,
  responseVersion: (before?.responseVersion ?? 0) + 1,
  points: 0, feedback: '', originalFeedback: '', graded: false, gradedBy: '', manual: false, flaggedForReview: '', flagResolved: false,
  version: (before?.version ?? 0) + 1,
});

const touch = (state: Grading, questionId: number, change: (r: ResponseState) => Partial<ResponseState>): Grading => {
  const r = state.responses[questionId];
  if (!r) return state;
  return { ...state, responses: { ...state.responses, [questionId]: { ...r, ...change(r), version: r.version + 1 } } };
};

/** A response's question id by its response id. */
export const questionIdOfResponse = (state: Grading, responseId: number): number | null =>
  Object.values(state.responses).find((r) => r.responseId === responseId)?.questionId ?? null;

export function evolve(state: Grading, event: GradingEvent): Grading {
  switch (event.type) {
    case 'SubmissionFileProcessed':
    case 'OnlineResponsesCaptured': {
      const responses = { ...state.responses };
      for (const r of event.data.responses) responses[r.questionId] = fresh(r, responses[r.questionId]);
      return event.type === 'SubmissionFileProcessed'
        ? { ...state, source: 'file', fileKey: event.data.fileKey, originalFilename: event.data.originalFilename, responses }
        : { ...state, source: state.source ?? 'online', submissionVersion: event.data.submissionVersion, responses };
    }
    case 'ResponseGraded': {
      const d = event.data;
      return touch(state, d.questionId, () => ({
        points: d.pointsObtained, feedback: d.feedback, originalFeedback: d.feedback, graded: true, gradedBy: d.grader.name,
        manual: false, flaggedForReview: d.flaggedForReview, flagResolved: false,
      }));
    }
    case 'ResponseMarkEdited':
      return touch(state, event.data.questionId, () => ({
        points: event.data.points, feedback: event.data.feedback, graded: true, gradedBy: 'instructor', manual: true,
      }));
    case 'ResponseFlagResolved':
      return touch(state, event.data.questionId, () => ({ flagResolved: true }));
    case 'GradingReset':
      return event.data.questionIds.reduce((s, id) => touch(s, id, () => ({ graded: false, manual: false })), state);
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
