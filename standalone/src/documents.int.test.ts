import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, DOCUMENT_MESSAGES, type ProcessMarkingSchemeLine } from '@evergrade/contracts';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { FIVE_QUESTIONS, makeMarkingSchemePdf, makeScannedPdf } from '@evergrade/documents/testing';
import type { AiProvider } from '@evergrade/platform/ai';
import { startStandalone, type Standalone } from './server';
import { loginAs, type TestUser } from './testing/client';

/**
 * The document method through the standalone server over real HTTP: a PDF fetched from a URL (a local
 * server, allowed by DOCUMENT_URL_ALLOW_PRIVATE) and stored, and marking schemes processed with the
 * progress streamed as newline-delimited JSON.
 */
let server: Standalone;
let files: http.Server;
let filesUrl: string;
let schemePdf: Buffer;
const users = {} as Record<'student' | 'instructor' | 'outsider', TestUser>;
const previousAllow = process.env.DOCUMENT_URL_ALLOW_PRIVATE;

/** A model stand-in behind the AI port, switched on per test (off: the offline behaviour). */
const ai = { on: false, requests: 0 };
const fakeAi: AiProvider = {
  name: 'fake-model',
  get offline() {
    return !ai.on;
  },
  async complete() {
    ai.requests += 1;
    return JSON.stringify({
      questions: [{ question_number: 1, question: 'Structured by the model', marks_possible: 7, answer: 'Model answer' }],
    });
  },
};

const expected = FIVE_QUESTIONS.map((q, i) => ({
  question_number: i + 1,
  question: q.question,
  marks_possible: q.marks,
  answer: q.answer,
  tags: [],
}));

beforeAll(async () => {
  process.env.DOCUMENT_URL_ALLOW_PRIVATE = 'true';
  schemePdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { title: 'Science Quiz' });
  files = http.createServer((req, res) => {
    if (req.url === '/schemes/science-quiz.pdf') return res.writeHead(200, { 'content-type': 'application/pdf' }).end(schemePdf);
    if (req.url === '/index.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Not a PDF</h1>');
    if (req.url === '/broken.pdf')
      return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7\nthis is not really a pdf');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;

  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ai: fakeAi });
  users.student = await loginAs(server.app, 'student', 'student@demo.school');
  users.instructor = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  const other = { tenant: 'other', actorRole: 'system' as const };
  await registerTenant(server.store, other, 'Other School', new Date());
  await registerUser(
    server.store,
    other,
    { email: 'teach@other.school', role: 'instructor', password: 'Pa55word!x', firstName: 'Ot', lastName: 'Her' },
    new Date(),
  );
  users.outsider = await loginAs(server.app, 'instructor', 'teach@other.school', 'Pa55word!x');
});
afterAll(async () => {
  if (previousAllow === undefined) delete process.env.DOCUMENT_URL_ALLOW_PRIVATE;
  else process.env.DOCUMENT_URL_ALLOW_PRIVATE = previousAllow;
  await server?.close();
  await new Promise<void>((resolve) => (files ? files.close(() => resolve()) : resolve()));
});

const headersOf = (user: TestUser) => ({
  cookie: Object.entries(user.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrf-token': user.cookies[CSRF_COOKIE]!,
});

const validateUrl = (user: TestUser, url: string, extra: Record<string, string> = {}) =>
  user.post('/grader/validate-and-upload-url-pdf', { url, created_by: 'teacher@demo.school', title: 'Science Quiz', ...extra });

type Part = [name: string, value: string | { body: Buffer; filename: string; type?: string }];

/** Posts the form over HTTP the way the browser does, reading the NDJSON reply line by line as it arrives. */
async function processScheme(user: TestUser, parts: Part[]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.body], { type: value.type ?? 'application/pdf' }), value.filename);
  }
  const res = await fetch(`${server.url}/grader/process-marking-scheme`, { method: 'POST', headers: headersOf(user), body: form });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('ndjson'))
    return {
      status: res.status,
      type,
      lines: [] as ProcessMarkingSchemeLine[],
      json: (await res.json()) as Record<string, unknown>,
      chunks: 0,
    };
  const lines: ProcessMarkingSchemeLine[] = [];
  let buffered = '';
  let chunks = 0;
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) {
    chunks += 1;
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffered.slice(0, newline)) as ProcessMarkingSchemeLine);
      buffered = buffered.slice(newline + 1);
    }
  }
  expect(buffered).toBe('');
  return { status: res.status, type, lines, json: null, chunks };
}

const common: Part[] = [
  ['title', 'Science Quiz'],
  ['due', '2026-12-01T23:59:59.999Z'],
  ['created_by', 'teacher@demo.school'],
  ['marking_scheme_id', '-1'],
];

describe('POST /grader/validate-and-upload-url-pdf', () => {
  it('fetches the PDF on the server, stores it under the school and replies with the spec fields', async () => {
    const url = `${filesUrl}/schemes/science-quiz.pdf`;
    const res = await validateUrl(users.instructor, url);
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      success: true,
      error: null,
      gsutil_url: expect.stringMatching(/^demo\/documents\/[0-9a-f-]{36}\/science-quiz\.pdf$/),
      filename: 'science-quiz.pdf',
      original_url: url,
      file_size: schemePdf.length,
      page_count: 1,
    });
    const stored = await server.blobs.get(res.json.gsutil_url);
    expect(stored?.body.equals(schemePdf)).toBe(true);
    expect(stored?.contentType).toBe('application/pdf');
    // Students may fetch reference documents too.
    expect((await validateUrl(users.student, url, { created_by: '' })).statusCode).toBe(200);
  });

  it('refuses a web page, a broken PDF, a missing file and a bad URL with the spec messages', async () => {
    const html = await validateUrl(users.instructor, `${filesUrl}/index.html`);
    expect(html.statusCode).toBe(400);
    expect(html.json).toMatchObject({ success: false, error: DOCUMENT_MESSAGES.notPdfUrl('web page (HTML)'), field: 'url' });
    expect(await validateUrl(users.instructor, `${filesUrl}/broken.pdf`)).toMatchObject({
      statusCode: 400,
      json: { success: false, error: DOCUMENT_MESSAGES.unreadable },
    });
    // The far server's failure is a 502, never a 422 (the spec's client reads 422 as a lost session).
    const missing = await validateUrl(users.instructor, `${filesUrl}/nope.pdf`);
    expect(missing.statusCode).toBe(502);
    expect(missing.json.error).toBe('Unable to access this URL. Please check if the URL is correct and publicly accessible.');
    // The practice wizard's reference URL, as a student: the same 502 and message.
    expect(await validateUrl(users.student, `${filesUrl}/nope.pdf`, { created_by: '' })).toMatchObject({
      statusCode: 502,
      json: { success: false, error: DOCUMENT_MESSAGES.unreachable, message: DOCUMENT_MESSAGES.unreachable, field: 'url' },
    });
    for (const url of ['', 'www.example.com/a.pdf', 'ftp://example.com/a.pdf']) {
      const bad = await validateUrl(users.instructor, url);
      expect(bad.statusCode).toBe(400);
      expect(bad.json).toMatchObject({
        success: false,
        error: 'Please enter a valid HTTP or HTTPS URL',
        message: 'Please enter a valid HTTP or HTTPS URL',
      });
    }
    expect((await users.instructor.post('/grader/validate-and-upload-url-pdf', {})).statusCode).toBe(400);
  });

  it("without DOCUMENT_URL_ALLOW_PRIVATE a loopback URL is refused (no SSRF into the server's network)", async () => {
    process.env.DOCUMENT_URL_ALLOW_PRIVATE = 'false';
    try {
      const res = await validateUrl(users.instructor, `${filesUrl}/schemes/science-quiz.pdf`);
      expect(res.statusCode).toBe(502);
      expect(res.json.error).toBe(DOCUMENT_MESSAGES.unreachable);
    } finally {
      process.env.DOCUMENT_URL_ALLOW_PRIVATE = 'true';
    }
  });

  it('created_by must be the caller', async () => {
    const res = await validateUrl(users.instructor, `${filesUrl}/schemes/science-quiz.pdf`, { created_by: 'someone@demo.school' });
    expect(res.statusCode).toBe(403);
    expect(res.json.error).toBe(DOCUMENT_MESSAGES.notYourEmail);
  });
});

describe('POST /grader/process-marking-scheme', () => {
  it('streams progress lines, then complete with the 5 questions, their marks and answers', async () => {
    const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { perPage: 1 });
    const res = await processScheme(users.instructor, [
      ...common,
      ['expressMode', 'false'],
      ['file', { body: pdf, filename: 'Science Quiz.pdf' }],
    ]);
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/x-ndjson');
    const [first, ...rest] = res.lines;
    const last = rest.at(-1)!;
    expect(first).toMatchObject({ status: 'processing', stage: 'stored', pages: 0, marking_scheme_id: -1, expressMode: false });
    const progress = rest.filter((l) => l.status === 'processing');
    expect(progress[0]).toMatchObject({ stage: 'reading', pages: 5, total_pages: 5, current_page: 0, total_batches: 1, batch_size: 5 });
    expect(progress.slice(1).map((l) => l.current_page)).toEqual([1, 2, 3, 4, 5]);
    expect(last).toMatchObject({ status: 'complete', marking_scheme_id: -1, method: 'rules', pages: 5, questions: expected });
    expect(last.gsutil_url).toMatch(/^demo\/documents\/[0-9a-f-]{36}\/Science_Quiz\.pdf$/);
    expect((await server.blobs.get(last.gsutil_url!))?.body.equals(pdf)).toBe(true);
  });

  it('express mode: one page per batch', async () => {
    const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { perPage: 2 });
    const res = await processScheme(users.instructor, [
      ...common,
      ['expressMode', 'true'],
      ['file', { body: pdf, filename: 'scheme.pdf' }],
    ]);
    const reading = res.lines.filter((l) => l.stage === 'reading');
    expect(reading.at(-1)).toMatchObject({ total_pages: 3, total_batches: 3, current_batch: 3, batch_size: 1, pages_in_current_batch: 1 });
    expect(res.lines.at(-1)).toMatchObject({ status: 'complete', expressMode: true, questions: expected });
  });

  it('a question paper and an answer key, one uploaded and one stored from a URL, paired by number (normal mode forced)', async () => {
    const paper = await makeMarkingSchemePdf(FIVE_QUESTIONS, { layout: 'paper' });
    const keyPdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { layout: 'key' });
    const stored = 'demo/documents/00000000-0000-4000-8000-000000000001/key.pdf';
    await server.blobs.put(stored, keyPdf, 'application/pdf');
    const res = await processScheme(users.instructor, [
      ...common,
      ['expressMode', 'true'],
      ['question_paper', { body: paper, filename: 'paper.pdf' }],
      ['answer_key_gsutil_url', stored],
    ]);
    const last = res.lines.at(-1)!;
    expect(last).toMatchObject({ status: 'complete', expressMode: false, answer_key_gsutil_url: stored, questions: expected });
    expect(last.question_paper_gsutil_url).toMatch(/^demo\/documents\/.+\/paper\.pdf$/);
    expect(last.gsutil_url).toBe(last.question_paper_gsutil_url);
  });

  it('a scanned marking scheme is read by OCR', async () => {
    const pdf = await makeScannedPdf([
      ['Marking Scheme', '1. What is the chemical symbol for gold? [2 marks]', 'Answer: Au', '2. What is 6 x 7? [3 marks]', 'Answer: 42'],
    ]);
    const res = await processScheme(users.instructor, [...common, ['file', { body: pdf, filename: 'scan.pdf' }]]);
    expect(res.lines.some((l) => l.message?.includes('(OCR)'))).toBe(true);
    // Progress arrives while the page is being read, not all at once at the end.
    expect(res.chunks).toBeGreaterThan(1);
    expect(res.lines.at(-1)).toMatchObject({
      status: 'complete',
      questions: [
        { question_number: 1, marks_possible: 2, answer: 'Au' },
        { question_number: 2, marks_possible: 3, answer: '42' },
      ],
    });
  });

  it('with an AI provider configured, its structured reply is used', async () => {
    ai.on = true;
    try {
      const res = await processScheme(users.instructor, [
        ...common,
        ['file', { body: schemePdf, filename: 'scheme.pdf' }],
        ['rubrics', '[]'],
      ]);
      expect(ai.requests).toBe(1);
      expect(res.lines.some((l) => l.stage === 'structuring')).toBe(true);
      expect(res.lines.at(-1)).toMatchObject({
        status: 'complete',
        method: 'ai',
        questions: [{ question_number: 1, question: 'Structured by the model', marks_possible: 7 }],
      });
    } finally {
      ai.on = false;
    }
  });

  it('a PDF without numbered questions ends in an error line', async () => {
    const pdf = await makeMarkingSchemePdf([]);
    const res = await processScheme(users.instructor, [...common, ['file', { body: pdf, filename: 'empty.pdf' }]]);
    expect(res.lines.at(-1)).toEqual({ status: 'error', error: DOCUMENT_MESSAGES.noQuestions, pages: 1, total_pages: 1 });
  });

  it('bad input is a 4xx JSON reply before any streaming', async () => {
    const notPdf = await processScheme(users.instructor, [...common, ['file', { body: Buffer.from('<html>'), filename: 'x.pdf' }]]);
    expect(notPdf).toMatchObject({
      status: 400,
      json: { success: false, status: 'error', error: DOCUMENT_MESSAGES.notPdfFile('file'), field: 'file' },
    });
    expect(await processScheme(users.instructor, common)).toMatchObject({
      status: 400,
      json: { error: DOCUMENT_MESSAGES.missingDocument },
    });
    const onlyPaper = await processScheme(users.instructor, [...common, ['question_paper', { body: schemePdf, filename: 'p.pdf' }]]);
    expect(onlyPaper).toMatchObject({ status: 400, json: { error: DOCUMENT_MESSAGES.missingDocument, field: 'answer_key' } });
    const mixed = await processScheme(users.instructor, [
      ...common,
      ['file', { body: schemePdf, filename: 'a.pdf' }],
      ['answer_key', { body: schemePdf, filename: 'k.pdf' }],
    ]);
    expect(mixed).toMatchObject({ status: 400, json: { error: DOCUMENT_MESSAGES.mixedModes } });
    const both = await processScheme(users.instructor, [
      ...common,
      ['file', { body: schemePdf, filename: 'a.pdf' }],
      ['gsutil_url', 'demo/documents/x/a.pdf'],
    ]);
    expect(both).toMatchObject({ status: 400, json: { error: DOCUMENT_MESSAGES.bothForms('file', 'gsutil_url') } });
    const broken = await processScheme(users.instructor, [
      ...common,
      ['file', { body: Buffer.from('%PDF-1.4 broken'), filename: 'b.pdf' }],
    ]);
    expect(broken).toMatchObject({ status: 400, json: { error: DOCUMENT_MESSAGES.unreadable } });
    expect(
      await processScheme(users.instructor, [...common, ['expressMode', 'maybe'], ['file', { body: schemePdf, filename: 'a.pdf' }]]),
    ).toMatchObject({ status: 400, json: { field: 'expressMode' } });
    expect(
      await processScheme(users.instructor, [...common, ['rubrics', '{oops'], ['file', { body: schemePdf, filename: 'a.pdf' }]]),
    ).toMatchObject({ status: 400, json: { field: 'rubrics' } });
    expect(
      await processScheme(users.instructor, [
        ['created_by', 'other@demo.school'],
        ['file', { body: schemePdf, filename: 'a.pdf' }],
      ]),
    ).toMatchObject({ status: 403 });
    expect(
      await processScheme(users.instructor, [
        ['file', { body: schemePdf, filename: 'a.pdf' }],
        ['extra', { body: schemePdf, filename: 'b.pdf' }],
      ]),
    ).toMatchObject({ status: 400, json: { field: 'extra' } });
    const json = await users.instructor.post('/grader/process-marking-scheme', { gsutil_url: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json.error).toBe(DOCUMENT_MESSAGES.notMultipart);
  });

  it("only the caller's school's stored documents: another school's key reads as not found", async () => {
    const url = `${filesUrl}/schemes/science-quiz.pdf`;
    const theirs = (await validateUrl(users.outsider, url, { created_by: 'teach@other.school' })).json.gsutil_url as string;
    expect(theirs).toMatch(/^other\/documents\//);
    for (const key of [theirs, '../other/documents/x.pdf', 'demo/documents/nothing-here.pdf']) {
      const res = await processScheme(users.instructor, [...common, ['gsutil_url', key]]);
      expect(res).toMatchObject({ status: 404, json: { error: DOCUMENT_MESSAGES.unknownDocument, field: 'gsutil_url' } });
    }
    const mine = await processScheme(users.outsider, [['gsutil_url', theirs]]);
    expect(mine.lines.at(-1)).toMatchObject({ status: 'complete', gsutil_url: theirs, questions: expected });
  });

  it('students may not process marking schemes', async () => {
    const res = await processScheme(users.student, [...common, ['file', { body: schemePdf, filename: 'a.pdf' }]]);
    expect(res.status).toBe(403);
  });
});
