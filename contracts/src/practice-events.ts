import { z } from 'zod';

/**
 * A student's own practice assignment (spec document 1 sections 2-5, 7-9): one stream per practice,
 * `practice:{tenant}:{practiceId}`, acted on by its student only. Every practice action is an event.
 * Data is camelCase; the HTTP API keeps the spec's snake_case names.
 */
const isoDate = z.iso.datetime({ offset: true });

export const PracticeQuestionSchema = z.object({
  /** 1..n within the practice assignment. */
  questionId: z.number().int(),
  questionNumber: z.number().int(),
  /** Serialised editor state or plain text. */
  question: z.string(),
  /** 'short_answer' by default; 'multiple_choice', 'numerical', 'long_answer', ... */
  type: z.string(),
  marksPossible: z.number().nonnegative(),
  /** The answer key the checker compares with ('' when none). */
  answer: z.string(),
  gradingInstructions: z.string().optional(),
  options: z.array(z.string()).optional(),
  correctOption: z.union([z.string(), z.number()]).optional(),
});
export type PracticeQuestion = z.infer<typeof PracticeQuestionSchema>;

export const PracticeAssignmentCreatedSchema = z.object({
  type: z.literal('PracticeAssignmentCreated'),
  data: z.object({
    practiceId: z.number().int(),
    studentId: z.number().int(),
    title: z.string(),
    description: z.string(),
    /** The course's name, or 'General'. */
    course: z.string(),
    courseCode: z.string().optional(),
    questions: z.array(PracticeQuestionSchema),
    /** 'ai' (With AI) or 'document' (From Document). */
    creationMethod: z.string(),
    aiConfigId: z.string().optional(),
    /** The stored source document of a document-made practice. */
    documentKey: z.string().optional(),
    createdAt: isoDate,
  }),
});

export const PracticeAnswerSavedSchema = z.object({
  type: z.literal('PracticeAnswerSaved'),
  data: z.object({
    practiceId: z.number().int(),
    studentId: z.number().int(),
    questionId: z.number().int(),
    responseContent: z.string().nullable(),
    savedAt: isoDate,
  }),
});

/** Reset: every answer cleared (and the feedback of the last check with them). */
export const PracticeAnswersResetSchema = z.object({
  type: z.literal('PracticeAnswersReset'),
  data: z.object({ practiceId: z.number().int(), studentId: z.number().int(), resetAt: isoDate }),
});

export const PracticeCheckResultSchema = z.object({
  questionId: z.number().int(),
  pointsObtained: z.number(),
  pointsPossible: z.number(),
  feedback: z.string(),
  /** False when the offline checker was unsure; `reason` says why. */
  confident: z.boolean(),
  reason: z.string().optional(),
  matched: z.array(z.string()),
  missing: z.array(z.string()),
});
export type PracticeCheckResult = z.infer<typeof PracticeCheckResultSchema>;

/** Check Answers: the answers as they stood, checked against the answer key, one result per question. */
export const PracticeAnswersCheckedSchema = z.object({
  type: z.literal('PracticeAnswersChecked'),
  data: z.object({
    practiceId: z.number().int(),
    studentId: z.number().int(),
    results: z.array(PracticeCheckResultSchema),
    pointsObtained: z.number(),
    pointsPossible: z.number(),
    /** 'offline' (@evergrade/grading). */
    checker: z.string(),
    checkedAt: isoDate,
  }),
});

export const PracticeAssignmentSubmittedSchema = z.object({
  type: z.literal('PracticeAssignmentSubmitted'),
  data: z.object({
    practiceId: z.number().int(),
    studentId: z.number().int(),
    answered: z.number().int(),
    questionCount: z.number().int(),
    submittedAt: isoDate,
  }),
});

export const PRACTICE_EVENT_SCHEMAS = [
  PracticeAssignmentCreatedSchema,
  PracticeAnswerSavedSchema,
  PracticeAnswersResetSchema,
  PracticeAnswersCheckedSchema,
  PracticeAssignmentSubmittedSchema,
] as const;
