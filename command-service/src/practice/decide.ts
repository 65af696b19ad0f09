import {
  ConflictError,
  NotFoundError,
  PRACTICE_MESSAGES,
  ValidationError,
  isRichTextEmpty,
  type PracticeCheckResult,
  type PracticeQuestion,
} from '@evergrade/contracts';
import { checkAnswer } from '@evergrade/grading';
import type { Decider } from '../decider';
import { evolve, initialState, type Practice, type PracticeEvent } from './practice';

export type CreatePractice = {
  type: 'CreatePractice';
  practiceId: number;
  studentId: number;
  title: string;
  description: string;
  course: string;
  courseCode?: string;
  /** As sent: questions with empty text are dropped here. */
  questions: Omit<PracticeQuestion, 'questionId' | 'questionNumber'>[];
  creationMethod: 'ai' | 'document';
  aiConfigId?: string;
  documentKey?: string;
  now: string;
};
export type SavePracticeAnswer = {
  type: 'SavePracticeAnswer';
  studentId: number;
  questionId: number;
  responseContent: string | null;
  now: string;
};
export type ResetPracticeAnswers = { type: 'ResetPracticeAnswers'; studentId: number; now: string };
export type CheckPracticeAnswers = { type: 'CheckPracticeAnswers'; studentId: number; now: string };
export type SubmitPractice = { type: 'SubmitPractice'; studentId: number; now: string };

export type PracticeCommand = CreatePractice | SavePracticeAnswer | ResetPracticeAnswers | CheckPracticeAnswers | SubmitPractice;

type Existing = Exclude<Practice, { status: 'none' }>;

/** Only the student who made it may act on it; anyone else hears 404, so ids reveal nothing. */
function own(state: Practice, studentId: number): Existing {
  if (state.status === 'none' || state.studentId !== studentId) throw new NotFoundError(PRACTICE_MESSAGES.notFound);
  return state;
}

function open(state: Practice, studentId: number): Existing & { status: 'open' } {
  const practice = own(state, studentId);
  if (practice.status === 'submitted') throw new ConflictError(PRACTICE_MESSAGES.alreadySubmitted);
  return practice;
}

const answered = (p: Existing) => p.questions.filter((q) => !isRichTextEmpty(p.answers[q.questionId] ?? null));

function create(c: CreatePractice, state: Practice): PracticeEvent[] {
  if (state.status !== 'none') throw new ConflictError('This practice assignment already exists');
  const kept = c.questions.filter((q) => !isRichTextEmpty(q.question));
  if (kept.length === 0) throw new ValidationError(PRACTICE_MESSAGES.noQuestions, 'questions');
  const questions = kept.map((q, i) => ({ ...q, questionId: i + 1, questionNumber: i + 1 }));
  return [
    {
      type: 'PracticeAssignmentCreated',
      data: {
        practiceId: c.practiceId,
        studentId: c.studentId,
        title: c.title,
        description: c.description,
        course: c.course,
        ...(c.courseCode ? { courseCode: c.courseCode } : {}),
        questions,
        creationMethod: c.creationMethod,
        ...(c.aiConfigId ? { aiConfigId: c.aiConfigId } : {}),
        ...(c.documentKey ? { documentKey: c.documentKey } : {}),
        createdAt: c.now,
      },
    },
  ];
}

function save(c: SavePracticeAnswer, state: Practice): PracticeEvent[] {
  const p = open(state, c.studentId);
  if (!p.questions.some((q) => q.questionId === c.questionId)) throw new ValidationError('Question not found', 'question_id');
  if ((p.answers[c.questionId] ?? null) === c.responseContent) return [];
  return [
    {
      type: 'PracticeAnswerSaved',
      data: {
        practiceId: p.practiceId,
        studentId: c.studentId,
        questionId: c.questionId,
        responseContent: c.responseContent,
        savedAt: c.now,
      },
    },
  ];
}

function reset(c: ResetPracticeAnswers, state: Practice): PracticeEvent[] {
  const p = open(state, c.studentId);
  return [{ type: 'PracticeAnswersReset', data: { practiceId: p.practiceId, studentId: c.studentId, resetAt: c.now } }];
}

function check(c: CheckPracticeAnswers, state: Practice): PracticeEvent[] {
  const p = open(state, c.studentId);
  if (answered(p).length === 0) throw new ValidationError(PRACTICE_MESSAGES.noAnswers, 'responses');
  const results: PracticeCheckResult[] = p.questions.map((q) => {
    const r = checkAnswer({
      question: q.question,
      answer: q.answer,
      gradingInstructions: q.gradingInstructions,
      marksPossible: q.marksPossible,
      response: p.answers[q.questionId] ?? null,
      questionType: q.type,
      options: q.options,
      correctOption: q.correctOption,
    });
    return {
      questionId: q.questionId,
      pointsObtained: r.pointsObtained,
      pointsPossible: r.pointsPossible,
      feedback: r.feedback,
      confident: r.confident,
      ...(r.reason ? { reason: r.reason } : {}),
      matched: r.matched,
      missing: r.missing,
    };
  });
  const sum = (f: (r: PracticeCheckResult) => number) => results.reduce((s, r) => s + f(r), 0);
  return [
    {
      type: 'PracticeAnswersChecked',
      data: {
        practiceId: p.practiceId,
        studentId: c.studentId,
        results,
        pointsObtained: sum((r) => r.pointsObtained),
        pointsPossible: sum((r) => r.pointsPossible),
        checker: 'offline',
        checkedAt: c.now,
      },
    },
  ];
}

function submit(c: SubmitPractice, state: Practice): PracticeEvent[] {
  const p = open(state, c.studentId);
  return [
    {
      type: 'PracticeAssignmentSubmitted',
      data: {
        practiceId: p.practiceId,
        studentId: c.studentId,
        answered: answered(p).length,
        questionCount: p.questions.length,
        submittedAt: c.now,
      },
    },
  ];
}

export function decide(command: PracticeCommand, state: Practice): PracticeEvent[] {
  switch (command.type) {
    case 'CreatePractice':
      return create(command, state);
    case 'SavePracticeAnswer':
      return save(command, state);
    case 'ResetPracticeAnswers':
      return reset(command, state);
    case 'CheckPracticeAnswers':
      return check(command, state);
    case 'SubmitPractice':
      return submit(command, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${(unhandled as { type: string }).type}`);
    }
  }
}

export const practiceDecider: Decider<PracticeCommand, PracticeEvent, Practice> = { decide, evolve, initialState };
