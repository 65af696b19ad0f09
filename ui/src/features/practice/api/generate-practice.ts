import type { GeneratePracticeBody, GeneratePracticeReply } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

export type StoredReference = { gsutil_url: string; filename: string; original_url: string };
export type GeneratePracticeInput = {
  prompt: string;
  difficulty: number;
  title: string;
  course: string;
  files: File[];
  urls: StoredReference[];
};

/**
 * POST /students/generate-practice-assignment through the api client: JSON, or multipart when PDFs are attached
 * (url_documents as JSON text, plus `reference_documents` files). A refusal carries the server's message.
 */
export async function generatePractice(input: GeneratePracticeInput, signal?: AbortSignal): Promise<GeneratePracticeReply> {
  const urlDocuments = input.urls.map((u) => ({
    name: u.filename,
    filename: u.filename,
    original_url: u.original_url,
    gsutil_url: u.gsutil_url,
  }));
  const body: GeneratePracticeBody = {
    prompt: input.prompt,
    difficulty_level: input.difficulty,
    title: input.title,
    course: input.course,
    url_documents: urlDocuments,
  };
  return callApi('generatePracticeAssignment', {
    body,
    ...(input.files.length ? { form: formOf(input, urlDocuments) } : {}),
    ...(signal ? { signal } : {}),
  });
}

function formOf(input: GeneratePracticeInput, urlDocuments: unknown[]): FormData {
  const form = new FormData();
  form.append('prompt', input.prompt);
  form.append('difficulty_level', String(input.difficulty));
  form.append('title', input.title);
  form.append('course', input.course);
  form.append('url_documents', JSON.stringify(urlDocuments));
  for (const file of input.files) form.append('reference_documents', file, file.name);
  return form;
}
