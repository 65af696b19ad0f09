import { ProcessSubmissionLineSchema, routes, type ProcessSubmissionLine } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { postNdjson } from '../../../lib/ndjson';

/** GET /grader/get-signed-url: where to PUT the PDF and the name to process it under. */
export const getUploadTicket = (fileName: string, email: string | undefined) =>
  callApi('getGraderSignedUrl', { query: { file_name: fileName, email: email || undefined } });

/** PUT the file to the signed URL with its type and no credentials (the URL is the permission). */
export { putPdf } from '../../../lib/signed-upload';

export type ProcessBody = { file_name: string; assignment_id: number; student_id: number; original_filename: string };

/**
 * POST /grader/process-submission (express_mode always false) and follow its stream. Resolves with
 * the last line; a stream that ends without complete or error is reported as an error line.
 */
export async function processSubmission(
  body: ProcessBody,
  onLine: (line: ProcessSubmissionLine) => void,
  signal?: AbortSignal,
): Promise<ProcessSubmissionLine> {
  const final = await postNdjson(
    routes.processSubmission.path,
    { ...body, express_mode: false },
    ProcessSubmissionLineSchema,
    onLine,
    signal,
  );
  if (final && (final.status === 'complete' || final.status === 'error')) return final;
  const ended: ProcessSubmissionLine = { status: 'error', error: 'The server stopped before the file was processed. Please try again.' };
  onLine(ended);
  return ended;
}
