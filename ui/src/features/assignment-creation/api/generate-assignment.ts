import { GenerateAssignmentReplySchema, LIBRARY_MESSAGES, routes, type GenerateAssignmentBody, type GenerateAssignmentReply } from '@evergrade/contracts';
import { ApiError, apiErrorFrom, apiHeaders, callApi } from '../../../lib/api-client';

/**
 * POST /grader/generate-assignment: JSON through the api client, or multipart when reference PDFs are attached
 * (the same fields, lists as JSON text, plus `reference_docs` files). A refusal carries the server's message; a
 * reply without questions is the spec's failure.
 */
export async function generateAssignment(body: GenerateAssignmentBody, files: readonly File[], signal?: AbortSignal): Promise<GenerateAssignmentReply> {
  const reply = files.length === 0 ? await callApi('generateAssignment', { body, ...(signal ? { signal } : {}) }) : await postForm(body, files, signal);
  if (reply.questions.length === 0) throw new ApiError(502, LIBRARY_MESSAGES.generateFailed, undefined, false);
  return reply;
}

async function postForm(body: GenerateAssignmentBody, files: readonly File[], signal?: AbortSignal): Promise<GenerateAssignmentReply> {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  for (const f of files) form.append('reference_docs', f, f.name);
  let response: Response;
  try {
    response = await fetch(routes.generateAssignment.path, { body: form, headers: apiHeaders({ Accept: 'application/json' }), method: 'POST', credentials: 'include', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, LIBRARY_MESSAGES.generateFailed, undefined, false);
  }
  if (!response.ok) throw await apiErrorFrom(response);
  const parsed = GenerateAssignmentReplySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(502, LIBRARY_MESSAGES.generateFailed, undefined, false);
  return parsed.data;
}
