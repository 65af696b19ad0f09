import { UploadTextbookLineSchema, routes, type UploadTextbookLine } from '@evergrade/contracts';
import { ApiError, apiErrorFrom, apiHeaders, fetchOrUnreachable } from '../../../lib/api-client';
import { readNdjson } from '../../../lib/ndjson';

export type UploadTextbookInput = { file: File; title: string; subject: string; author: string };

export const UPLOAD_FAILED = 'The textbook could not be uploaded. Please try again.';

/**
 * POST /chatbot/upload-textbook (multipart) and read its NDJSON reply, handing each line to `onLine` as the
 * pages are read and indexed. Resolves with the final line (status complete); a refusal before the stream
 * (4xx) or a final error line rejects with the server's message.
 */
export async function uploadTextbook(
  input: UploadTextbookInput,
  onLine: (line: UploadTextbookLine) => void,
  signal?: AbortSignal,
): Promise<UploadTextbookLine> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('subject', input.subject);
  if (input.author) form.append('author', input.author);
  form.append('file', input.file, input.file.name);
  const response = await fetchOrUnreachable(routes.uploadTextbook.path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    signal,
    headers: apiHeaders({ Accept: 'application/x-ndjson' }),
  });
  if (!response.ok) throw await apiErrorFrom(response);
  const final = await readNdjson(response, UploadTextbookLineSchema, onLine);
  if (final?.status === 'error') throw new ApiError(400, final.error || UPLOAD_FAILED);
  if (final?.status !== 'complete') throw new ApiError(0, UPLOAD_FAILED, undefined, false);
  return final;
}
