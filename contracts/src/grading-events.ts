import { z } from 'zod';
import { REGRADE_REQUEST_EVENT_SCHEMAS } from './regrade-request-events';

/**
 * Grading (spec document 2 sections 2-9): one stream per (assignment, student),
 * `grading:{tenant}:{assignmentId}:{studentId}`, separate from the student's submission stream. A grade is
 * never a value overwritten in a row: it is the latest of a chain of events saying who or what set it, when,
 * from what and why. Data is camelCase; the HTTP API keeps the spec's snake_case names.
 *
 * A response is one student's answer to one question; its `responseId` (the spec's response_id) is an integer
 * allocated once per (student, question) from the `response` sequence, the first time a response is recorded.
 */
const isoDate = z.iso.datetime({ offset: true });

/** Where an answer sits on the uploaded PDF: a page and a region of it as fractions of the page, top-left origin. */
export const ReadingBoxSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/**
 * How one answer was read: the text layer (exact), OCR (confidence 0..1, the mean over its words) or a vision model
 * (no confidence). `unreadable`: the answer's space has writing the reader could not read, or read too unsurely
 * to grade; `doubt`: what to check (for example a number whose decimal point may be lost). `page` null: not found.
 */
/** The flag (and the start of the feedback) on an answer the reader could not read from a PDF: never a silent 0. */
export const UNREADABLE_FLAG = 'Could not read this answer.';

export const ResponseReadingSchema = z.object({
  method: z.enum(['text', 'ocr', 'ai']),
  confidence: z.number().nullable(),
  unreadable: z.boolean().optional(),
  doubt: z.string().optional(),
  page: z.number().int().nullable(),
  box: ReadingBoxSchema.optional(),
});
export type ResponseReading = z.infer<typeof ResponseReadingSchema>;

export const RecordedResponseSchema = z.object({
  responseId: z.number().int(),
  questionId: z.number().int(),
  questionNumber: z.number().int(),
  /** Plain text (or serialised editor state for typed answers); '' when the question was not answered. */
  response: z.string(),
  /** How an answer from an uploaded PDF was read and how sure the reader was (absent on typed answers and older events). */
  reading: ResponseReadingSchema.optional(),
});
export type RecordedResponse = z.infer<typeof RecordedResponseSchema>;

/** An instructor-uploaded PDF was read: one response per question of the assignment, each ungraded. */
export const SubmissionFileProcessedSchema = z.object({
  type: z.literal('SubmissionFileProcessed'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    /** Blob key of the stored PDF. */
    fileKey: z.string(),
    /** The name the instructor's file had (the spec's student_data.original_filename). */
    originalFilename: z.string(),
    /** How the pages were read. */
    method: z.enum(['text', 'ocr', 'ai']),
    responses: z.array(RecordedResponseSchema),
    processedBy: z.number().int(),
    processedAt: isoDate,
  }),
});

/**
 * The student's own typed answers (AnswerSaved on the submission stream), copied when grading starts, so a
 * grade names the exact text it graded; `submissionVersion` is the submission stream's version read.
 */
export const OnlineResponsesCapturedSchema = z.object({
  type: z.literal('OnlineResponsesCaptured'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    submissionVersion: z.number().int(),
    responses: z.array(RecordedResponseSchema),
    capturedAt: isoDate,
  }),
});

export const GraderSchema = z.object({
  /** 'ai': an OpenAI-compatible model; 'offline': @evergrade/grading's checker. */
  kind: z.enum(['ai', 'offline']),
  /** The model name, or 'offline'. */
  name: z.string(),
});
export type Grader = z.infer<typeof GraderSchema>;

/** A grader (AI model or the offline checker) set a response's mark and feedback. */
export const ResponseGradedSchema = z.object({
  type: z.literal('ResponseGraded'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    responseId: z.number().int(),
    questionId: z.number().int(),
    questionNumber: z.number().int(),
    pointsObtained: z.number().nonnegative(),
    pointsPossible: z.number().nonnegative(),
    feedback: z.string(),
    /** Non-empty: why a teacher should look (the grader was not confident). '' when not flagged. */
    flaggedForReview: z.string(),
    grader: GraderSchema,
    /** 0..1: how sure the grader is (the offline checker: 0.9 confident, 0.4 not). */
    confidence: z.number().min(0).max(1),
    inputs: z.object({
      /** 1 + the number of QuestionUpdated events of this question when it was graded. */
      questionVersion: z.number().int(),
      /** How many times this response's text had been recorded (1 = the first file or capture). */
      responseVersion: z.number().int(),
    }),
    /** A regrade's instructions, as the instructor typed them. */
    regradeInstructions: z.string().optional(),
    /**
     * What became of them: 'applied' offline, 'not-understood' offline (the mark and feedback were left as they were
     * and the response flagged), or 'ai' (sent to the model with the answer).
     */
    instructionsApplied: z.enum(['applied', 'not-understood', 'ai']).optional(),
    /** The regrade-all job (its own stream, `regrade-job:{tenant}:{jobId}`) that graded it. */
    regradeJobId: z.string().optional(),
    /** True when this grade replaced one set by hand (the instructor asked for it with override_manual). */
    overrodeManual: z.boolean().optional(),
    gradedAt: isoDate,
  }),
});

/** An instructor changed a response's mark and/or feedback by hand. */
export const ResponseMarkEditedSchema = z.object({
  type: z.literal('ResponseMarkEdited'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    responseId: z.number().int(),
    questionId: z.number().int(),
    previousPoints: z.number().nonnegative(),
    points: z.number().nonnegative(),
    pointsPossible: z.number().nonnegative(),
    previousFeedback: z.string(),
    feedback: z.string(),
    /** The instructor's user id. */
    by: z.number().int(),
    reason: z.string().optional(),
    /** Set when the instructor graded an answer group at once: the group's key and its size then (issue 14 item 6). */
    answerGroup: z.object({ key: z.string(), size: z.number().int().positive() }).optional(),
    editedAt: isoDate,
  }),
});

/** Mark as Resolved on a response's review flag. */
export const ResponseFlagResolvedSchema = z.object({
  type: z.literal('ResponseFlagResolved'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    responseId: z.number().int(),
    questionId: z.number().int(),
    /** The flag text that was resolved. */
    flag: z.string(),
    by: z.number().int(),
    resolvedAt: isoDate,
  }),
});

/**
 * reset-grading-status: these questions are ungraded again (marks kept until regraded). Questions whose grade
 * was set by hand stay graded unless the instructor asked (override_manual); they are listed in keptManual.
 */
export const GradingResetSchema = z.object({
  type: z.literal('GradingReset'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    questionIds: z.array(z.number().int()),
    keptManual: z.array(z.number().int()).optional(),
    by: z.number().int(),
    resetAt: isoDate,
  }),
});

export const GRADING_EVENT_SCHEMAS = [
  SubmissionFileProcessedSchema,
  OnlineResponsesCapturedSchema,
  ResponseGradedSchema,
  ResponseMarkEditedSchema,
  ResponseFlagResolvedSchema,
  GradingResetSchema,
  ...REGRADE_REQUEST_EVENT_SCHEMAS,
] as const;

export const GRADING_EVENT_TYPES = GRADING_EVENT_SCHEMAS.map((s) => s.shape.type.value);
