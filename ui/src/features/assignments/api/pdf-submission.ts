import { PDF_SUBMISSION_MESSAGES, PdfSubmissionLineSchema, routes, submissionPdfName, type PdfSubmissionLine } from '@evergrade/contracts';
import { ApiError, apiHeaders, callApi } from '../../../lib/api-client';

/** GET /students/get-signed-url: where to PUT the PDF, and the file name to process it under. */
export const getPdfUploadTicket = (assignmentId: number, email: string | undefined) =>
  callApi('getStudentSignedUrl', { query: { file_name: submissionPdfName(assignmentId), email: email || undefined } });

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

/** The complete lines of a newline-delimited JSON buffer and the unfinished rest. */
function splitLines(buffer: string): { lines: string[]; rest: string } {
  const parts = buffer.split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.map((l) => l.trim()).filter(Boolean), rest };
}

/**
 * POST /students/process-pdf-submission and read its reply line by line, handing each line to `onLine`.
 * Resolves with the last line (status complete or error); a refusal before the stream starts is an ApiError.
 */
export async function processPdfSubmission(
  body: { file_name: string; assignment_id: number }, onLine: (line: PdfSubmissionLine) => void, signal?: AbortSignal,
): Promise<PdfSubmissionLine> {
  const response = await fetch(routes.processPdfSubmission.path, {
    method: 'POST', body: JSON.stringify(body), credentials: 'include', signal,
    headers: apiHeaders({ Accept: 'application/x-ndjson', 'Content-Type': 'application/json' }),
  });
  if (!response.ok || !response.body) {
    const reply = await response.json().catch(() => null) as { error?: string; message?: string } | null;
    throw new ApiError(response.status, reply?.message || reply?.error || PDF_SUBMISSION_MESSAGES.failed, undefined, !!reply);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let last: PdfSubmissionLine | null = null;
  const take = (text: string) => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = PdfSubmissionLineSchema.safeParse(json);
    if (!parsed.success) return;
    last = parsed.data;
    onLine(parsed.data);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { lines, rest } = splitLines(buffer + value);
    buffer = rest;
    lines.forEach(take);
  }
  if (buffer.trim()) take(buffer.trim());
  const final = last as PdfSubmissionLine | null;
  if (!final || final.status === 'processing' || final.status === 'validating') throw new ApiError(0, PDF_SUBMISSION_MESSAGES.failed, undefined, false);
  return final;
}
