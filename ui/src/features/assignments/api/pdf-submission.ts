import { PDF_SUBMISSION_MESSAGES, PdfSubmissionLineSchema, routes, submissionPdfName, type PdfSubmissionLine } from '@evergrade/contracts';
import { ApiError, apiHeaders, callApi } from '../../../lib/api-client';
import { ndjsonRefusal, readNdjson } from '../../../lib/ndjson';

/** GET /students/get-signed-url: where to PUT the PDF, and the file name to process it under. */
export const getPdfUploadTicket = (assignmentId: number, email: string | undefined) =>
  callApi('getStudentSignedUrl', { query: { file_name: submissionPdfName(assignmentId), email: email || undefined } });

/** PUT the file to the signed URL with its type and no credentials (the URL is the permission). */
export { putPdf } from '../../../lib/signed-upload';

/**
 * POST /students/process-pdf-submission and read its reply line by line, handing each line to `onLine`.
 * Resolves with the last line (status complete or error); a refusal before the stream starts is an ApiError.
 */
export async function processPdfSubmission(
  body: { file_name: string; assignment_id: number },
  onLine: (line: PdfSubmissionLine) => void,
  signal?: AbortSignal,
): Promise<PdfSubmissionLine> {
  const response = await fetch(routes.processPdfSubmission.path, {
    method: 'POST',
    body: JSON.stringify(body),
    credentials: 'include',
    signal,
    headers: apiHeaders({ Accept: 'application/x-ndjson', 'Content-Type': 'application/json' }),
  });
  if (!response.ok || !response.body) throw await ndjsonRefusal(response, PDF_SUBMISSION_MESSAGES.failed, 'message');
  const final = await readNdjson(response, PdfSubmissionLineSchema, onLine);
  if (!final || final.status === 'processing' || final.status === 'validating')
    throw new ApiError(0, PDF_SUBMISSION_MESSAGES.failed, undefined, false);
  return final;
}
