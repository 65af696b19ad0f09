import { GeneratePracticeReplySchema, PRACTICE_MESSAGES, routes, type GeneratePracticeReply } from '@evergrade/contracts';
import { ApiError, apiErrorFrom, apiHeaders } from '../../../lib/api-client';

export type StoredReference = { gsutil_url: string; filename: string; original_url: string };
export type GeneratePracticeInput = { prompt: string; difficulty: number; title: string; course: string; files: File[]; urls: StoredReference[] };

/** POST /students/generate-practice-assignment: multipart when PDFs are attached, JSON otherwise. */
export async function generatePractice(input: GeneratePracticeInput, signal?: AbortSignal): Promise<GeneratePracticeReply> {
  const urlDocuments = input.urls.map((u) => ({ name: u.filename, filename: u.filename, original_url: u.original_url, gsutil_url: u.gsutil_url }));
  let init: RequestInit;
  if (input.files.length > 0) {
    const form = new FormData();
    form.append('prompt', input.prompt);
    form.append('difficulty_level', String(input.difficulty));
    form.append('title', input.title);
    form.append('course', input.course);
    form.append('url_documents', JSON.stringify(urlDocuments));
    for (const file of input.files) form.append('reference_documents', file, file.name);
    init = { body: form, headers: apiHeaders({ Accept: 'application/json' }) };
  } else {
    init = {
      body: JSON.stringify({ prompt: input.prompt, difficulty_level: input.difficulty, title: input.title, course: input.course, url_documents: urlDocuments }),
      headers: apiHeaders({ 'Content-Type': 'application/json', Accept: 'application/json' }),
    };
  }
  const response = await fetch(routes.generatePracticeAssignment.path, { method: 'POST', credentials: 'include', signal, ...init });
  if (!response.ok) throw await apiErrorFrom(response);
  const parsed = GeneratePracticeReplySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new ApiError(response.status, PRACTICE_MESSAGES.generateFailed, undefined, false);
  return parsed.data;
}
