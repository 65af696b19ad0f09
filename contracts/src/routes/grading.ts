import { z } from 'zod';
import { richTextToPlainText } from '../rich-text';
import { RICH_TEXT_MAX_CHARS } from './grader';
import { CommandReplySchema, route } from './route';

/** Longest feedback, counted as the text the student reads (its stored editor state may be longer). */
export const FEEDBACK_MAX_TEXT = 20_000;

/**
 * Instructor grading (spec document 2 sections 2-9): uploading students' PDFs, grading (AI model or the
 * offline checker), regrading, marks and feedback edits, flags. Every change is an event on the
 * `grading:{tenant}:{assignmentId}:{studentId}` stream; reads come from the `grading` read model.
 *
 * Additions to the spec's payloads (all optional, documented per field):
 * - update-response `expected_version` (required): the response's `version` the edit was based on; a stale edit is
 *   a 409 whose body is `StaleResponseEditReplySchema` (message + the current value); without it, a 400.
 * - grade-submission / regrade-question / reset-grading-status `override_manual`: a grade set by hand
 *   (update-response) is kept by automatic grading and resets unless this is true.
 */

/** The read model of grades (per-response state and history rows); its notices carry assignment and user keys. */
export const GRADING_PROJECTION = 'grading';

export const GRADING_MESSAGES = {
  staleEdit:
    'Another instructor changed this response after you loaded it. Your edit was not saved: the current mark and feedback are shown.',
  responseNotFound: 'Response not found',
  expectedVersion: 'expected_version is required: the version of the response this edit is based on',
  submissionNotFound: 'No submission found for this student',
  notEnrolled: 'This student is not enrolled in the course of this assignment',
  pointsRange: (possible: number) => `Marks must be between 0 and ${possible}`,
  pointsStep: 'Marks go in steps of 0.25',
  notPdf: 'Please select a PDF file',
  notUploaded: 'No uploaded PDF was found under this file name. Please upload it again.',
  noResponses: 'No answers were found in this PDF.',
  noQuestions: 'This assignment has no questions.',
  nothingToGrade: 'This student has no responses to grade yet.',
  questionNotFound: (n: number) => `Question ${n} not found`,
} as const;

/** Marks (0..possible is checked against the question on the server). */
const pointsSchema = z
  .number({ error: 'points_obtained must be a number' })
  .min(0, 'Marks must be 0 or more')
  .refine((p) => Math.abs(p * 4 - Math.round(p * 4)) < 1e-9, GRADING_MESSAGES.pointsStep);

const assignmentIdSchema = z.coerce
  .number({ error: 'assignment_id is required' })
  .int('assignment_id must be an integer')
  .positive('assignment_id is required');
const studentIdSchema = z.coerce
  .number({ error: 'student_id is required' })
  .int('student_id must be an integer')
  .positive('student_id is required');

/** GET /grader/get-signed-url: PUT the PDF to upload_url (Content-Type application/pdf, no auth header). */
export const GraderUploadTicketSchema = z.object({
  upload_url: z.string(),
  /** The stored file's name: pass it to process-submission. */
  file_name: z.string(),
});

export const ProcessSubmissionBodySchema = z.object({
  /** The file_name returned by get-signed-url. */
  file_name: z.string({ error: 'file_name is required' }).trim().min(1, 'file_name is required').max(500),
  assignment_id: assignmentIdSchema,
  /** Each page its own batch (the spec's client always sends false). */
  express_mode: z.boolean().default(false),
  /** The student this submission is theirs (one student per submission). */
  student_id: studentIdSchema,
  /** The file's name on the instructor's disk, kept as student_data.original_filename. Default: file_name. */
  original_filename: z.string().trim().max(500).optional(),
});
export type ProcessSubmissionBody = z.input<typeof ProcessSubmissionBodySchema>;

/** A question of a processed file: ungraded, 0 points, empty feedback (spec section 4). */
export const ProcessedSubmissionQuestionSchema = z.object({
  question_id: z.number().int(),
  question_number: z.number().int(),
  question: z.string(),
  answer: z.string(),
  /** The real id (allocated once per student and question); -1 only when nothing is recorded yet. */
  response_id: z.number().int(),
  response: z.string(),
  points_obtained: z.number(),
  points_possible: z.number(),
  feedback: z.string(),
  graded: z.boolean(),
});
export type ProcessedSubmissionQuestion = z.infer<typeof ProcessedSubmissionQuestionSchema>;

/**
 * One line of process-submission's newline-delimited JSON reply: 'processing' per batch read (current_batch,
 * total_batches, pages), 'validating' while answers are matched and recorded, then 'complete' with questions
 * (student_id, file_name, position) or 'error' with error.
 */
export const ProcessSubmissionLineSchema = z.object({
  status: z.enum(['processing', 'validating', 'complete', 'error']),
  current_batch: z.number().int().optional(),
  total_batches: z.number().int().optional(),
  pages: z.number().int().optional(),
  error: z.string().optional(),
  questions: z.array(ProcessedSubmissionQuestionSchema).optional(),
  student_id: z.number().int().optional(),
  file_name: z.string().optional(),
  method: z.enum(['text', 'ocr', 'ai']).optional(),
  position: z.string().nullable().optional(),
});
export type ProcessSubmissionLine = z.infer<typeof ProcessSubmissionLineSchema>;

export const GradeSubmissionBodySchema = z.object({
  assignment_id: assignmentIdSchema,
  student_id: studentIdSchema,
  /** Also regrade questions whose mark was set by hand (default: they are kept). */
  override_manual: z.boolean().default(false),
});

/** One graded question (spec section 7), streamed as soon as it is graded and recorded. */
export const GradedLineSchema = z.object({
  /** The submission's key: the student id as a string (the spec's client re-keys mapped files by student). */
  file_name: z.string(),
  question_number: z.number().int(),
  response_id: z.number().int(),
  points_obtained: z.number(),
  points_possible: z.number(),
  feedback: z.string(),
  response: z.string(),
  /** '' when not flagged; otherwise why a teacher should look. */
  flagged_for_review: z.string(),
  graded: z.literal(true),
  /** The model name, or 'offline'. */
  grader: z.string(),
  confidence: z.number(),
  /** True when the question kept a grade set by hand (not regraded). */
  kept_manual: z.boolean(),
  /** The response's version after this line (for update-response's expected_version). */
  version: z.number().int(),
});
export type GradedLine = z.infer<typeof GradedLineSchema>;
/** The last line: every question done. */
export const GradingDoneLineSchema = z.object({ status: z.literal('complete'), graded: z.number().int(), position: z.string().nullable() });
/** A failure: the questions not yet streamed stay ungraded. */
export const GradingErrorLineSchema = z.object({ status: z.literal('error'), error: z.string() });
export const GradeSubmissionLineSchema = z.union([GradedLineSchema, GradingDoneLineSchema, GradingErrorLineSchema]);
export type GradeSubmissionLine = z.infer<typeof GradeSubmissionLineSchema>;

export const RegradeQuestionBodySchema = z.object({
  /** The submission's key: the student id (as the spec's client keys mapped submissions) or the original file name. */
  filename: z.union([z.string().trim().min(1).max(500), z.number().int().positive()]).transform(String),
  assignment_id: assignmentIdSchema,
  question_number: z.coerce.number({ error: 'question_number is required' }).int().positive(),
  regrade_instructions: z.string().max(5000).default(''),
  /** The spec's client always sends false and calls once per student; true regrades every student's answer. */
  all_students: z.boolean().default(false),
  /** Takes precedence over filename. */
  student_id: studentIdSchema.optional(),
  override_manual: z.boolean().default(false),
});
export type RegradeQuestionBody = z.input<typeof RegradeQuestionBodySchema>;

export const RegradeQuestionReplySchema = z.object({
  points_obtained: z.number(),
  points_possible: z.number(),
  feedback: z.string(),
  response: z.string(),
  response_id: z.number().int(),
  flagged_for_review: z.string(),
  grader: z.string(),
  kept_manual: z.boolean(),
  version: z.number().int(),
  position: z.string().nullable(),
  /**
   * What became of the instructions: 'applied' offline, 'not-understood' (they need an AI provider: the mark was left
   * as it was and the response flagged), 'ai' (sent to the model), 'none' (no instructions, or the mark was kept).
   */
  instructions: z.enum(['applied', 'not-understood', 'ai', 'none']).optional(),
  /** What the instructions changed, or why they were not applied (for the instructor). */
  instructions_note: z.string().optional(),
  /** all_students: the other students are regraded by this background job (follow it with regrade-job). */
  job_id: z.string().optional(),
});

export const ResetGradingStatusBodySchema = z.object({
  assignment_id: assignmentIdSchema,
  student_ids: z.array(z.coerce.number().int().positive()).max(1000),
  /** Only these questions (default: all). */
  question_ids: z.array(z.number().int().positive()).max(1000).optional(),
  override_manual: z.boolean().default(false),
});

export const UpdateResponseBodySchema = z.object({
  response_id: z.coerce.number({ error: 'response_id is required' }).int().positive('response_id is required'),
  points_obtained: pointsSchema,
  /** Plain text or the editor's serialised state (bold, italic, lists, formulas kept); 20,000 characters of text at most. */
  feedback: z
    .string()
    .max(RICH_TEXT_MAX_CHARS, 'Feedback is too long')
    .refine((f) => richTextToPlainText(f).length <= FEEDBACK_MAX_TEXT, 'Feedback is too long'),
  flag_resolved: z.boolean().optional(),
  /**
   * Required: the response's version this edit was based on (from previous-questions-and-responses or a grade
   * line), so an edit never silently overwrites another instructor's.
   */
  expected_version: z
    .number({ error: GRADING_MESSAGES.expectedVersion })
    .int(GRADING_MESSAGES.expectedVersion)
    .min(0, GRADING_MESSAGES.expectedVersion),
  /** Why the mark changed (kept in the history). */
  reason: z.string().max(2000).optional(),
});
export type UpdateResponseBody = z.input<typeof UpdateResponseBodySchema>;

export const UpdateResponseReplySchema = CommandReplySchema.extend({ version: z.number().int() });

/** The current value of a response, as a stale edit's 409 carries it. */
export const CurrentResponseSchema = z.object({
  response_id: z.number().int(),
  points_obtained: z.number(),
  points_possible: z.number(),
  feedback: z.string(),
  flagged_for_review: z.string(),
  flag_resolved: z.boolean(),
  graded: z.boolean(),
  version: z.number().int(),
});
export type CurrentResponse = z.infer<typeof CurrentResponseSchema>;
/** update-response's 409 body. */
export const StaleResponseEditReplySchema = z.object({ message: z.string(), current: CurrentResponseSchema });
export type StaleResponseEditReply = z.infer<typeof StaleResponseEditReplySchema>;

/** Spec section 3, "Graded question per student", plus the response's version. */
export const GradedQuestionSchema = z.object({
  response_id: z.number().int(),
  question_id: z.number().int(),
  question_number: z.number().int(),
  question: z.string(),
  answer: z.string(),
  response: z.string(),
  points_obtained: z.number(),
  points_possible: z.number(),
  feedback: z.string(),
  /** The grader's feedback before any edit by hand. */
  original_feedback: z.string(),
  graded: z.boolean(),
  flagged_for_review: z.string(),
  flag_resolved: z.boolean(),
  /** Who set the current mark: a model name, 'offline', 'instructor', or '' when ungraded. */
  graded_by: z.string(),
  /** For update-response's expected_version. 0 before anything is recorded. */
  version: z.number().int(),
});
export type GradedQuestion = z.infer<typeof GradedQuestionSchema>;

export const StudentGradingSchema = z.object({
  student_id: z.number().int(),
  questions: z.array(GradedQuestionSchema),
  grading: z.object({ obtained: z.number(), possible: z.number(), assignment_title: z.string() }),
  student_data: z.object({ student_name: z.string(), original_filename: z.string() }),
  /** Has questions and every one is graded. */
  graded: z.boolean(),
  /** Unresolved flags (flagged and not resolved). */
  flag_count: z.number().int(),
  /** 'file' (uploaded by an instructor) or 'online' (the student's typed answers). */
  source: z.enum(['file', 'online']),
});
export type StudentGrading = z.infer<typeof StudentGradingSchema>;

/** Keyed by student id (as a string). */
export const PreviousQuestionsAndResponsesReplySchema = z.record(z.string(), StudentGradingSchema);

/** One link of a response's grade chain. */
export const ResponseHistoryEntrySchema = z.object({
  version: z.number().int(),
  /** The event type: SubmissionFileProcessed, OnlineResponsesCaptured, ResponseGraded, ResponseMarkEdited, ResponseFlagResolved, GradingReset. */
  kind: z.string(),
  at: z.string(),
  /** 'instructor', 'ai', 'offline' or 'system'. */
  actor_kind: z.string(),
  /** Model name, 'offline', or the instructor's name. */
  actor: z.string(),
  actor_id: z.number().int().nullable(),
  previous_points: z.number().nullable(),
  points: z.number().nullable(),
  previous_feedback: z.string().nullable(),
  feedback: z.string().nullable(),
  flagged_for_review: z.string().nullable(),
  confidence: z.number().nullable(),
  /** Regrade instructions or an edit's reason. */
  reason: z.string().nullable(),
  position: z.string(),
});
export type ResponseHistoryEntry = z.infer<typeof ResponseHistoryEntrySchema>;

export const gradingRoutes = {
  getGraderSignedUrl: route({
    method: 'GET',
    path: '/grader/get-signed-url',
    kind: 'command',
    access: 'instructor',
    summary:
      "An upload ticket for a student's submission PDF (PUT with Content-Type application/pdf, no auth header, 25 MB, 5 minutes). email, when sent, must be the instructor's own.",
    querystring: z.object({
      file_name: z.string({ error: 'file_name is required' }).trim().min(1, 'file_name is required').max(300),
      email: z.string().trim().max(320).optional(),
    }),
    reply: GraderUploadTicketSchema,
  }),
  processSubmission: route({
    method: 'POST',
    path: '/grader/process-submission',
    kind: 'command',
    access: 'instructor',
    summary:
      'Read an uploaded submission PDF (text layer, OCR, or a vision AI model) into one ungraded response per question for the student (one student per submission). Replies with newline-delimited JSON (the schema describes one line): processing, validating, then complete with questions, or error.',
    body: ProcessSubmissionBodySchema,
    reply: ProcessSubmissionLineSchema,
  }),
  gradeSubmission: route({
    method: 'POST',
    path: '/grader/grade-submission',
    kind: 'command',
    access: 'instructor',
    summary:
      "Grade a student's responses (an OpenAI-compatible model when configured, else the offline checker, which flags what it is not sure of). Newline-delimited JSON: one line per graded question, then {status:'complete'} or {status:'error'}. Grades set by hand are kept unless override_manual.",
    body: GradeSubmissionBodySchema,
    reply: GradeSubmissionLineSchema,
  }),
  regradeQuestion: route({
    method: 'POST',
    path: '/grader/regrade-question',
    kind: 'command',
    access: 'instructor',
    summary:
      "Regrade one question of one student's submission (filename: the student id or the original file name) with the instructor's instructions. A grade set by hand is kept (kept_manual) unless override_manual.",
    body: RegradeQuestionBodySchema,
    reply: RegradeQuestionReplySchema,
  }),
  resetGradingStatus: route({
    method: 'POST',
    path: '/grader/reset-grading-status',
    kind: 'command',
    access: 'instructor',
    summary:
      "Mark the students' responses ungraded again (e.g. after the questions changed); grades set by hand stay unless override_manual.",
    body: ResetGradingStatusBodySchema,
    reply: CommandReplySchema,
  }),
  updateResponse: route({
    method: 'POST',
    path: '/grader/update-response',
    kind: 'command',
    access: 'instructor',
    summary:
      "Set a response's mark (0..points_possible, steps of 0.25) and feedback by hand, optionally resolving its flag. expected_version is required (400 without it): an edit based on a stale version is refused with 409 and the current value.",
    body: UpdateResponseBodySchema,
    reply: UpdateResponseReplySchema,
  }),
  previousQuestionsAndResponses: route({
    method: 'POST',
    path: '/grader/previous-questions-and-responses',
    kind: 'query',
    access: 'instructor',
    summary: "Every student's responses, marks, feedback and flags for an assignment the instructor teaches, keyed by student id.",
    body: z.object({ assignment_id: assignmentIdSchema }),
    reply: PreviousQuestionsAndResponsesReplySchema,
  }),
  responseHistory: route({
    method: 'POST',
    path: '/grader/response-history',
    kind: 'query',
    access: 'instructor',
    summary: "The chain of a response's grade, oldest first: each value, who or what set it, when, the previous value and why.",
    body: z.object({ response_id: z.coerce.number({ error: 'response_id is required' }).int().positive() }),
    reply: z.array(ResponseHistoryEntrySchema),
  }),
} as const;
