import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_SUBMISSION_MESSAGES } from '@evergrade/contracts';
import { makeTextPdf } from '@evergrade/documents/testing';
import { startStandalone, type Standalone } from './server';
import { injectForm, loginAs, type TestUser } from './testing/client';

/**
 * A file whose first bytes are `%PDF` but which is no PDF is refused at upload with a 400 that says so, on every
 * way a PDF comes in: the signed upload URLs (student submissions, instructor uploads) and the multipart
 * reference documents (AI Express, practice). Not accepted and then failed when it is processed.
 */
let server: Standalone;
const users = {} as Record<'student' | 'instructor', TestUser>;
let openAssignmentId = 0;
const FAKE = Buffer.from('%PDF-1.7\nthis only starts like a PDF\n%%EOF\n');

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  users.student = await loginAs(server.app, 'student', 'student@demo.school');
  users.instructor = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  const list = (await users.student.get('/students/get-assignments')).json as Record<string, { assignment_id: number; title: string }>;
  // An assignment the student can still answer: one whose ticket is issued.
  for (const a of Object.values(list)) {
    if ((await users.student.get(`/students/get-signed-url?file_name=${a.assignment_id}_submission.pdf`)).statusCode === 200) {
      openAssignmentId = a.assignment_id;
      break;
    }
  }
});
afterAll(async () => {
  await server?.close();
});

/** What the browser does with a ticket: PUT the bytes with their type and no cookie, over real HTTP. */
const put = async (uploadUrl: string, body: Buffer) => {
  const res = await fetch(new URL(uploadUrl, server.url.replace('localhost', '127.0.0.1')), {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: new Uint8Array(body),
  });
  return { status: res.status, json: (await res.json()) as { message: string } };
};

/** The stored key of a signed upload URL (`/blobs/{key}?…`). */
const keyOf = (uploadUrl: string) => decodeURIComponent(new URL(uploadUrl, 'http://x').pathname.replace(/^\/blobs\//, ''));

async function postForm(user: TestUser, url: string, fields: Record<string, string>, fileField: string, data: Buffer) {
  const res = await injectForm(server.app, user, url, fields, [{ field: fileField, name: 'notes.pdf', type: 'application/pdf', data }]);
  return { status: res.statusCode, json: JSON.parse(res.body) as { message: string; field?: string } };
}

describe('a fake PDF at upload', () => {
  it('is refused by the student submission upload URL with 400, and nothing is stored; a real PDF is taken', async () => {
    expect(openAssignmentId).toBeGreaterThan(0);
    const ticket = await users.student.get(`/students/get-signed-url?file_name=${openAssignmentId}_submission.pdf`);
    expect(ticket.statusCode).toBe(200);
    expect(await put(ticket.json.upload_url, FAKE)).toEqual({ status: 400, json: { message: PDF_SUBMISSION_MESSAGES.unreadable } });
    expect(await server.blobs.get(keyOf(ticket.json.upload_url))).toBeNull();
    const real = await makeTextPdf([['1. What is 2 + 2?', 'Answer: 4']]);
    expect((await put(ticket.json.upload_url, real)).status).toBe(200);
    expect((await server.blobs.get(keyOf(ticket.json.upload_url)))?.body.equals(real)).toBe(true);
  });

  it("is refused by the instructor's upload URL with 400", async () => {
    const ticket = await users.instructor.get('/grader/get-signed-url?file_name=scan.pdf');
    expect(ticket.statusCode).toBe(200);
    expect(await put(ticket.json.upload_url, FAKE)).toEqual({ status: 400, json: { message: PDF_SUBMISSION_MESSAGES.unreadable } });
    expect(await server.blobs.get(keyOf(ticket.json.upload_url))).toBeNull();
  });

  it('is refused as an AI Express reference document with 400 naming the file', async () => {
    const res = await postForm(users.instructor, '/grader/generate-assignment', { prompt: 'forces' }, 'reference_docs', FAKE);
    expect(res).toMatchObject({
      status: 400,
      json: { field: 'reference_docs', message: expect.stringMatching(/notes\.pdf.*could not be read/) },
    });
  });

  it('is refused as a practice reference document with 400 naming the file', async () => {
    const res = await postForm(
      users.student,
      '/students/generate-practice-assignment',
      { prompt: 'Forces and motion' },
      'reference_documents',
      FAKE,
    );
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ field: 'reference_documents', message: expect.stringMatching(/notes\.pdf.*could not be read/) });
  });
});
