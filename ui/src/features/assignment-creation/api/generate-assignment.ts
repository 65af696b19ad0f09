import { LIBRARY_MESSAGES, type GenerateAssignmentBody, type GenerateAssignmentReply } from '@evergrade/contracts';
import { ApiError, callApi } from '../../../lib/api-client';

/**
 * POST /grader/generate-assignment through the api client: JSON, or multipart when reference PDFs are attached (the
 * same fields, lists as JSON text, plus `reference_docs` files). A refusal carries the server's message; a reply
 * without questions is the spec's failure.
 */
export async function generateAssignment(
  body: GenerateAssignmentBody,
  files: readonly File[],
  signal?: AbortSignal,
): Promise<GenerateAssignmentReply> {
  const reply = await callApi('generateAssignment', {
    body,
    ...(files.length ? { form: formOf(body, files) } : {}),
    ...(signal ? { signal } : {}),
  });
  if (reply.questions.length === 0) throw new ApiError(502, LIBRARY_MESSAGES.generateFailed, undefined, false);
  return reply;
}

function formOf(body: GenerateAssignmentBody, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const f of files) form.append('reference_docs', f, f.name);
  return form;
}
