import { z } from 'zod';
import { route } from './route';

/**
 * Documents turned into questions (spec document 3 sections 2, 3, 7): a PDF fetched from a URL and
 * stored, and the streamed processing of a marking scheme (or a question paper and its answer key).
 * Nothing here is an event: no assignment exists yet; /grader/add-assignment later records the
 * questions and the stored document's gsutil_url.
 */

/** Largest PDF accepted, by upload or from a URL. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
export const DOCUMENT_MAX_MB = DOCUMENT_MAX_BYTES / (1024 * 1024);
/** Pages of one document; a longer one is refused before any reading starts. */
export const DOCUMENT_MAX_PAGES = 100;
/** Normal processing reads pages in batches of this size; express reads one page per batch. */
export const DOCUMENT_BATCH_SIZE = 5;

export const DOCUMENT_MESSAGES = {
  /** Spec document 3 section 5. */
  invalidUrl: 'Please enter a valid HTTP or HTTPS URL',
  /** Spec document 3 section 8. */
  unreachable: 'Unable to access this URL. Please check if the URL is correct and publicly accessible.',
  /** Spec document 1 section 5 ('This URL points to a ... file, not a PDF...'). */
  notPdfUrl: (kind: string) => `This URL points to a ${kind} file, not a PDF. Please use a direct link to a PDF document.`,
  tooLarge: `This PDF is larger than ${DOCUMENT_MAX_MB} MB.`,
  tooManyPages: `This PDF has more than ${DOCUMENT_MAX_PAGES} pages.`,
  unreadable: 'This PDF could not be read. It may be damaged or password-protected.',
  notPdfFile: (field: string) => `${field} must be a PDF file`,
  notMultipart: 'Send the documents as multipart/form-data',
  missingDocument: 'Upload a marking scheme, or both a question paper and an answer key',
  bothForms: (file: string, key: string) => `Send either ${file} or ${key}, not both`,
  mixedModes: 'Send either a marking scheme or a question paper with an answer key, not both',
  unknownDocument: 'This document was not found. Please upload it again.',
  notYourEmail: 'created_by must be your own e-mail address',
  /** Spec document 3 section 5: uploads need a title, due date and processing mode. */
  needsDetails: 'Please add a title, due date, and express processing selection to continue',
  processingFailed: 'There was an error processing your document. Please try again.',
  noQuestions: 'No numbered questions were found in this document.',
} as const;

export const ValidateUrlPdfBodySchema = z.object({
  url: z.string({ error: DOCUMENT_MESSAGES.invalidUrl }).max(2048, DOCUMENT_MESSAGES.invalidUrl),
  /** The caller's e-mail (the spec sends it); when sent it must be the signed-in user's own. */
  created_by: z.string().max(320).optional(),
  title: z.string().max(500).optional(),
});
export type ValidateUrlPdfBody = z.input<typeof ValidateUrlPdfBodySchema>;

/** A reference-document URL item (spec document 3 section 3). Errors are 4xx with success false and error. */
export const ValidateUrlPdfReplySchema = z.object({
  success: z.literal(true),
  error: z.null(),
  /** The stored copy's key: pass it back as gsutil_url (or question_paper_gsutil_url / answer_key_gsutil_url). */
  gsutil_url: z.string(),
  filename: z.string(),
  original_url: z.string(),
  file_size: z.number().int(),
  page_count: z.number().int(),
});
export type ValidateUrlPdfReply = z.infer<typeof ValidateUrlPdfReplySchema>;

/** The reply of a refused document call (4xx): `error` as the spec reads it, `message` as every other route. */
export const DocumentErrorReplySchema = z.object({
  success: z.literal(false),
  status: z.literal('error'),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type DocumentErrorReply = z.infer<typeof DocumentErrorReplySchema>;

/**
 * The text fields of the process-marking-scheme multipart form. Files travel as parts named `file`,
 * `question_paper` and `answer_key`; the *_gsutil_url fields name documents stored before (by a URL).
 */
export const ProcessMarkingSchemeFieldsSchema = z.object({
  gsutil_url: z.string().trim().max(500).optional(),
  question_paper_gsutil_url: z.string().trim().max(500).optional(),
  answer_key_gsutil_url: z.string().trim().max(500).optional(),
  title: z.string().trim().max(500).optional(),
  /** The due instant (ISO). Kept for the record of what was sent; processing does not depend on it. */
  due: z.string().max(100).optional(),
  /** 'true' for express; ignored (normal) with a separate paper and key. */
  expressMode: z.enum(['true', 'false'], { error: 'expressMode must be true or false' }).default('false'),
  created_by: z.string().max(320).optional(),
  marking_scheme_id: z.coerce.number({ error: 'marking_scheme_id must be a number' }).int().default(-1),
  /**
   * JSON list of the chosen rubrics: labels 'rubric name - criterion', or objects with rubric_name and
   * criterion. With an AI provider, questions are tagged from them.
   */
  rubrics: z.string().max(100_000).optional(),
});
export type ProcessMarkingSchemeFields = z.input<typeof ProcessMarkingSchemeFieldsSchema>;

/** A question handed to the creation wizard, read from a document or generated (library.ts extends it). */
export const WizardQuestionSchema = z.object({
  question_number: z.number().int(),
  question: z.string(),
  marks_possible: z.number(),
  answer: z.string(),
  grading_instructions: z.string(),
  tags: z.array(z.string()),
});

const ProcessedQuestionSchema = WizardQuestionSchema.extend({
  /** Set when the reader could not find the marks, the answer or the question: the instructor should look. */
  flagged_for_review: z.string().optional(),
});
export type ProcessedQuestion = z.infer<typeof ProcessedQuestionSchema>;

/**
 * The progress of reading a PDF in page batches, as the NDJSON lines of document processing and of a student's
 * PDF submission report it: pages is the page count, current_page the pages read so far.
 */
export const PdfProgressFieldsSchema = z.object({
  pages: z.number().int().optional(),
  total_pages: z.number().int().optional(),
  current_page: z.number().int().optional(),
  total_batches: z.number().int().optional(),
  current_batch: z.number().int().optional(),
  batch_size: z.number().int().optional(),
  pages_in_current_batch: z.number().int().optional(),
});

/**
 * One line of the newline-delimited JSON reply (application/x-ndjson). Lines with status 'processing'
 * report progress; the last line has status 'complete' (questions, gsutil_url, marking_scheme_id) or
 * 'error' (error). pages is the page count of the document(s), current_page the pages read so far.
 */
export const ProcessMarkingSchemeLineSchema = z.object({
  status: z.enum(['processing', 'complete', 'error']),
  stage: z.enum(['stored', 'reading', 'structuring']).optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  ...PdfProgressFieldsSchema.shape,
  questions: z.array(ProcessedQuestionSchema).optional(),
  /** The stored marking scheme, or the question paper in separate mode. */
  gsutil_url: z.string().optional(),
  question_paper_gsutil_url: z.string().optional(),
  answer_key_gsutil_url: z.string().optional(),
  /** Echoes the request's (-1 by default): marking schemes are not stored as entities; gsutil_url names the document. */
  marking_scheme_id: z.number().int().optional(),
  expressMode: z.boolean().optional(),
  /** 'ai' when the AI provider structured the questions, 'rules' for the built-in reader. */
  method: z.enum(['ai', 'rules']).optional(),
});
export type ProcessMarkingSchemeLine = z.infer<typeof ProcessMarkingSchemeLineSchema>;

export const documentRoutes = {
  validateUrlPdf: route({
    method: 'POST',
    path: '/grader/validate-and-upload-url-pdf',
    kind: 'command',
    access: 'authenticated',
    summary: `Fetch a PDF from an http(s) URL on the server (public addresses only), check it is a readable PDF of at most ${DOCUMENT_MAX_MB} MB, store it and return its gsutil_url. Refusals are 4xx with success false and error.`,
    body: ValidateUrlPdfBodySchema,
    reply: ValidateUrlPdfReplySchema,
  }),
  processMarkingScheme: route({
    method: 'POST',
    path: '/grader/process-marking-scheme',
    kind: 'command',
    access: 'instructor',
    summary:
      'multipart/form-data: file or gsutil_url (a marking scheme), or question_paper / question_paper_gsutil_url plus answer_key / answer_key_gsutil_url; title, due, expressMode, created_by, marking_scheme_id (-1), optional rubrics (JSON list). Replies with newline-delimited JSON lines (the schema describes one line): progress with status processing, then status complete with the questions, or status error. Refusals before processing starts are 4xx JSON.',
    reply: ProcessMarkingSchemeLineSchema,
  }),
} as const;
