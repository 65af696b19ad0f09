import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, MESSAGES, REFERENCE_TOO_LARGE } from '@evergrade/contracts';
import { startStandalone, type Standalone } from './server';
import { loginAs, type TestUser } from './testing/client';

/**
 * Broken multipart bodies on every route that reads uploads: the two marking-scheme routes (the creation wizard's
 * and the practice From Document), AI Express and practice generation with reference PDFs, and the JSON and signed
 * upload routes a confused client might send a form to. Each is a 4xx with a message, never a 500.
 */
let server: Standalone;
const users = {} as Record<'student' | 'instructor', TestUser>;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  users.student = await loginAs(server.app, 'student', 'student@demo.school');
  users.instructor = await loginAs(server.app, 'instructor', 'teacher@demo.school');
});
afterAll(async () => {
  await server?.close();
});

const BOUNDARY = 'evergrade-test-boundary';
const formType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

function form(fileField: string, content: Buffer | string = '%PDF-1.4 a small document'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nScience Quiz\r\n`),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

async function post(user: TestUser, url: string, contentType: string, payload: Buffer | string) {
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      cookie: Object.entries(user.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      'x-csrf-token': user.cookies[CSRF_COOKIE]!,
      'content-type': contentType,
    },
  });
  return { status: res.statusCode, json: JSON.parse(res.body) as { message: string; error?: string } };
}

/** The routes that take uploads: who may call each, the file field and the 413 message over its size limit. */
const uploadRoutes = [
  { url: '/grader/process-marking-scheme', user: 'instructor', field: 'file', tooLarge: DOCUMENT_MESSAGES.tooLarge },
  { url: '/students/process-practice-marking-scheme', user: 'student', field: 'file', tooLarge: DOCUMENT_MESSAGES.tooLarge },
  { url: '/grader/generate-assignment', user: 'instructor', field: 'reference_docs', tooLarge: REFERENCE_TOO_LARGE },
  { url: '/students/generate-practice-assignment', user: 'student', field: 'reference_documents', tooLarge: DOCUMENT_MESSAGES.tooLarge },
] as const;

describe.each(uploadRoutes)('POST $url with a broken form', ({ url, user, field, tooLarge }) => {
  const send = (contentType: string, payload: Buffer | string) => post(users[user], url, contentType, payload);

  it('a body cut off before its end is a 400 saying the upload could not be read', async () => {
    const whole = form(field);
    for (const cut of [20, 90, whole.length - 8]) {
      expect(await send(formType(), whole.subarray(0, cut))).toMatchObject({ status: 400, json: { message: MESSAGES.brokenForm } });
    }
  });

  it('a boundary that is wrong or missing is a 400 with the same message', async () => {
    expect(await send(formType('not-the-one'), form(field))).toMatchObject({ status: 400, json: { message: MESSAGES.brokenForm } });
    expect(await send('multipart/form-data', form(field))).toMatchObject({ status: 400, json: { message: MESSAGES.brokenForm } });
    expect(await send(formType(), 'no parts at all\r\n')).toMatchObject({ status: 400, json: { message: MESSAGES.brokenForm } });
  });

  it('a body that is not multipart is a 4xx with a message', async () => {
    for (const [type, body] of [
      ['text/plain', 'hello'],
      ['application/octet-stream', '%PDF-1.4'],
      ['application/xml', '<a/>'],
    ] as const) {
      const res = await send(type, body);
      expect(res.status, `${type}: ${JSON.stringify(res.json)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json.message).toEqual(expect.any(String));
    }
  });

  it('a file over the size limit is a 413 with the limit in words', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DOCUMENT_MAX_BYTES + 1024, 0x20)]);
    expect(await send(formType(), form(field, big))).toMatchObject({ status: 413, json: { message: tooLarge } });
  });
});

describe('routes that take no form', () => {
  it('a multipart body on a JSON upload route is a 4xx with a message', async () => {
    const cases = [
      [users.student, '/students/process-pdf-submission'],
      [users.instructor, '/grader/process-submission'],
      [users.student, '/students/set-assignment-response'],
    ] as const;
    for (const [user, url] of cases) {
      for (const payload of [form('file'), form('file').subarray(0, 60)]) {
        const res = await post(user, url, formType(), payload);
        expect(res.status, `${url}: ${JSON.stringify(res.json)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.json.message).toEqual(expect.any(String));
      }
    }
  });

  it('a multipart body PUT to a grader upload URL is refused for its type, nothing stored', async () => {
    const ticket = await users.instructor.get('/grader/get-signed-url?file_name=ada.pdf');
    expect(ticket.statusCode).toBe(200);
    const upload = new URL(ticket.json.upload_url, server.url);
    const res = await server.app.inject({
      method: 'PUT',
      url: upload.pathname + upload.search,
      headers: { 'content-type': formType() },
      payload: form('file').subarray(0, 60),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toBe('Content-Type must be application/pdf, as requested for this upload URL');
  });
});
