import type { EventOf, Question } from '@evergrade/contracts';

export type AssignmentEvent = EventOf<'AssignmentCreated' | 'QuestionAdded' | 'AssignmentPublished'>;

export type Assignment =
  | { status: 'none' }
  | {
      status: 'draft' | 'published';
      assignmentId: number;
      courseId: number;
      title: string;
      assigned: string;
      due: string;
      timeLimitSeconds: number | null;
      questions: Question[];
    };

export const initialState = (): Assignment => ({ status: 'none' });

export function evolve(state: Assignment, event: AssignmentEvent): Assignment {
  switch (event.type) {
    case 'AssignmentCreated': {
      const { assignmentId, courseId, title, assigned, due, timeLimitSeconds } = event.data;
      return { status: 'draft', assignmentId, courseId, title, assigned, due, timeLimitSeconds, questions: [] };
    }
    case 'QuestionAdded': {
      if (state.status === 'none') return state;
      const { assignmentId: _, ...question } = event.data;
      return { ...state, questions: [...state.questions, question] };
    }
    case 'AssignmentPublished':
      return state.status === 'none' ? state : { ...state, status: 'published' };
  }
}
