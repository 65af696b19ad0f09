import type { EventOf, Question } from '@evergrade/contracts';

export type AssignmentEvent = EventOf<
  | 'AssignmentCreated'
  | 'QuestionAdded'
  | 'AssignmentPublished'
  | 'AssignmentRenamed'
  | 'AssignmentDeleted'
  | 'QuestionUpdated'
  | 'QuestionFlagged'
  | 'QuestionFlagResolved'
>;

type Live = {
  assignmentId: number;
  courseId: number;
  title: string;
  assigned: string;
  due: string;
  timeLimitSeconds: number | null;
  submissionsAllowed: boolean;
  questions: Question[];
};

export type Assignment = { status: 'none' } | ({ status: 'draft' | 'published' } & Live) | ({ status: 'deleted' } & Live);

export const initialState = (): Assignment => ({ status: 'none' });

const withQuestion = (questions: Question[], id: number, change: (q: Question) => Question) =>
  questions.map((q) => (q.questionId === id ? change(q) : q));

export function evolve(state: Assignment, event: AssignmentEvent): Assignment {
  if (event.type === 'AssignmentCreated') {
    const { assignmentId, courseId, title, assigned, due, timeLimitSeconds, submissionsAllowed } = event.data;
    return {
      status: 'draft',
      assignmentId,
      courseId,
      title,
      assigned,
      due,
      timeLimitSeconds,
      submissionsAllowed: submissionsAllowed ?? true,
      questions: [],
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'QuestionAdded': {
      const { assignmentId: _, ...question } = event.data;
      return { ...state, questions: [...state.questions, question] };
    }
    case 'AssignmentPublished':
      return state.status === 'draft' ? { ...state, status: 'published' } : state;
    case 'AssignmentRenamed':
      return { ...state, title: event.data.title };
    case 'AssignmentDeleted':
      return { ...state, status: 'deleted' };
    case 'QuestionUpdated': {
      const { content, answer, gradingInstructions, marksPossible, tags } = event.data;
      return {
        ...state,
        questions: withQuestion(state.questions, event.data.questionId, (q) => ({
          ...q,
          content,
          answer,
          gradingInstructions,
          marksPossible,
          tags,
        })),
      };
    }
    case 'QuestionFlagged':
      return {
        ...state,
        questions: withQuestion(state.questions, event.data.questionId, (q) => ({ ...q, flaggedForReview: event.data.reason })),
      };
    case 'QuestionFlagResolved':
      return { ...state, questions: withQuestion(state.questions, event.data.questionId, (q) => ({ ...q, flaggedForReview: '' })) };
  }
}
