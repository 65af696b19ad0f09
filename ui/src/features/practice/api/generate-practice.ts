import { GeneratePracticeReplySchema, PRACTICE_MESSAGES, routes, type GeneratePracticeBody, type GeneratePracticeReply } from '@evergrade/contracts';
import { ApiError, apiErrorFrom, apiHeaders, callApi } from '../../../lib/api-client';

export type StoredReference = { gsutil_url: string; filename: string; original_url: string };
export type GeneratePracticeInput = { prompt: string; difficulty: number; title: string; course: string; files: File[]; urls: StoredReference[] };

/**
 * POST /students/generate-practice-assignment: JSON through the api client, multipart when PDFs are attached.
 * A refusal carries the server's message.
 */
export async function generatePractice(input: GeneratePracticeInput, signal?: AbortSignal): Promise<GeneratePracticeReply> {
  const urlDocuments = input.urls.map((u) => ({ name: u.filename, filename: u.filename, original_url: u.original_url, gsutil_url: u.gsutil_url }));
  if (input.files.length === 0) {
    const body: GeneratePracticeBody = { prompt: input.prompt, difficulty_level: input.difficulty, title: input.title, course: input.course, url_documents: urlDocuments };
    return callApi('generatePracticeAssignment', { body, ...(signal ? { signal } : {}) });
  }
  const form = new FormData();
  form.append('prompt', input.prompt);
  form.append('difficulty_level', String(input.difficulty));
  form.append('title', input.title);
  form.append('course', input.course);
  form.append('url_documents', JSON.stringify(urlDocuments));
  for (const file of input.files) form.append('reference_documents', file, file.name);
  const response = await fetch(routes.generatePracticeAssignment.path, {
    method: 'POST', credentials: 'include', signal, body: form, headers: apiHeaders({ Accept: 'application/json' }),
  });
  if (!response.ok) throw await apiErrorFrom(response);
  const parsed = GeneratePracticeReplySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(502, PRACTICE_MESSAGES.generateFailed, undefined, false);
  return parsed.data;
}
