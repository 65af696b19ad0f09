import type { GenerateAssignmentBody, GenerateAssignmentReply } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * POST /grader/generate-assignment through the api client: JSON, or multipart when reference PDFs are attached (the
 * same fields, lists as JSON text, plus `reference_docs` files). A refusal carries the server's message; a reply
 * without questions (offline, nothing in the library on the topic) comes back as it is, its notice saying why.
 */
export async function generateAssignment(
  body: GenerateAssignmentBody,
  files: readonly File[],
  signal?: AbortSignal,
): Promise<GenerateAssignmentReply> {
  return callApi('generateAssignment', {
    body,
    ...(files.length ? { form: formOf(body, files) } : {}),
    ...(signal ? { signal } : {}),
  });
}

function formOf(body: GenerateAssignmentBody, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const f of files) form.append('reference_docs', f, f.name);
  return form;
}
