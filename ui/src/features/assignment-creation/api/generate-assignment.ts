import { GenerateAssignmentReplySchema, LIBRARY_MESSAGES, routes, type GenerateAssignmentBody, type GenerateAssignmentReply } from '@evergrade/contracts';
import { ApiError, apiErrorFrom, apiHeaders } from '../../../lib/api-client';

/**
 * POST /grader/generate-assignment: JSON, or multipart when reference PDFs are attached (the same
 * fields, lists as JSON text, plus `reference_docs` files). A reply without questions is a failure.
 */
export async function generateAssignment(body: GenerateAssignmentBody, files: readonly File[], signal?: AbortSignal): Promise<GenerateAssignmentReply> {
  let init: RequestInit;
  if (files.length === 0) {
    init = { body: JSON.stringify(body), headers: apiHeaders({ 'Content-Type': 'application/json', Accept: 'application/json' }) };
  } else {
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined) form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    for (const f of files) form.append('reference_docs', f, f.name);
    init = { body: form, headers: apiHeaders({ Accept: 'application/json' }) };
  }
  let response: Response;
  try {
    response = await fetch(routes.generateAssignment.path, { ...init, method: 'POST', credentials: 'include', signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, LIBRARY_MESSAGES.generateFailed, undefined, false);
  }
  if (!response.ok) throw await apiErrorFrom(response);
  const parsed = GenerateAssignmentReplySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success || parsed.data.questions.length === 0) throw new ApiError(422, LIBRARY_MESSAGES.generateFailed, undefined, false);
  return parsed.data;
}
