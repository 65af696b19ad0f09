import type { EventOf } from '@evergrade/contracts';

export type SubmissionEvent = EventOf<'AnswerSaved' | 'AssignmentSubmitted'>;

/** One student's work on one assignment. */
export type Submission =
  | { status: 'not_started' }
  | { status: 'in_progress'; answers: Record<number, string | null> }
  | { status: 'submitted'; answers: Record<number, string | null>; submittedAt: string };

export const initialState = (): Submission => ({ status: 'not_started' });

export function evolve(state: Submission, event: SubmissionEvent): Submission {
  switch (event.type) {
    case 'AnswerSaved': {
      const answers = state.status === 'not_started' ? {} : state.answers;
      const next = { ...answers, [event.data.questionId]: event.data.responseContent };
      return state.status === 'submitted' ? { ...state, answers: next } : { status: 'in_progress', answers: next };
    }
    case 'AssignmentSubmitted':
      return {
        status: 'submitted',
        answers: state.status === 'not_started' ? {} : state.answers,
        submittedAt: event.data.submittedAt,
      };
  }
}
