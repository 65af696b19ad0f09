import { DOCUMENT_MESSAGES, ProcessMarkingSchemeLineSchema, routes, type ProcessMarkingSchemeLine } from '@evergrade/contracts';
import { ApiError, apiHeaders } from '../../../lib/api-client';
import { ndjsonRefusal, readNdjson } from '../../../lib/ndjson';

export type PracticeDocumentInput = { file?: File; gsutilUrl?: string; title: string; course: string; createdBy: string };

/**
 * POST /students/process-practice-marking-scheme (multipart), read line by line: each progress line goes to
 * `onLine`; resolves with the last line (status complete or error).
 */
export async function processPracticeDocument(
  input: PracticeDocumentInput,
  onLine: (line: ProcessMarkingSchemeLine) => void,
  signal?: AbortSignal,
): Promise<ProcessMarkingSchemeLine> {
  const form = new FormData();
  if (input.file) form.append('file', input.file, input.file.name);
  if (input.gsutilUrl) form.append('gsutil_url', input.gsutilUrl);
  form.append('title', input.title);
  form.append('course', input.course);
  form.append('created_by', input.createdBy);
  const response = await fetch(routes.processPracticeMarkingScheme.path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    signal,
    headers: apiHeaders({ Accept: 'application/x-ndjson' }),
  });
  if (!response.ok || !response.body) throw await ndjsonRefusal(response, DOCUMENT_MESSAGES.processingFailed);
  const final = await readNdjson(response, ProcessMarkingSchemeLineSchema, onLine);
  if (!final || final.status === 'processing') throw new ApiError(0, DOCUMENT_MESSAGES.processingFailed, undefined, false);
  return final;
}
