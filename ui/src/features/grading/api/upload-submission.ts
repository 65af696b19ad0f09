import { ProcessSubmissionLineSchema, routes, type ProcessSubmissionLine } from '@evergrade/contracts';
import { ApiError, callApi } from '../../../lib/api-client';
import { postNdjson } from './ndjson';

/** GET /grader/get-signed-url: where to PUT the PDF and the name to process it under. */
export const getUploadTicket = (fileName: string, email: string | undefined) =>
  callApi('getGraderSignedUrl', { query: { file_name: fileName, email: email || undefined } });

/** PUT the file to the signed URL with its type and no credentials (the URL is the permission). */
export async function putPdf(uploadUrl: string, file: Blob, signal?: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(uploadUrl, { method: 'PUT', body: file, headers: { 'Content-Type': 'application/pdf' }, credentials: 'omit', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'Unable to reach the server. Check your connection and try again.', undefined, false);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null) as { message?: string } | null;
    throw new ApiError(response.status, body?.message || `Upload failed with status: ${response.status}`, undefined, !!body?.message);
  }
}

export type ProcessBody = { file_name: string; assignment_id: number; student_id: number; original_filename: string };

/**
 * POST /grader/process-submission (express_mode always false) and follow its stream. Resolves with
 * the last line; a stream that ends without complete or error is reported as an error line.
 */
export async function processSubmission(body: ProcessBody, onLine: (line: ProcessSubmissionLine) => void, signal?: AbortSignal): Promise<ProcessSubmissionLine> {
  let last: ProcessSubmissionLine | null = null;
  await postNdjson(routes.processSubmission.path, { ...body, express_mode: false }, ProcessSubmissionLineSchema, (line) => {
    last = line;
    onLine(line);
  }, signal);
  const final = last as ProcessSubmissionLine | null;
  if (final && (final.status === 'complete' || final.status === 'error')) return final;
  const ended: ProcessSubmissionLine = { status: 'error', error: 'The server stopped before the file was processed. Please try again.' };
  onLine(ended);
  return ended;
}
