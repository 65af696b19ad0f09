import type { EventOf, PracticeCheckResult, PracticeQuestion } from '@evergrade/contracts';

export type PracticeEvent = EventOf<
  'PracticeAssignmentCreated' | 'PracticeAnswerSaved' | 'PracticeAnswersReset' | 'PracticeAnswersChecked' | 'PracticeAssignmentSubmitted'
>;

type Made = {
  practiceId: number;
  studentId: number;
  questions: PracticeQuestion[];
  answers: Record<number, string | null>;
  /** The last check's result per question, dropped when that answer changes or on reset. */
  results: Record<number, PracticeCheckResult>;
};

/** A student's practice assignment. */
export type Practice = { status: 'none' } | (Made & { status: 'open' }) | (Made & { status: 'submitted'; submittedAt: string });

export const initialState = (): Practice => ({ status: 'none' });

export function evolve(state: Practice, event: PracticeEvent): Practice {
  switch (event.type) {
    case 'PracticeAssignmentCreated': {
      const { practiceId, studentId, questions } = event.data;
      return { status: 'open', practiceId, studentId, questions, answers: {}, results: {} };
    }
    case 'PracticeAnswerSaved': {
      if (state.status === 'none') return state;
      const { [event.data.questionId]: _dropped, ...results } = state.results;
      return { ...state, answers: { ...state.answers, [event.data.questionId]: event.data.responseContent }, results };
    }
    case 'PracticeAnswersReset':
      return state.status === 'none' ? state : { ...state, answers: {}, results: {} };
    case 'PracticeAnswersChecked':
      return state.status === 'none' ? state : { ...state, results: Object.fromEntries(event.data.results.map((r) => [r.questionId, r])) };
    case 'PracticeAssignmentSubmitted':
      return state.status === 'none' ? state : { ...state, status: 'submitted', submittedAt: event.data.submittedAt };
  }
}
