import { afterAll, beforeAll, expect, it } from 'vitest';
import { CSRF_COOKIE, DOCUMENT_MESSAGES } from '@evergrade/contracts';
import { FIVE_QUESTIONS, makeMarkingSchemePdf } from '@evergrade/documents/testing';
import { startStandalone, type Standalone } from './server';
import { loginAs, type TestUser } from './testing/client';

/**
 * The student's From Document (process-practice-marking-scheme) through its shared document intake: each refusal
 * before processing with the spec's message and field, and an upload stored under a readable key of the school.
 */
let server: Standalone;
let student: TestUser;
const headersOf = (user: TestUser) => ({
  cookie: Object.entries(user.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrf-token': user.cookies[CSRF_COOKIE]!,
});
async function postForm(parts: [string, string | { body: Buffer; filename: string }][]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.body], { type: 'application/pdf' }), value.filename);
  }
  const res = await fetch(`${server.url}/students/process-practice-marking-scheme`, {
    method: 'POST',
    headers: headersOf(student),
    body: form,
  });
  const text = await res.text();
  return { status: res.status, text };
}
beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  student = await loginAs(server.app, 'student', 'student@demo.school');
});
afterAll(async () => {
  await server?.close();
});

it("refuses both forms, another school's key, no document, other file fields and non-PDFs; stores an upload under a readable key", async () => {
  const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS);
  const both = await postForm([
    ['gsutil_url', 'demo/documents/x/y.pdf'],
    ['file', { body: pdf, filename: 'a.pdf' }],
  ]);
  expect(both).toEqual({
    status: 400,
    text: JSON.stringify({
      success: false,
      status: 'error',
      error: DOCUMENT_MESSAGES.bothForms('file', 'gsutil_url'),
      message: DOCUMENT_MESSAGES.bothForms('file', 'gsutil_url'),
      field: 'file',
    }),
  });
  const other = await postForm([['gsutil_url', 'other/documents/x/y.pdf']]);
  expect(other.status).toBe(404);
  expect(JSON.parse(other.text)).toMatchObject({ error: DOCUMENT_MESSAGES.unknownDocument, field: 'gsutil_url' });
  const none = await postForm([['gsutil_url', '   ']]);
  expect(JSON.parse(none.text)).toMatchObject({ error: DOCUMENT_MESSAGES.missingDocument, field: 'file' });
  const unexpected = await postForm([['reference', { body: pdf, filename: 'a.pdf' }]]);
  expect(unexpected.status).toBe(400);
  expect(JSON.parse(unexpected.text)).toMatchObject({ error: 'Unexpected file field reference', field: 'reference' });
  const notPdf = await postForm([['file', { body: Buffer.from('hello'), filename: 'a.pdf' }]]);
  expect(JSON.parse(notPdf.text)).toMatchObject({ error: DOCUMENT_MESSAGES.notPdfFile('file'), field: 'file' });
  const email = await postForm([
    ['created_by', ' STUDENT@demo.school '],
    ['file', { body: pdf, filename: '..My Scheme!.pdf' }],
  ]);
  expect(email.status).toBe(200);
  const last = JSON.parse(email.text.trim().split('\n').at(-1)!);
  expect(last.status).toBe('complete');
  expect(last.gsutil_url).toMatch(/^demo\/documents\/[0-9a-f-]{36}\/My_Scheme_\.pdf$/);
  expect(last.questions.every((q: { tags: string[] }) => q.tags.length === 0)).toBe(true);
});
