import { z } from 'zod';
import { MAX_RESPONSE_LENGTH } from '../constants';
import { ProcessMarkingSchemeLineSchema } from './documents';
import { ReferenceUrlSchema } from './library';
import { CommandReplySchema, route } from './route';

/**
 * Practice assignments (spec document 1 sections 2-5, 7-9): a student makes one (With AI or From Document),
 * takes it, checks the answers against its answer key, resets, submits. Every action is an event on
 * `practice:{tenant}:{practiceId}`; the lists and question sheets are the `practice` read model.
 */

/** Spec document 1 section 8, word for word. */
export const PRACTICE_MESSAGES = {
  titleRequired: 'Please enter a practice assignment title',
  titleStartLetter: 'Title must start with an alphabet',
  titleCharacters: 'Title can only contain letters, numbers, and #$@&()_ characters',
  promptRequired: 'Please enter what you want to practice',
  urlRequired: 'Please enter a URL',
  unsupportedProtocol: (protocol: string) => `Unsupported protocol ${protocol} Please use HTTP or HTTPS URLs only.`,
  maxDocuments: 'Maximum of 3 documents reached',
  noCourses: 'No courses available. Please contact your administrator to add a course.',
  generating: 'Generating Practice Assignment',
  generateFailed: 'There was an error generating your practice assignment. Please try again.',
  createFailed: 'There was an error creating your practice assignment. Please try again.',
  loadFailed: 'There was an error loading this practice assignment. Please try again.',
  notFound: 'Practice assignment not found',
  submitFailed: 'There was an error submitting your practice assignment. Your progress has been saved.',
  resetFailed: 'There was an error resetting your answers. Please try again.',
  noAnswers: 'Please answer at least one question before checking your work.',
  resetConfirm: 'Are you sure you want to reset all your answers? This action cannot be undone.',
  resetDone: 'All answers have been reset successfully!',
  submitPrompt: (done: number, total: number) =>
    `You have completed ${done} out of ${total} questions. Would you like to submit your practice assignment?`,
  submitted: 'Practice assignment submitted successfully! Great work!',
  discardConfirm: 'Are you sure you want to discard this practice assignment? All progress will be lost.',
  noQuestions: 'Please add at least one question',
  alreadySubmitted: 'This practice assignment has been submitted',
  noPractice: 'No Practice Assignments Yet',
  /** Offline generation when the question library has nothing on the topic (no off-topic questions instead). */
  nothingOnTopic: (topic: string) =>
    `The question library has no practice questions on "${topic}" yet. Try other words for the topic, or add a reference document.`,
  fewOnTopic: (found: number, topic: string) =>
    `The question library has only ${found} practice ${found === 1 ? 'question' : 'questions'} on "${topic}"; nothing off the topic was added.`,
  offlineNotice: 'These questions come from the question library (no AI provider is configured).',
  fallbackNotice: 'The AI could not be reached, so these questions come from the question library.',
} as const;

/** The read model of practice assignments (lists and question sheets). */
export const PRACTICE_PROJECTION = 'practice';
/** Notice key of one practice assignment. */
export const practiceNoticeKey = (practiceId: number) => `practice:${practiceId}`;

/** Spec document 1 section 9. */
export const PRACTICE_LIMITS = {
  difficultyMin: 1,
  difficultyMax: 10,
  difficultyDefault: 5,
  maxReferenceDocuments: 3,
  defaultCourse: 'General',
  listCourseDefault: 'Unknown Course',
  defaultTitle: 'Practice Assignment',
  defaultSubject: 'General',
  defaultMarks: 1,
  defaultType: 'short_answer',
  redirectMs: 1000,
  maxQuestions: 50,
} as const;

/** The first practice-title message that applies, or null when the title is valid. */
export function practiceTitleError(title: string): string | null {
  const t = title.trim();
  if (t === '') return PRACTICE_MESSAGES.titleRequired;
  if (!/^[A-Za-z]/.test(t)) return PRACTICE_MESSAGES.titleStartLetter;
  if (!/^[A-Za-z0-9 #$@&()_]+$/.test(t)) return PRACTICE_MESSAGES.titleCharacters;
  return null;
}

const practiceId = z.number({ error: 'assignment_id must be a number' }).int().positive();
const responseContent = z.string().max(MAX_RESPONSE_LENGTH, `response_content is longer than ${MAX_RESPONSE_LENGTH} characters`).nullable();
const RICH_MAX = 200_000;

/** A question as generation returns it and add-practice-assignment takes it (spec: Practice question). */
export const PracticeQuestionInputSchema = z.object({
  question_number: z.number().int().min(1).optional(),
  question: z.string({ error: 'question is required' }).max(RICH_MAX, 'question is too long'),
  type: z.string().trim().max(50).default(PRACTICE_LIMITS.defaultType),
  marks_possible: z
    .number({ error: 'marks_possible must be a number' })
    .min(0, 'Marks must be 0 or more')
    .max(1000)
    .refine((m) => Number.isInteger(m * 4), 'Marks go in steps of 0.25')
    .default(PRACTICE_LIMITS.defaultMarks),
  answer: z.string().max(RICH_MAX).default(''),
  grading_instructions: z.string().max(RICH_MAX).optional(),
  options: z.array(z.string().max(2000)).max(10).optional(),
  correct_option: z
    .union([z.string().max(2000), z.number().int()])
    .nullable()
    .optional(),
  show_answer: z.boolean().optional(),
});
export type PracticeQuestionInput = z.input<typeof PracticeQuestionInputSchema>;
export type GeneratedPracticeQuestion = z.output<typeof PracticeQuestionInputSchema> & { question_number: number };

/** JSON, or the same fields as multipart form fields (url_documents as JSON text) plus `reference_documents` PDFs. */
export const GeneratePracticeBodySchema = z.object({
  prompt: z
    .string({ error: PRACTICE_MESSAGES.promptRequired })
    .trim()
    .min(1, PRACTICE_MESSAGES.promptRequired)
    .max(10_000, 'prompt must be at most 10000 characters'),
  difficulty_level: z.coerce
    .number({ error: 'difficulty_level must be a number' })
    .int('difficulty_level must be a whole number')
    .min(PRACTICE_LIMITS.difficultyMin, 'difficulty_level must be between 1 and 10')
    .max(PRACTICE_LIMITS.difficultyMax, 'difficulty_level must be between 1 and 10')
    .default(PRACTICE_LIMITS.difficultyDefault),
  title: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((t) => t || PRACTICE_LIMITS.defaultTitle),
  /** Guessed from the prompt when empty; 'General' when nothing fits. */
  subject: z.string().trim().max(100).default(''),
  course: z.string().trim().max(100).optional(),
  /** Stored copies from /grader/validate-and-upload-url-pdf: name, original_url and gsutil_url. */
  url_documents: z
    .array(ReferenceUrlSchema.extend({ name: z.string().max(300).optional() }))
    .max(PRACTICE_LIMITS.maxReferenceDocuments, PRACTICE_MESSAGES.maxDocuments)
    .default([]),
});
export type GeneratePracticeBody = z.input<typeof GeneratePracticeBodySchema>;

export const GeneratePracticeReplySchema = CommandReplySchema.extend({
  questions: z.array(PracticeQuestionInputSchema.extend({ question_number: z.number().int() })),
  /** The recorded generation (AiConfigRecorded): send it back as ai_config_id. */
  ai_config_id: z.number().int(),
  subject: z.string(),
  /** The model's name, or 'offline'. */
  generator: z.string(),
  notice: z.string().optional(),
});
export type GeneratePracticeReply = z.infer<typeof GeneratePracticeReplySchema>;

export const AddPracticeBodySchema = z.object({
  title: z
    .string({ error: PRACTICE_MESSAGES.titleRequired })
    .trim()
    .max(120, 'Title must be at most 120 characters')
    .superRefine((t, ctx) => {
      const error = practiceTitleError(t);
      if (error) ctx.addIssue({ code: 'custom', message: error });
    }),
  description: z.string().max(5000).default(''),
  /** A course code the student is enrolled in, or 'General'. */
  course: z.string().trim().max(100).default(PRACTICE_LIMITS.defaultCourse),
  questions: z.array(PracticeQuestionInputSchema).max(PRACTICE_LIMITS.maxQuestions, `At most ${PRACTICE_LIMITS.maxQuestions} questions`),
  creation_method: z.enum(['ai', 'document'], { error: 'creation_method must be ai or document' }),
  ai_config_id: z
    .union([z.number().int(), z.string().max(50)])
    .nullable()
    .optional(),
  gsutil_url: z.string().max(500).nullable().optional(),
});
export type AddPracticeBody = z.input<typeof AddPracticeBodySchema>;

export const PRACTICE_STATUSES = ['Available', 'Submitted'] as const;

/** A row of the Practice tab. created_at serves as both assigned and due (spec section 3). */
export const PracticeListItemSchema = z.object({
  practice_assignment_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  course: z.string(),
  course_code: z.string().nullable(),
  created_at: z.string(),
  assigned: z.string(),
  due: z.string(),
  status: z.enum(PRACTICE_STATUSES),
  question_count: z.number().int(),
  answered_count: z.number().int(),
  marks_total: z.number(),
  /** Points at the last Check Answers, null before any. */
  marks_obtained: z.number().nullable(),
  creation_method: z.string(),
  submitted_at: z.string().nullable(),
});
export type PracticeListItem = z.infer<typeof PracticeListItemSchema>;
export const PracticeListSchema = z.record(z.string(), PracticeListItemSchema);
export type PracticeList = z.infer<typeof PracticeListSchema>;

export const PracticeSheetQuestionSchema = z.object({
  question_id: z.number().int(),
  question_number: z.number().int(),
  question_content: z.string(),
  type: z.string(),
  marks_possible: z.number(),
  options: z.array(z.string()).nullable(),
  response_content: z.string().nullable(),
  /** From the last Check Answers (null before one, or after a reset or a change of this answer). */
  feedback: z.string().nullable(),
  points_obtained: z.number().nullable(),
  confident: z.boolean().nullable(),
  /** The answer key, once submitted. */
  answer: z.string().nullable(),
});
export type PracticeSheetQuestion = z.infer<typeof PracticeSheetQuestionSchema>;

export const PracticeSheetSchema = PracticeListItemSchema.extend({
  checked_at: z.string().nullable(),
  questions: z.array(PracticeSheetQuestionSchema),
});
export type PracticeSheet = z.infer<typeof PracticeSheetSchema>;

export const PracticeResultSchema = z.object({
  question_id: z.number().int(),
  question_number: z.number().int(),
  points_obtained: z.number(),
  points_possible: z.number(),
  feedback: z.string(),
  confident: z.boolean(),
  matched: z.array(z.string()),
  missing: z.array(z.string()),
});
export type PracticeResult = z.infer<typeof PracticeResultSchema>;

export const CheckPracticeReplySchema = CommandReplySchema.extend({
  results: z.array(PracticeResultSchema),
  points_obtained: z.number(),
  points_possible: z.number(),
});
export type CheckPracticeReply = z.infer<typeof CheckPracticeReplySchema>;

const byId = z.object({ assignment_id: practiceId });

export const practiceRoutes = {
  getPracticeAssignments: route({
    method: 'GET',
    path: '/students/get-practice-assignments',
    kind: 'query',
    access: 'student',
    summary: "The signed-in student's practice assignments keyed by practice_assignment_id (status Available or Submitted).",
    reply: PracticeListSchema,
  }),
  generatePracticeAssignment: route({
    method: 'POST',
    path: '/students/generate-practice-assignment',
    kind: 'command',
    access: 'student',
    summary:
      "Practice questions from a prompt and difficulty (1-10), optional reference PDFs (multipart reference_documents, at most 3) or stored url_documents. Without an AI provider they come from the references' own questions and the library questions on the prompt's topic (never off it); `notice` says so, and says when the library had fewer or none on the topic (then the reply has no questions, 200). Recorded as AiConfigRecorded; 502 when the AI provider failed and the library had nothing on the topic either.",
    body: GeneratePracticeBodySchema.nullish(),
    reply: GeneratePracticeReplySchema,
  }),
  processPracticeMarkingScheme: route({
    method: 'POST',
    path: '/students/process-practice-marking-scheme',
    kind: 'command',
    access: 'student',
    summary:
      'multipart/form-data like /grader/process-marking-scheme (file or gsutil_url; title, course, created_by): newline-delimited JSON progress lines, then status complete with the questions, or status error.',
    reply: ProcessMarkingSchemeLineSchema,
  }),
  addPracticeAssignment: route({
    method: 'POST',
    path: '/students/add-practice-assignment',
    kind: 'command',
    access: 'student',
    summary: 'Create a practice assignment (PracticeAssignmentCreated). Questions with empty text are dropped; none left is a 400.',
    body: AddPracticeBodySchema,
    reply: CommandReplySchema.extend({ practice_assignment_id: z.number().int() }),
  }),
  getPracticeAssignmentQuestions: route({
    method: 'POST',
    path: '/students/get-practice-assignment-questions',
    kind: 'query',
    access: 'student',
    summary:
      "A practice assignment of the signed-in student with its questions, responses and the last check's feedback. 404 for anyone else's.",
    body: byId,
    reply: PracticeSheetSchema,
  }),
  setPracticeAssignmentResponse: route({
    method: 'POST',
    path: '/students/set-practice-assignment-response',
    kind: 'command',
    access: 'student',
    summary: 'Save one practice answer (PracticeAnswerSaved). 409 once submitted.',
    body: z.object({
      assignment_id: practiceId,
      question_id: z.number({ error: 'question_id must be a number' }).int().positive(),
      question_number: z.number().int().positive().optional(),
      response_content: responseContent,
      command_id: z.uuid('command_id must be a UUID').optional(),
    }),
    reply: CommandReplySchema,
  }),
  resetPracticeAssignment: route({
    method: 'POST',
    path: '/students/reset-practice-assignment',
    kind: 'command',
    access: 'student',
    summary: 'Reset: clear every answer and the last feedback (PracticeAnswersReset). 409 once submitted.',
    body: byId,
    reply: CommandReplySchema,
  }),
  checkPracticeAnswers: route({
    method: 'POST',
    path: '/students/check-practice-answers',
    kind: 'command',
    access: 'student',
    summary:
      'Check Answers: every answer against the answer key (offline checker), per-question points and feedback (PracticeAnswersChecked). 400 when nothing is answered.',
    body: byId,
    reply: CheckPracticeReplySchema,
  }),
  submitPracticeAssignment: route({
    method: 'POST',
    path: '/students/submit-practice-assignment',
    kind: 'command',
    access: 'student',
    summary: 'Submit the practice assignment (PracticeAssignmentSubmitted); later changes are refused with 409.',
    body: byId,
    reply: CommandReplySchema,
  }),
} as const;
