import type { EventOf } from '@evergrade/contracts';

export type SubmissionEvent = EventOf<
  'AnswerSaved' | 'AssignmentSubmitted' | 'TimedSessionStarted' | 'SessionHeartbeat' | 'ExtraTimeGranted'
>;

/** A timed session: the deadline already includes any extra time granted. */
export type TimedSession = {
  startedAt: string;
  timeLimitSeconds: number;
  deadline: string;
  extraSeconds: number;
  lastHeartbeatAt: string | null;
  timeUsedSeconds: number | null;
};

/**
 * Maps, not objects keyed by question id: V8 keeps an object whose keys are small integers as an array up to the
 * largest key (ids below about 1,024 make a holey array of that length: about 26 KB a state for 20 answers with ids
 * near 1,000, against about 1.7 KB as Maps), and every process caches tens of thousands of these states.
 */
type Work = {
  answers: ReadonlyMap<number, string | null>;
  /** Per question, the browser time of the newest edit applied: an older edit arriving later is not applied. */
  editedAt: ReadonlyMap<number, string>;
  session: TimedSession | null;
};

/** One student's work on one assignment. */
export type Submission =
  | ({ status: 'not_started' } & Work)
  | ({ status: 'in_progress' } & Work)
  | ({ status: 'submitted'; submittedAt: string; submissionMethod: string | null } & Work);

export const initialState = (): Submission => ({ status: 'not_started', answers: new Map(), editedAt: new Map(), session: null });

export function evolve(state: Submission, event: SubmissionEvent): Submission {
  switch (event.type) {
    case 'AnswerSaved': {
      const { questionId, responseContent, clientSavedAt } = event.data;
      const answers = new Map(state.answers).set(questionId, responseContent);
      const editedAt = clientSavedAt ? new Map(state.editedAt).set(questionId, clientSavedAt) : state.editedAt;
      // Field by field while in progress (every answer save comes here): a spread with overrides takes V8's slow path.
      return state.status === 'submitted'
        ? { ...state, answers, editedAt }
        : { status: 'in_progress', answers, editedAt, session: state.session };
    }
    case 'AssignmentSubmitted':
      return {
        ...state,
        status: 'submitted',
        submittedAt: event.data.submittedAt,
        submissionMethod: event.data.submissionMethod ?? null,
      };
    case 'TimedSessionStarted': {
      const { startedAt, timeLimitSeconds, deadline } = event.data;
      return {
        ...state,
        session: { startedAt, timeLimitSeconds, deadline, extraSeconds: 0, lastHeartbeatAt: null, timeUsedSeconds: null },
      };
    }
    case 'SessionHeartbeat':
      return state.session
        ? { ...state, session: { ...state.session, lastHeartbeatAt: event.data.at, timeUsedSeconds: event.data.timeUsedSeconds } }
        : state;
    case 'ExtraTimeGranted':
      return state.session
        ? {
            ...state,
            session: { ...state.session, deadline: event.data.newDeadline, extraSeconds: state.session.extraSeconds + event.data.seconds },
          }
        : state;
  }
}
