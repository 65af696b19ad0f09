import { DOCUMENT_MESSAGES, ProcessMarkingSchemeLineSchema, routes, type ProcessMarkingSchemeLine } from '@evergrade/contracts';
import { ApiError, apiHeaders } from '../../../lib/api-client';
import { ndjsonRefusal, readNdjson } from '../../../lib/ndjson';

export type ProcessDocumentsInput = {
  files: Partial<Record<'file' | 'question_paper' | 'answer_key', File>>;
  stored: Partial<Record<'gsutil_url' | 'question_paper_gsutil_url' | 'answer_key_gsutil_url', string>>;
  title: string;
  due: string;
  expressMode: boolean;
  createdBy: string;
  rubrics: { rubric_name: string; criterion: string }[];
};

/**
 * POST /grader/process-marking-scheme (multipart) and read its reply line by line, handing each
 * progress line to `onLine`. Resolves with the final line (status complete or error).
 */
export async function processMarkingScheme(
  input: ProcessDocumentsInput,
  onLine: (line: ProcessMarkingSchemeLine) => void,
  signal?: AbortSignal,
): Promise<ProcessMarkingSchemeLine> {
  const form = new FormData();
  for (const [field, file] of Object.entries(input.files)) if (file) form.append(field, file, file.name);
  for (const [field, value] of Object.entries(input.stored)) if (value) form.append(field, value);
  form.append('title', input.title);
  form.append('due', input.due);
  form.append('expressMode', String(input.expressMode));
  form.append('created_by', input.createdBy);
  form.append('marking_scheme_id', '-1');
  if (input.rubrics.length) form.append('rubrics', JSON.stringify(input.rubrics));

  const response = await fetch(routes.processMarkingScheme.path, {
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
