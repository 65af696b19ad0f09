import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, MESSAGES, PDF_SUBMISSION_MESSAGES, TIMER_MESSAGES, streamIds, type PdfSubmissionLine } from '@evergrade/contracts';
import { registerTenant, registerUser } from '@evergrade/command-service';
import { makeScannedPdf, makeTextPdf } from '@evergrade/documents/testing';
import { createOpenAiCompatibleProvider, type AiProvider } from '@evergrade/platform/ai';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Handwritten PDF submissions through the standalone server over real HTTP: the upload ticket, the
 * browser's PUT to the signed URL, and the streamed reading whose answers become AnswerSaved events. The
 * vision model is the one outside service that cannot run here: a local server speaks the chat-completions
 * protocol in its place and the real OpenAI-compatible adapter talks to it, switched on per test.
 */
let server: Standalone;
let model: Server;
const users = {} as Record<'student' | 'student2' | 'instructor' | 'outsider', TestUser>;
const ids = {} as Record<'quadratic' | 'newton' | 'linear' | 'student' | 'student2', number>;

const ai = { on: false, reply: '', requests: [] as { text: string; images: number }[] };
let provider: AiProvider;
const switchableAi: AiProvider = {
  name: 'fake-vision-1',
  get offline() {
    return !ai.on;
  },
  complete: (request) => provider.complete(request),
};

beforeAll(async () => {
  model = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const content = JSON.parse(body).messages[1].content as string | { type: string; text?: string }[];
    const parts = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
    ai.requests.push({
      text: parts.find((p) => p.type === 'text')?.text ?? '',
      images: parts.filter((p) => p.type === 'image_url').length,
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: ai.reply } }] }));
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  provider = createOpenAiCompatibleProvider({
    baseUrl: `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`,
    model: 'fake-vision-1',
    timeoutMs: 10_000,
  });

  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ai: switchableAi });
  users.student = await loginAs(server.app, 'student', 'student@demo.school');
  users.student2 = await loginAs(server.app, 'student', 'student2@demo.school');
  users.instructor = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  const other = { tenant: 'other', actorRole: 'system' as const };
  await registerTenant(server.store, other, 'Other School', new Date());
  await registerUser(
    server.store,
    other,
    { email: 'kid@other.school', role: 'student', password: 'Pa55word!x', firstName: 'Ot', lastName: 'Her' },
    new Date(),
  );
  users.outsider = await loginAs(server.app, 'student', 'kid@other.school', 'Pa55word!x');

  const head = await server.store.readAll({ limit: 100_000 });
  await server.runner.reached(head.at(-1)!.globalPosition);
  const list = (await users.student.get('/students/get-assignments')).json as Record<string, { assignment_id: number; title: string }>;
  const idOf = (title: string) => Object.values(list).find((a) => a.title === title)!.assignment_id;
  ids.quadratic = idOf('Quadratic Equations');
  ids.newton = idOf("Newton's Laws");
  ids.linear = idOf('Linear Functions Review');
  ids.student = (await users.student.get('/students/get-student')).json.studentId;
  ids.student2 = (await users.student2.get('/students/get-student')).json.studentId;
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (model ? model.close(() => resolve()) : resolve()));
});

const headersOf = (user: TestUser) => ({
  cookie: Object.entries(user.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrf-token': user.cookies[CSRF_COOKIE]!,
});

const ticket = (user: TestUser, fileName: string, email?: string) =>
  user.get(`/students/get-signed-url?file_name=${encodeURIComponent(fileName)}${email ? `&email=${encodeURIComponent(email)}` : ''}`);

/** What the browser does with the ticket: PUT the bytes with their type and no cookie. */
const put = (uploadUrl: string, body: Buffer | string, type = 'application/pdf') =>
  fetch(new URL(uploadUrl, server.url), { method: 'PUT', headers: { 'content-type': type }, body });

/** POST process-pdf-submission over HTTP, reading the NDJSON reply line by line as it arrives. */
async function processPdf(user: TestUser, body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/students/process-pdf-submission`, {
    method: 'POST',
    headers: { ...headersOf(user), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('ndjson'))
    return { status: res.status, lines: [] as PdfSubmissionLine[], json: (await res.json()) as Record<string, unknown> };
  const lines: PdfSubmissionLine[] = [];
  let buffered = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body!) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffered.slice(0, newline)) as PdfSubmissionLine);
      buffered = buffered.slice(newline + 1);
    }
  }
  expect(buffered).toBe('');
  return { status: res.status, lines, json: null };
}

/** Ticket, PUT and processing, as the upload modal runs them. */
async function upload(user: TestUser, assignmentId: number, pdf: Buffer) {
  const t = await ticket(user, `${assignmentId}_submission.pdf`);
  expect(t.statusCode).toBe(200);
  expect((await put(t.json.upload_url, pdf)).status).toBe(200);
  return processPdf(user, { file_name: t.json.file_name, assignment_id: assignmentId });
}

async function answersOf(user: TestUser, assignmentId: number, position?: string | null) {
  const res = await user.post('/students/get-assignment-questions', { assignment_id: assignmentId }, afterPosition(position ?? null));
  return (res.json.questions as { question_number: number; question_id: number; response_content: string | null }[]).sort(
    (a, b) => a.question_number - b.question_number,
  );
}

const ANSWERS = [
  'Quadratic homework - Sam Student',
  '',
  '1. (x - 2)(x - 3) = 0 so x = 2 or x = 3',
  '2. The discriminant k^2 - 36 must be zero, so k = 6 or k = -6',
  '3. It tells how many real roots there are: two, one or none.',
];

describe('GET /students/get-signed-url', () => {
  it('issues a signed PUT URL for {assignmentId}_submission.pdf under the school and the student', async () => {
    const res = await ticket(users.student, `${ids.quadratic}_submission.pdf`, 'student@demo.school');
    expect(res.statusCode).toBe(200);
    expect(res.json.file_name).toBe(`${ids.quadratic}_submission.pdf`);
    expect(res.json.upload_url).toMatch(new RegExp(`^/blobs/demo/submissions/${ids.student}/${ids.quadratic}_submission\\.pdf\\?`));
  });

  it('refuses a bad file name, another address, an unknown or unenrolled assignment and locked work', async () => {
    const bad = await ticket(users.student, 'homework.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json).toMatchObject({ message: PDF_SUBMISSION_MESSAGES.badFileName, field: 'file_name' });
    expect((await ticket(users.student, `${ids.quadratic}_submission.pdf`, 'student2@demo.school')).statusCode).toBe(403);
    expect((await ticket(users.student, '999999_submission.pdf')).statusCode).toBe(404);
    // Another school's student asking for a demo assignment's ticket: it does not exist for them.
    expect((await ticket(users.outsider, `${ids.quadratic}_submission.pdf`)).statusCode).toBe(404);
    const pastDue = await ticket(users.student, `${ids.linear}_submission.pdf`);
    expect(pastDue.statusCode).toBe(409);
    expect(pastDue.json.message).toBe(MESSAGES.lockedTooltip);
  });

  it('the signed URL takes only a PDF', async () => {
    const t = await ticket(users.student, `${ids.newton}_submission.pdf`);
    expect((await put(t.json.upload_url, 'not a pdf at all', 'application/pdf')).status).toBe(400);
    expect((await put(t.json.upload_url, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png')).status).toBe(400);
  });
});

describe('POST /students/process-pdf-submission', () => {
  it('reads typed answers to 3 questions into the right questions, streams progress and saves AnswerSaved events (source pdf)', async () => {
    const pdf = await makeTextPdf([ANSWERS]);
    const res = await upload(users.student, ids.quadratic, pdf);
    expect(res.status).toBe(200);
    const statuses = res.lines.map((l) => l.status);
    expect(statuses[0]).toBe('processing');
    expect(statuses.slice(-2)).toEqual(['validating', 'complete']);
    expect(res.lines.find((l) => l.status === 'processing' && l.current_page === 1)).toMatchObject({
      pages: 1,
      total_pages: 1,
      total_batches: 1,
      current_batch: 1,
      batch_size: 5,
      pages_in_current_batch: 1,
    });
    const complete = res.lines.at(-1)!;
    expect(complete).toMatchObject({ method: 'text', saved: [1, 2, 3] });
    expect(complete.questions).toEqual([
      { question_number: 1, response: '(x - 2)(x - 3) = 0 so x = 2 or x = 3' },
      { question_number: 2, response: 'The discriminant k^2 - 36 must be zero, so k = 6 or k = -6' },
      { question_number: 3, response: 'It tells how many real roots there are: two, one or none.' },
    ]);

    const events = await server.store.readStream(streamIds.submission('demo', ids.quadratic, ids.student));
    const saves = events.filter((e) => e.type === 'AnswerSaved');
    expect(saves).toHaveLength(3);
    for (const e of saves) expect(e.data).toMatchObject({ source: 'pdf', studentId: ids.student });
    const answers = await answersOf(users.student, ids.quadratic, complete.position);
    expect(answers.map((a) => a.response_content)).toEqual(complete.questions!.map((q) => q.response));
    // The file stays stored under its spec name.
    expect((await server.blobs.get(`demo/submissions/${ids.student}/${ids.quadratic}_submission.pdf`))?.body.equals(pdf)).toBe(true);

    // The same PDF again changes nothing: no new events.
    const again = await processPdf(users.student, { file_name: `${ids.quadratic}_submission.pdf`, assignment_id: ids.quadratic });
    expect(again.lines.at(-1)!.status).toBe('complete');
    expect((await server.store.readStream(streamIds.submission('demo', ids.quadratic, ids.student))).length).toBe(events.length);
  });

  it('an empty or missing answer in the PDF keeps the typed one', async () => {
    const questions = await answersOf(users.student2, ids.quadratic);
    const typed = await users.student2.post('/students/set-assignment-response', {
      assignment_id: ids.quadratic,
      question_id: questions[1]!.question_id,
      response_content: 'typed before the upload',
    });
    expect(typed.statusCode).toBe(200);
    const pdf = await makeTextPdf([
      ['1. x = 2 or x = 3, by factorising the quadratic', '2.', '', '3. Two real roots, one, or none at all.'],
    ]);
    const res = await upload(users.student2, ids.quadratic, pdf);
    const complete = res.lines.at(-1)!;
    expect(complete).toMatchObject({ status: 'complete', saved: [1, 3] });
    const answers = await answersOf(users.student2, ids.quadratic, complete.position);
    expect(answers.map((a) => a.response_content)).toEqual([
      'x = 2 or x = 3, by factorising the quadratic',
      'typed before the upload',
      'Two real roots, one, or none at all.',
    ]);
  });

  it('reads a scanned (image-only) PDF by OCR', async () => {
    const pdf = await makeScannedPdf([
      ['Newton homework', '1. Force equals mass times acceleration, F = ma, in newtons.', '2. The net force is 6 N.'],
    ]);
    const res = await upload(users.student, ids.newton, pdf);
    const complete = res.lines.at(-1)!;
    expect(complete).toMatchObject({ status: 'complete', method: 'ocr', saved: [1, 2] });
    expect(complete.questions![0]!.response).toMatch(/mass times acceleration/);
    expect(complete.questions![1]!.response).toMatch(/6 N/);
    const answers = await answersOf(users.student, ids.newton, complete.position);
    expect(answers[1]!.response_content).toMatch(/net force is 6 N/);
  });

  it('with a vision model, the model reads the handwritten pages; an unusable reply falls back to OCR', async () => {
    ai.on = true;
    try {
      ai.reply = JSON.stringify({ pages: [{ page: 1, text: '1) F = ma, measured in newtons\n2) 2 kg x 3 m/s^2 = 6 N' }] });
      const pdf = await makeScannedPdf([['1. handwriting the model reads', '2. more handwriting']]);
      const before = ai.requests.length;
      const res = await upload(users.student2, ids.newton, pdf);
      const complete = res.lines.at(-1)!;
      expect(complete).toMatchObject({ status: 'complete', method: 'ai', saved: [1, 2] });
      expect(complete.questions).toEqual([
        { question_number: 1, response: 'F = ma, measured in newtons' },
        { question_number: 2, response: '2 kg x 3 m/s^2 = 6 N' },
      ]);
      expect(ai.requests.length).toBe(before + 1);
      expect(ai.requests.at(-1)!.images).toBe(1);
      expect(ai.requests.at(-1)!.text).toContain('1. State Newton’s second law');
      const events = await server.store.readStream(streamIds.submission('demo', ids.newton, ids.student2));
      expect(events.filter((e) => e.type === 'AnswerSaved').map((e) => e.data.source)).toEqual(['pdf', 'pdf']);

      ai.reply = 'Sorry, I cannot read this.';
      const scanned = await makeScannedPdf([['1. Force is mass times acceleration.', '2. Six newtons of net force.']]);
      const fallback = await upload(users.student2, ids.newton, scanned);
      expect(fallback.lines.at(-1)).toMatchObject({ status: 'complete', method: 'ocr', saved: [1, 2] });
      expect(fallback.lines.at(-1)!.questions![1]!.response).toMatch(/Six newtons/);
    } finally {
      ai.on = false;
    }
  });

  it("refuses a non-PDF, a missing upload, other students' and schools' files and a locked assignment", async () => {
    // A store that cannot check uploads (S3) may hold anything: the bytes are checked before reading.
    const key = `demo/submissions/${ids.student}/${ids.newton}_submission.pdf`;
    await server.blobs.put(key, Buffer.from('hello, not a pdf'), 'application/pdf');
    const notPdf = await processPdf(users.student, { file_name: `${ids.newton}_submission.pdf`, assignment_id: ids.newton });
    expect(notPdf.status).toBe(400);
    expect(notPdf.json!.message).toBe(PDF_SUBMISSION_MESSAGES.notPdf);
    expect(await server.blobs.get(key)).toBeNull();
    const missing = await processPdf(users.student, { file_name: `${ids.newton}_submission.pdf`, assignment_id: ids.newton });
    expect(missing.status).toBe(404);
    expect(missing.json!.message).toBe(PDF_SUBMISSION_MESSAGES.notUploaded);

    const othersKey = `demo/submissions/${ids.student2}/${ids.quadratic}_submission.pdf`;
    expect(await server.blobs.get(othersKey)).not.toBeNull();
    const others = await processPdf(users.student, { file_name: othersKey, assignment_id: ids.quadratic });
    expect(others.status).toBe(403);
    expect(others.json!.message).toBe(PDF_SUBMISSION_MESSAGES.notYourFile);
    expect((await processPdf(users.outsider, { file_name: othersKey, assignment_id: ids.quadratic })).status).toBe(403);
    expect((await processPdf(users.outsider, { file_name: `${ids.quadratic}_submission.pdf`, assignment_id: ids.quadratic })).status).toBe(
      404,
    );
    const mismatch = await processPdf(users.student, { file_name: `${ids.newton}_submission.pdf`, assignment_id: ids.quadratic });
    expect(mismatch.status).toBe(400);
    expect((await processPdf(users.student, { file_name: 'x', assignment_id: 'abc' })).status).toBe(400);
    expect(
      (await processPdf(users.instructor, { file_name: `${ids.quadratic}_submission.pdf`, assignment_id: ids.quadratic })).status,
    ).toBe(403);

    const pastDue = await processPdf(users.student, { file_name: `${ids.linear}_submission.pdf`, assignment_id: ids.linear });
    expect(pastDue.status).toBe(409);
    expect(pastDue.json!.message).toBe(MESSAGES.lockedTooltip);

    // Submitted work is locked too, for the ticket and the processing.
    const submitted = await users.student2.post('/students/submit-assignment', { assignment_id: ids.quadratic, responses: {} });
    expect(submitted.statusCode).toBe(200);
    expect((await ticket(users.student2, `${ids.quadratic}_submission.pdf`)).statusCode).toBe(409);
    const locked = await processPdf(users.student2, { file_name: `${ids.quadratic}_submission.pdf`, assignment_id: ids.quadratic });
    expect(locked.status).toBe(409);
    expect(locked.json!.message).toBe(MESSAGES.lockedTooltip);
  });

  it('timed work takes a PDF only inside a started session', async () => {
    const due = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const created = await users.instructor.post('/grader/add-assignment', {
      title: 'Timed Roots Quiz',
      description: '',
      due_date: due,
      email: 'teacher@demo.school',
      expressMode: false,
      course: 'MATH10',
      creation_method: 'scratch',
      student_submissions_allowed: true,
      ai_config: null,
      time_limit: 1800,
      questions: [
        {
          question_number: 1,
          question: 'Solve $x^2 = 4$',
          marks_possible: 2,
          answer: 'x = 2 or x = -2',
          grading_instructions: '',
          tags: [],
        },
      ],
    });
    expect(created.statusCode).toBe(200);
    const id = created.json.assignment_id as number;
    const refused = await ticket(users.student, `${id}_submission.pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json.message).toBe(TIMER_MESSAGES.notStarted);
    expect((await users.student.post(`/sessions/start/${id}`, {})).statusCode).toBe(200);
    // One question: the whole sheet answers it, numbered or not.
    const res = await upload(users.student, id, await makeTextPdf([['x squared is 4, so x = 2 or x = -2']]));
    const complete = res.lines.at(-1)!;
    expect(complete).toMatchObject({ status: 'complete', saved: [1], questions: [{ question_number: 1 }] });
    expect(complete.questions![0]!.response).toMatch(/^x squared is 4, so x =\s?2 or x = -2$/);
  });

  it('a PDF without numbered answers ends with an error line', async () => {
    const res = await upload(
      users.student,
      ids.quadratic,
      await makeTextPdf([['Some notes without any question numbers at all, just prose.']]),
    );
    expect(res.lines.at(-1)).toMatchObject({ status: 'error', error: PDF_SUBMISSION_MESSAGES.noResponses });
  });
});
