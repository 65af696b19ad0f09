import { z } from 'zod';
import { WizardQuestionSchema } from './documents';
import { CommandReplySchema, route } from './route';

/**
 * Rubrics, the question library (Smart Builder), textbooks and AI Express generation (spec document 3,
 * sections 2, 3, 7-9). The seeded libraries are shared by every school; a school's own additions are
 * visible to that school only.
 */

/** Spec document 3 sections 5, 8 and 9: exact texts and limits. */
export const LIBRARY_MESSAGES = {
  generateFailed: 'Failed to generate assignment. Please try again.',
  promptRequired: 'Please enter prompt details to generate an assignment',
  maxDocuments: 'Maximum of 5 documents reached',
  pdfOnly: 'Reference documents must be PDF files',
  smartBuilderDenied: 'Smart Builder is not enabled for your account. Ask your school administrator to turn it on.',
  offlineNotice: 'Generated offline from the question library and your reference documents; no AI provider is configured.',
  fallbackNotice:
    'The AI provider could not generate this assignment, so it was built offline from the question library and your reference documents.',
  /** AI Express offline when the question library has nothing on the prompt's topic (no off-topic questions instead). */
  nothingOnTopic: (topic: string) =>
    `The question library has no questions on "${topic}", so none were added. Try other words for the topic, attach a reference document, or write the questions from scratch.`,
  /** AI Express offline when the library has fewer questions on the topic than wanted. */
  fewOnTopic: (found: number, topic: string, asked?: number) =>
    `The question library has only ${found} ${found === 1 ? 'question' : 'questions'} on "${topic}"${asked !== undefined ? ` (you asked for ${asked})` : ''}; no questions off the topic were added.`,
  rubricLevels: 'Describe each level: Novice, Apprentice, Competent and Proficient',
  rubricExists: 'This rubric already exists',
  rubricRoleRequired: 'Only instructors and admins can add rubrics',
  instructorsOnly: 'Smart Builder access is for instructors only',
} as const;

/** Library questions without them get these (spec document 3 section 9). */
export const LIBRARY_PLACEHOLDERS = {
  answer: 'Answer will be provided by instructor',
  gradingInstructions: 'Grade based on accuracy and completeness',
} as const;

export const SEARCH_QUESTIONS_LIMIT = 36;
export const MAX_REFERENCE_DOCUMENTS = 5;
/** Largest reference PDF accepted, per file. */
export const MAX_REFERENCE_DOCUMENT_BYTES = 20 * 1024 * 1024;
/** The 413 for a reference PDF over MAX_REFERENCE_DOCUMENT_BYTES. */
export const REFERENCE_TOO_LARGE = `Each reference document must be at most ${MAX_REFERENCE_DOCUMENT_BYTES / (1024 * 1024)} MB.`;
export const RUBRIC_LEVELS = ['Novice', 'Apprentice', 'Competent', 'Proficient'] as const;
/** Default author of a textbook that names none. */
export const UNKNOWN_AUTHOR = 'Unknown';

/** Read models of this area (names of their projections, for read-your-writes). */
export const LIBRARY_PROJECTIONS = {
  rubrics: 'rubrics',
  questionLibrary: 'question-library',
  textbooks: 'textbooks',
} as const;

/** A question's rubric tag: 'rubric name - criterion'. */
export const rubricTag = (r: { rubric_name: string; criterion: string }) => `${r.rubric_name} - ${r.criterion}`;

export const RubricSchema = z.object({
  id: z.number().int(),
  /** The category. */
  rubric_name: z.string(),
  criterion: z.string(),
  /** Names the levels Novice, Apprentice, Competent and Proficient (the UI shows them bold). */
  description: z.string(),
});
export type Rubric = z.infer<typeof RubricSchema>;

const rubricText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(2, `${field} must be at least 2 characters`)
    .max(max, `${field} must be at most ${max} characters`)
    // Tags are 'rubric name - criterion': a ' - ' inside either part would make them ambiguous.
    .refine((t) => !t.includes(' - '), `${field} cannot contain " - "`);

export const AddRubricBodySchema = z.object({
  rubric_name: rubricText('rubric_name', 80),
  criterion: rubricText('criterion', 120),
  description: z
    .string({ error: 'description is required' })
    .trim()
    .max(4000, 'description must be at most 4000 characters')
    .refine((d) => RUBRIC_LEVELS.every((level) => new RegExp(`\\b${level}\\b`, 'i').test(d)), LIBRARY_MESSAGES.rubricLevels),
});
export type AddRubricBody = z.input<typeof AddRubricBodySchema>;

export const TextbookSchema = z.object({
  textbook_id: z.number().int(),
  title: z.string(),
  author: z.string(),
  subject: z.string(),
  /** Questions drawn from the book's headings (spec document 1 section 3); empty until it is indexed. */
  example_queries: z.array(z.string()),
  /** 'indexing' while its pages are read; only 'ready' books answer questions. */
  status: z.enum(['indexing', 'ready', 'failed']),
  page_count: z.number().int().nonnegative(),
  /** True for the books every school shares (seeded); false for the school's own uploads. */
  shared: z.boolean(),
});
export type Textbook = z.infer<typeof TextbookSchema>;

/** A search result (spec document 3 section 3, "Library question"); `question` repeats `question_text`. */
export const LibraryQuestionSchema = z.object({
  id: z.number().int(),
  question_text: z.string(),
  question: z.string(),
  answer: z.string(),
  marks_possible: z.number(),
  question_type: z.string(),
  subject: z.string(),
  topics: z.array(z.string()),
  source_title: z.string(),
  grading_instructions: z.string(),
  source_document_id: z.union([z.string(), z.number()]).nullable(),
  original_question_number: z.union([z.string(), z.number()]).nullable(),
});
export type LibraryQuestion = z.infer<typeof LibraryQuestionSchema>;

const marksBound = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .max(1000);

export const SearchQuestionsBodySchema = z
  .object({
    /** Words to look for in the question, its topics and subject; words are matched as prefixes while typing. */
    query: z.string({ error: 'query is required' }).max(500, 'query must be at most 500 characters'),
    limit: z
      .number({ error: 'limit must be a number' })
      .int()
      .min(1, 'limit must be at least 1')
      .max(SEARCH_QUESTIONS_LIMIT, `limit must be at most ${SEARCH_QUESTIONS_LIMIT}`)
      .default(SEARCH_QUESTIONS_LIMIT),
    subject: z.string().trim().max(100).optional(),
    question_type: z.string().trim().max(50).optional(),
    marks_min: marksBound('marks_min').optional(),
    marks_max: marksBound('marks_max').optional(),
  })
  .refine((b) => b.marks_min === undefined || b.marks_max === undefined || b.marks_min <= b.marks_max, {
    message: 'marks_min must not be above marks_max',
    path: ['marks_min'],
  });
export type SearchQuestionsBody = z.input<typeof SearchQuestionsBodySchema>;

export const SearchQuestionsReplySchema = z.object({
  success: z.literal(true),
  questions: z.array(LibraryQuestionSchema),
  /** Every subject and question type of the library this school sees, for the filter panel. */
  subjects: z.array(z.string()),
  question_types: z.array(z.string()),
});

/** A chosen rubric: its id, or the rubric itself as get-rubrics gave it. */
const ChosenRubricSchema = z.union([
  z.number().int(),
  z.string().trim().min(1).max(200),
  z.object({ id: z.union([z.number().int(), z.string()]).optional(), rubric_name: z.string().max(200), criterion: z.string().max(200) }),
]);

export const ReferenceUrlSchema = z.object({
  /** The stored copy (from validate-and-upload-url-pdf). */
  gsutil_url: z.string({ error: 'gsutil_url is required' }).min(1).max(500),
  filename: z.string().max(300).default('document.pdf'),
  original_url: z.string().max(2000).default(''),
});

/** JSON, or the same fields as multipart form fields (lists as JSON text) plus `reference_docs` PDF files. */
export const GenerateAssignmentBodySchema = z.object({
  prompt: z
    .string({ error: LIBRARY_MESSAGES.promptRequired })
    .trim()
    .min(1, LIBRARY_MESSAGES.promptRequired)
    .max(10_000, 'prompt must be at most 10000 characters'),
  subject: z.string().trim().max(100).default(''),
  title: z.string().trim().max(200).default(''),
  description: z.string().trim().max(5000).default(''),
  textbooks: z
    .array(
      z.object({
        id: z.union([z.number().int(), z.string().max(100)]),
        title: z.string().max(300),
        author: z.string().max(300).default('Unknown'),
      }),
    )
    .max(20, 'at most 20 textbooks')
    .default([]),
  rubrics: z.array(ChosenRubricSchema).max(100, 'at most 100 rubrics').default([]),
  reference_urls: z.array(ReferenceUrlSchema).max(MAX_REFERENCE_DOCUMENTS, LIBRARY_MESSAGES.maxDocuments).default([]),
});
export type GenerateAssignmentBody = z.input<typeof GenerateAssignmentBodySchema>;

export const GeneratedQuestionSchema = WizardQuestionSchema.extend({
  question_type: z.string().optional(),
  topics: z.array(z.string()).optional(),
  source_document_id: z.union([z.string(), z.number()]).nullable().optional(),
  original_question_number: z.union([z.string(), z.number()]).nullable().optional(),
});
export type GeneratedQuestion = z.infer<typeof GeneratedQuestionSchema>;

export const GenerateAssignmentReplySchema = CommandReplySchema.extend({
  questions: z.array(GeneratedQuestionSchema),
  /** The recorded AI config: send it as the assignment's ai_config. */
  config_id: z.number().int(),
  /** The model's name, or 'offline'. */
  generator: z.string(),
  /** Says how the questions were made when no model made them. */
  notice: z.string().optional(),
});
export type GenerateAssignmentReply = z.infer<typeof GenerateAssignmentReplySchema>;

const rubricRoute = (path: string, access: 'instructor' | 'admin') =>
  route({
    method: 'POST',
    path,
    kind: 'command',
    access,
    summary: `Add a rubric (category, criterion and a description naming the four levels) to the school's library (${access}s).`,
    body: AddRubricBodySchema,
    reply: CommandReplySchema.extend({ id: z.number().int() }),
  });

export const libraryRoutes = {
  getRubrics: route({
    method: 'GET',
    path: '/grader/get-rubrics',
    kind: 'query',
    access: 'authenticated',
    summary: "The rubric library: the seeded rubrics every school shares plus the school's own, by category then criterion.",
    reply: z.array(RubricSchema),
  }),
  addRubric: rubricRoute('/grader/add-rubric', 'instructor'),
  adminAddRubric: rubricRoute('/admin/add-rubric', 'admin'),
  listTextbooks: route({
    method: 'GET',
    path: '/chatbot/list-textbooks',
    kind: 'query',
    access: 'authenticated',
    summary: "Textbooks to ground AI Express and the chat assistant: the shared ones plus the school's own.",
    reply: z.array(TextbookSchema),
  }),
  searchQuestions: route({
    method: 'POST',
    path: '/document-processor/search-questions',
    kind: 'query',
    access: 'instructor',
    summary:
      'Smart Builder: full-text search of the question library (best match first, at most 36), with subject, type and marks filters. 403 unless the school admin enabled Smart Builder for the instructor.',
    body: SearchQuestionsBodySchema,
    reply: SearchQuestionsReplySchema,
  }),
  generateAssignment: route({
    method: 'POST',
    path: '/grader/generate-assignment',
    kind: 'command',
    access: 'instructor',
    summary:
      "AI Express: questions from a prompt, optional reference PDFs (multipart reference_docs, at most 5) or stored URLs, rubrics and textbooks. Without an AI provider the questions come from the references' own questions and the library questions on the prompt's topic (never off it), and `notice` says so, and says when the library had fewer on the topic than asked; when it has nothing on the topic the reply has no questions and `notice` says so (200). 502 with the spec's message when the AI provider failed and the library had nothing on the topic either.",
    body: GenerateAssignmentBodySchema.nullish(),
    reply: GenerateAssignmentReplySchema,
  }),
  setSmartBuilderAccess: route({
    method: 'POST',
    path: '/admin/set-smart-builder-access',
    kind: 'command',
    access: 'admin',
    summary: 'Let an instructor of the school use Smart Builder, or stop it.',
    body: z.object({
      user_id: z.number({ error: 'user_id must be a number' }).int().positive(),
      allowed: z.boolean({ error: 'allowed must be true or false' }),
    }),
    reply: CommandReplySchema,
  }),
} as const;
