import { z } from 'zod';
import { PdfProgressFieldsSchema } from './documents';
import { route } from './route';

/**
 * A handwritten submission uploaded as a PDF (spec document 1 sections 2, 3, 4, 7, 8): an upload ticket
 * for `{assignmentId}_submission.pdf`, a PUT of the file, then the streamed processing that reads the
 * answers (text layer, OCR of scanned pages, or a vision-capable AI model) and saves each one as an
 * AnswerSaved event with source 'pdf'.
 */

/** Largest submission PDF the upload URL accepts. */
export const SUBMISSION_PDF_MAX_BYTES = 25 * 1024 * 1024;
export const SUBMISSION_PDF_MAX_MB = SUBMISSION_PDF_MAX_BYTES / (1024 * 1024);
/** Pages of one submission; a longer one is refused before reading starts. */
export const SUBMISSION_PDF_MAX_PAGES = 50;
/** Pages read (and, with an AI model, sent to it) together. */
export const SUBMISSION_PDF_BATCH_SIZE = 5;
/** How long an upload URL stays valid. */
export const SUBMISSION_PDF_UPLOAD_TTL_SECONDS = 300;

/** The file name every submission is stored under (spec section 9). */
export const submissionPdfName = (assignmentId: number) => `${assignmentId}_submission.pdf`;
/** Where a student's submission PDF lives: under the school and the student, so both are part of every lookup. */
export const submissionPdfKey = (tenant: string, studentId: number, assignmentId: number) =>
  `${tenant}/submissions/${studentId}/${submissionPdfName(assignmentId)}`;
/** The assignment id a submission file name stands for, or null when the name is not `{id}_submission.pdf`. */
export function assignmentIdOfSubmissionPdf(fileName: string): number | null {
  const match = /^([1-9]\d{0,9})_submission\.pdf$/.exec(fileName.trim());
  return match ? Number(match[1]) : null;
}

export const PDF_SUBMISSION_MESSAGES = {
  /** Spec section 5. */
  notPdf: 'Please select a valid PDF file',
  /** Spec section 8: the UI appends the reason. */
  uploadError: (reason: string) => `Error uploading PDF: ${reason}`,
  processingError: (reason: string) => `Error processing PDF: ${reason}`,
  refreshFailed: 'Responses updated in the backend, but there was an error refreshing the display. Please refresh the page.',
  badFileName: 'file_name must be {assignmentId}_submission.pdf',
  fileNameMismatch: 'file_name does not belong to this assignment',
  notYourFile: 'This file belongs to another student',
  notYourEmail: 'email must be your own e-mail address',
  notUploaded: 'No uploaded PDF was found for this assignment. Please upload it again.',
  tooLarge: `This PDF is larger than ${SUBMISSION_PDF_MAX_MB} MB.`,
  tooManyPages: `This PDF has more than ${SUBMISSION_PDF_MAX_PAGES} pages.`,
  unreadable: 'This PDF could not be read. It may be damaged or password-protected.',
  noResponses: 'No numbered answers were found in this PDF. Number each answer as its question (1., 2., ...).',
  failed: 'The PDF could not be processed. Please try again.',
} as const;

/** The phases of the upload modal, in order (spec section 4); labels as the modal shows them. */
export const PDF_UPLOAD_PHASES = ['pending', 'uploading_to_gcs', 'processing', 'validating', 'complete', 'error'] as const;
export type PdfUploadPhase = (typeof PDF_UPLOAD_PHASES)[number];
export const PDF_UPLOAD_PHASE_LABELS: Record<PdfUploadPhase, string> = {
  pending: 'Preparing',
  uploading_to_gcs: 'Uploading',
  processing: 'Processing',
  validating: 'Validating',
  complete: 'Complete',
  error: 'Error',
};

/** PDF upload ticket (spec section 3): PUT the file to upload_url with Content-Type application/pdf and no auth header. */
export const PdfUploadTicketSchema = z.object({
  upload_url: z.string(),
  /** `{assignmentId}_submission.pdf`: pass it to process-pdf-submission. */
  file_name: z.string(),
});
export type PdfUploadTicket = z.infer<typeof PdfUploadTicketSchema>;

export const ProcessPdfSubmissionBodySchema = z.object({
  file_name: z.string({ error: 'file_name is required' }).trim().min(1, 'file_name is required').max(500),
  assignment_id: z.coerce
    .number({ error: 'assignment_id must be a number' })
    .int('assignment_id must be a number')
    .positive('assignment_id must be a number'),
});
export type ProcessPdfSubmissionBody = z.input<typeof ProcessPdfSubmissionBodySchema>;

export const PdfResponseSchema = z.object({ question_number: z.number().int(), response: z.string() });
export type PdfResponse = z.infer<typeof PdfResponseSchema>;

/**
 * One line of the newline-delimited JSON reply (spec section 3, Progress event). 'processing' lines report
 * pages read (pages is the page count, current_page the pages read so far), 'validating' the matching of
 * answers to questions and their saving, and the last line is 'complete' (questions: each answer found, in
 * question order; a question the PDF does not answer is absent) or 'error' (error).
 */
export const PdfSubmissionLineSchema = z.object({
  status: z.enum(['processing', 'validating', 'complete', 'error']),
  ...PdfProgressFieldsSchema.shape,
  questions: z.array(PdfResponseSchema).optional(),
  error: z.string().optional(),
  /** The question numbers whose answers were saved (an empty response never erases a typed answer). */
  saved: z.array(z.number().int()).optional(),
  /** Log position of the last answer saved: refetch the questions at or past it. */
  position: z.string().nullable().optional(),
  /** 'ai' when a vision model read the pages, 'text' for the text layer, 'ocr' when any page was read by OCR. */
  method: z.enum(['ai', 'text', 'ocr']).optional(),
});
export type PdfSubmissionLine = z.infer<typeof PdfSubmissionLineSchema>;

export const studentUploadRoutes = {
  getStudentSignedUrl: route({
    method: 'GET',
    path: '/students/get-signed-url',
    kind: 'command',
    access: 'student',
    summary: `An upload ticket for a handwritten submission PDF (at most ${SUBMISSION_PDF_MAX_MB} MB): file_name must be {assignmentId}_submission.pdf of an assignment the student can still answer (404 unknown, 409 submitted, past due or graded); email, when sent, must be the student's own.`,
    querystring: z.object({
      file_name: z.string({ error: 'file_name is required' }).trim().min(1, 'file_name is required').max(200),
      email: z.string().trim().max(320).optional(),
    }),
    reply: PdfUploadTicketSchema,
  }),
  processPdfSubmission: route({
    method: 'POST',
    path: '/students/process-pdf-submission',
    kind: 'command',
    access: 'student',
    summary:
      "Read the uploaded {assignmentId}_submission.pdf (text layer, OCR of scanned pages, or a configured vision AI model), split the answers by question number and save each non-empty one as the student's answer (source pdf; graded questions untouched). Replies with newline-delimited JSON lines (the schema describes one line): processing, validating, then complete with questions, or error. Refusals before processing starts are 4xx JSON.",
    body: ProcessPdfSubmissionBodySchema,
    reply: PdfSubmissionLineSchema,
  }),
} as const;
