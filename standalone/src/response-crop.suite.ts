import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument, rgb } from 'pdf-lib';
import { changeMembership, createCourse, registerTenant, registerUser } from '@evergrade/command-service';
import { CSRF_COOKIE, type GradedLine, type ProcessSubmissionLine, type StudentGrading } from '@evergrade/contracts';
import { makeScannedPdf } from '@evergrade/documents/testing';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Handwriting read honestly, through the API on PGlite: a scanned sheet whose second answer is a scribble is graded
 * with that answer flagged "Could not read this answer." (not a silent 0), a "0.5" OCR read as "05" flagged; the page crop of each
 * answer is a PNG for an instructor who teaches the course, and 403/404 for a student, another instructor, another school.
 */
let server: Standalone;
let teacher: TestUser;
let stranger: TestUser;
let student: TestUser;
let outsider: TestUser;
const ids: Record<string, number> = {};
let assignmentId: number;
let onlineId: number;
const questionIds: number[] = [];

const PASSWORD = 'Evergrade#2026';
const QUESTIONS = [
  {
    question_number: 1,
    question: 'What is the capital of France?',
    marks_possible: 1,
    answer: 'Paris',
    grading_instructions: '',
    tags: [],
  },
  {
    question_number: 2,
    question: 'Name the gas plants take in.',
    marks_possible: 1,
    answer: 'Carbon dioxide',
    grading_instructions: '',
    tags: [],
  },
  { question_number: 3, question: 'Write one half as a decimal.', marks_possible: 1, answer: '0.5', grading_instructions: '', tags: [] },
];

/** A scan (page images only): answer 2 is a scribble no OCR can read. */
async function scribbledScan(): Promise<Buffer> {
  const doc = await PDFDocument.load(await makeScannedPdf([['1. Paris', '2.', '', '', '3. 0.5']]));
  doc.getPage(0).drawSvgPath('M 0 0 C 20 -25 40 25 60 0 C 80 -25 100 20 120 -5 M 10 12 L 110 -14 M 5 -10 C 40 10 70 -20 115 8', {
    x: 80,
    y: 752,
    borderColor: rgb(0.1, 0.1, 0.2),
    borderWidth: 2.5,
  });
  return Buffer.from(await doc.save());
}

const cookieOf = (u: TestUser) => ({
  cookie: Object.entries(u.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrf-token': u.cookies[CSRF_COOKIE]!,
});

async function ndjsonLines<Line>(u: TestUser, path: string, body: unknown): Promise<Line[]> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...cookieOf(u), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);
}

const crop = (u: TestUser | null, query: { assignment?: number; student?: number; question?: number }) =>
  server.app.inject({
    method: 'GET',
    url: `/grader/response-crop?assignment_id=${query.assignment ?? assignmentId}&student_id=${query.student ?? ids.asha}&question_id=${query.question ?? questionIds[1]}`,
    headers: u ? cookieOf(u) : {},
  });

const pngSize = (body: Buffer) => ({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) });

export function responseCropSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    const system = { tenant: 'demo', actorRole: 'system' as const };
    const now = new Date();
    const user = (email: string, role: 'instructor' | 'student', firstName: string) =>
      registerUser(server.store, system, { email, role, password: PASSWORD, firstName, lastName: 'Crop' }, now);
    ids.teacher = await user('crop.teacher@demo.school', 'instructor', 'Ada');
    await user('crop.stranger@demo.school', 'instructor', 'Carl');
    ids.asha = await user('crop.asha@demo.school', 'student', 'Asha');
    const { courseId } = await createCourse(
      server.store,
      system,
      { courseCode: 'HW1', courseName: 'Handwriting', courseClass: '9', subject: 'Science', instructorIds: [ids.teacher] },
      now,
    );
    await changeMembership(server.store, system, 'EnrollStudent', courseId, ids.asha, now);
    const other = { tenant: 'other', actorRole: 'system' as const };
    await registerTenant(server.store, other, 'Other School', now);
    await registerUser(
      server.store,
      other,
      { email: 'crop.t@other.school', role: 'instructor', password: PASSWORD, firstName: 'O', lastName: 'T' },
      now,
    );
    teacher = await loginAs(server.app, 'instructor', 'crop.teacher@demo.school');
    stranger = await loginAs(server.app, 'instructor', 'crop.stranger@demo.school');
    student = await loginAs(server.app, 'student', 'crop.asha@demo.school');
    outsider = await loginAs(server.app, 'instructor', 'crop.t@other.school');
    const add = (title: string, online: boolean) =>
      teacher.post('/grader/add-assignment', {
        title,
        description: '',
        due_date: new Date(Date.now() + 86_400_000).toISOString(),
        course: 'HW1',
        creation_method: 'scratch',
        student_submissions_allowed: online,
        questions: QUESTIONS,
      });
    assignmentId = (await add('Handwritten quiz', false)).json.assignment_id;
    onlineId = (await add('Typed quiz', true)).json.assignment_id;

    const ticket = await teacher.get('/grader/get-signed-url?file_name=asha.pdf');
    const put = await fetch(new URL(ticket.json.upload_url, server.url), {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: await scribbledScan(),
    });
    expect(put.status).toBe(200);
    const lines = await ndjsonLines<ProcessSubmissionLine>(teacher, '/grader/process-submission', {
      file_name: ticket.json.file_name,
      assignment_id: assignmentId,
      express_mode: false,
      student_id: ids.asha,
      original_filename: 'asha.pdf',
    });
    const done = lines.at(-1)!;
    expect(done).toMatchObject({ status: 'complete', method: 'ocr' });
    questionIds.push(...done.questions!.map((q) => q.question_id));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  describe('handwriting read honestly', () => {
    it('an answer with writing that could not be read is flagged "Could not read this answer.", never a silent 0; a "0.5" read as "05" is flagged', async () => {
      const lines = await ndjsonLines<GradedLine | { status: string; position: string }>(teacher, '/grader/grade-submission', {
        assignment_id: assignmentId,
        student_id: ids.asha,
      });
      const graded = lines.slice(0, -1) as GradedLine[];
      expect(graded.map((q) => [q.question_number, q.response])).toEqual([
        [1, 'Paris'],
        [2, ''],
        // This scan is one where tesseract drops the point of "0.5" (the "05"): whatever its mark, it is flagged.
        [3, '05'],
      ]);
      expect(graded.slice(0, 2).map((q) => q.points_obtained)).toEqual([1, 0]);
      expect(graded[1]!.flagged_for_review).toMatch(/^Could not read this answer\. There is writing in this answer space/);
      expect(graded[1]!.feedback).not.toBe('No answer was given.');
      expect(graded[2]!.flagged_for_review).toMatch(
        /Check the reading: "05" was read with a leading zero: check whether a decimal point is missing\./,
      );
      expect(graded[0]!.flagged_for_review).toBe('');

      const position = (lines.at(-1) as { position: string }).position;
      const book = (
        await teacher.post('/grader/previous-questions-and-responses', { assignment_id: assignmentId }, afterPosition(position))
      ).json as Record<string, StudentGrading>;
      const q2 = book[String(ids.asha)]!.questions.find((q) => q.question_number === 2)!;
      expect(q2).toMatchObject({ graded: true, points_obtained: 0, flag_resolved: false });
      expect(q2.flagged_for_review).toMatch(/^Could not read this answer\./);
    });

    it("the instructor who teaches the course gets each answer's part of the page as a PNG", async () => {
      const res = await crop(teacher, {});
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private/);
      const body = res.rawPayload;
      expect(body.subarray(1, 4).toString()).toBe('PNG');
      const strip = pngSize(body);
      // A band across the page around answer 2 (from its number to answer 3), not the whole page.
      expect(strip.width).toBeGreaterThan(strip.height * 3);
      // Answer 1 was read: its crop follows the written line (narrower than the unread answer's band, and lower).
      const first = pngSize((await crop(teacher, { question: questionIds[0] })).rawPayload);
      expect(first.width).toBeLessThan(strip.width);
      expect(first.height).toBeLessThan(strip.height);
    });

    it('a student (even the author), another instructor and another school get no crop', async () => {
      expect((await crop(student, {})).statusCode).toBe(403);
      expect((await crop(null, {})).statusCode).toBe(401);
      const notTeaching = await crop(stranger, {});
      expect(notTeaching.statusCode).toBe(404);
      expect(notTeaching.headers['content-type']).toMatch(/json/);
      expect((await crop(outsider, {})).statusCode).toBe(404);
      const naming = await server.app.inject({
        method: 'GET',
        url: `/grader/response-crop?assignment_id=${assignmentId}&student_id=${ids.asha}&question_id=${questionIds[1]}`,
        headers: { ...cookieOf(outsider), 'x-tenant': 'demo' },
      });
      expect(naming.statusCode).toBe(403);
    });

    it('an answer not read from a PDF has no crop (404 with a message); bad ids are a 400', async () => {
      const typed = await crop(teacher, { assignment: onlineId });
      expect(typed.statusCode).toBe(404);
      expect(JSON.parse(typed.body).message).toMatch(/^There is no page image for this answer/);
      expect((await crop(teacher, { student: 999_999 })).statusCode).toBe(404);
      const bad = await server.app.inject({
        method: 'GET',
        url: '/grader/response-crop?assignment_id=abc&student_id=1',
        headers: cookieOf(teacher),
      });
      expect(bad.statusCode).toBe(400);
      expect(JSON.parse(bad.body).message).toBeTruthy();
    });
  });
}
