import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF_COOKIE,
  PRACTICE_MESSAGES,
  plainTextToRichText,
  type AddPracticeBody,
  type GeneratePracticeReply,
  type PracticeList,
  type PracticeSheet,
  type ProcessMarkingSchemeLine,
} from '@evergrade/contracts';
import { FIVE_QUESTIONS, makeMarkingSchemePdf } from '@evergrade/documents/testing';
import { startStandalone, type Standalone, type StandaloneOptions } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/** Practice assignments through the spec's API: generate, create, answer, check, reset, submit; only the owner. */
let server: Standalone;
let student: TestUser;
let other: TestUser;

const headersOf = (user: TestUser) => ({
  cookie: Object.entries(user.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrf-token': user.cookies[CSRF_COOKIE]!,
});

async function postForm(user: TestUser, path: string, parts: [string, string | { body: Buffer; filename: string }][]) {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.body], { type: 'application/pdf' }), value.filename);
  }
  return fetch(`${server.url}${path}`, { method: 'POST', headers: headersOf(user), body: form });
}

async function ndjson(res: Response): Promise<ProcessMarkingSchemeLine[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ProcessMarkingSchemeLine);
}

export function practiceSuite(open: () => Promise<Partial<StandaloneOptions>>): void {
  beforeAll(async () => {
    server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent', ...(await open()) });
    student = await loginAs(server.app, 'student', 'student@demo.school');
    other = await loginAs(server.app, 'student', 'student2@demo.school');
  });
  afterAll(async () => {
    await server?.close();
  });

  const sheet = async (u: TestUser, id: number, position: string | null = null) =>
    u.post('/students/get-practice-assignment-questions', { assignment_id: id }, afterPosition(position));
  const list = async (u: TestUser, position: string | null) =>
    (await u.get('/students/get-practice-assignments', afterPosition(position))).json as PracticeList;

  describe('With AI, offline', () => {
    let generated: GeneratePracticeReply;

    it('generates questions from the library, guessing the subject and recording the run', async () => {
      const res = await student.post('/students/generate-practice-assignment', {
        prompt: "forces, acceleration and Newton's laws",
        difficulty_level: 4,
      });
      expect(res.statusCode).toBe(200);
      generated = res.json;
      expect(generated.subject).toBe('Physics');
      expect(generated.generator).toBe('offline');
      expect(generated.notice).toContain('question library');
      expect(generated.questions.length).toBeGreaterThanOrEqual(3);
      expect(generated.questions[0]).toMatchObject({ question_number: 1, type: expect.any(String), marks_possible: expect.any(Number) });
      expect(generated.questions.every((q) => q.answer.length > 0)).toBe(true);
      expect(generated.ai_config_id).toBeGreaterThan(0);
      const recorded = await server.store.readStream(`ai-config:demo:${generated.ai_config_id}`);
      expect(recorded[0]).toMatchObject({ type: 'AiConfigRecorded', data: { subject: 'Physics', generator: 'offline' } });
    });

    it('stays on the topic, with the marks the prompt asks for', async () => {
      const res = await student.post('/students/generate-practice-assignment', {
        prompt: '4 questions on linear equations, 10 marks',
        difficulty_level: 8,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json as GeneratePracticeReply;
      expect(body).toMatchObject({ subject: 'Mathematics', notice: PRACTICE_MESSAGES.offlineNotice });
      expect(body.questions).toHaveLength(4);
      for (const q of body.questions) {
        expect(q.question).toMatch(/solve|equation/i);
        expect(q.question).not.toMatch(/search|Punnett|heterozygous|balance the equation/i);
        expect(Number.isInteger(q.marks_possible * 2)).toBe(true);
      }
      expect(body.questions.reduce((s, q) => s + q.marks_possible, 0)).toBe(10);
    });

    it('says the library has nothing on a topic it lacks, with no questions, instead of unrelated ones', async () => {
      const res = await student.post('/students/generate-practice-assignment', { prompt: 'zxqv wrrbl', difficulty_level: 5 });
      expect(res.statusCode).toBe(200);
      const body = res.json as GeneratePracticeReply;
      expect(body.questions).toEqual([]);
      expect(body.notice).toBe(PRACTICE_MESSAGES.nothingOnTopic('zxqv wrrbl'));
      const [recorded] = await server.store.readStream(`ai-config:demo:${body.ai_config_id}`);
      expect(recorded!.data).toMatchObject({ generator: 'offline', questionCount: 0 });
    });

    it('refuses a missing prompt, a difficulty outside 1-10, and more than 3 documents', async () => {
      expect((await student.post('/students/generate-practice-assignment', { prompt: ' ' })).json).toMatchObject({
        message: expect.stringContaining(PRACTICE_MESSAGES.promptRequired),
      });
      expect((await student.post('/students/generate-practice-assignment', { prompt: 'fractions', difficulty_level: 11 })).statusCode).toBe(
        400,
      );
      const urls = Array.from({ length: 4 }, (_, i) => ({ gsutil_url: `demo/documents/x/${i}.pdf`, original_url: 'https://x/a.pdf' }));
      expect(
        (await student.post('/students/generate-practice-assignment', { prompt: 'fractions', url_documents: urls })).json,
      ).toMatchObject({ message: expect.stringContaining(PRACTICE_MESSAGES.maxDocuments) });
    });

    it('takes a reference PDF as multipart and puts its own questions first', async () => {
      const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { title: 'Science Quiz' });
      const res = await postForm(student, '/students/generate-practice-assignment', [
        ['prompt', 'science revision'],
        ['difficulty_level', '5'],
        ['reference_documents', { body: pdf, filename: 'quiz.pdf' }],
      ]);
      expect(res.status).toBe(200);
      const body = (await res.json()) as GeneratePracticeReply;
      expect(body.questions.slice(0, 5).map((q) => q.answer)).toEqual(FIVE_QUESTIONS.map((q) => q.answer));
    });

    describe('creating, taking, checking, resetting and submitting', () => {
      let id: number;
      let position: string | null;
      const body = (over: Partial<AddPracticeBody> = {}): AddPracticeBody => ({
        title: 'Forces Practice',
        description: 'Newton',
        course: 'PHYS10',
        creation_method: 'ai',
        ai_config_id: generated.ai_config_id,
        questions: [
          {
            question: 'A 2 kg trolley accelerates at 3 m/s². What is the resultant force?',
            answer: 'F = ma = 2 × 3 = 6 N',
            type: 'numerical',
            marks_possible: 2,
          },
          { question: '', answer: 'dropped' },
          { question: plainTextToRichText('Which force keeps the Moon in orbit?'), answer: 'Gravity (the gravitational force)' },
        ],
        ...over,
      });

      it('creates it, dropping empty questions, and lists it as Available in its course', async () => {
        const res = await student.post('/students/add-practice-assignment', body());
        expect(res.statusCode).toBe(200);
        id = res.json.practice_assignment_id;
        position = res.json.position;
        const row = (await list(student, position))[String(id)];
        expect(row).toMatchObject({
          practice_assignment_id: id,
          title: 'Forces Practice',
          course: 'Physics',
          course_code: 'PHYS10',
          status: 'Available',
          question_count: 2,
          marks_total: 3,
          answered_count: 0,
          marks_obtained: null,
        });
        expect(row!.assigned).toBe(row!.created_at);
        expect(row!.due).toBe(row!.created_at);
      });

      it('refuses a bad title, a course the student is not in, and no questions', async () => {
        expect((await student.post('/students/add-practice-assignment', body({ title: '1st try' }))).json).toMatchObject({
          message: expect.stringContaining(PRACTICE_MESSAGES.titleStartLetter),
        });
        expect((await student.post('/students/add-practice-assignment', body({ title: 'Try!' }))).json).toMatchObject({
          message: expect.stringContaining(PRACTICE_MESSAGES.titleCharacters),
        });
        expect((await student.post('/students/add-practice-assignment', body({ title: '' }))).json).toMatchObject({
          message: expect.stringContaining(PRACTICE_MESSAGES.titleRequired),
        });
        expect((await student.post('/students/add-practice-assignment', body({ course: 'CHEM99' }))).statusCode).toBe(400);
        const none = await student.post('/students/add-practice-assignment', body({ questions: [{ question: ' ' }] }));
        expect(none).toMatchObject({ statusCode: 400, json: { message: expect.stringContaining(PRACTICE_MESSAGES.noQuestions) } });
      });

      it('a General practice lists with course General', async () => {
        const res = await student.post('/students/add-practice-assignment', body({ course: 'General', title: 'Loose Ends' }));
        expect((await list(student, res.json.position))[String(res.json.practice_assignment_id)]).toMatchObject({
          course: 'General',
          course_code: null,
        });
      });

      it('serves the questions without the answer key, and only to its student', async () => {
        const res = await sheet(student, id, position);
        expect(res.statusCode).toBe(200);
        const s = res.json as PracticeSheet;
        expect(
          s.questions.map((q) => [q.question_id, q.question_number, q.marks_possible, q.answer, q.response_content, q.feedback]),
        ).toEqual([
          [1, 1, 2, null, null, null],
          [2, 2, 1, null, null, null],
        ]);
        expect(JSON.stringify(s)).not.toContain('6 N');
        expect((await sheet(other, id)).statusCode).toBe(404);
        expect(
          (await other.post('/students/set-practice-assignment-response', { assignment_id: id, question_id: 1, response_content: 'x' }))
            .statusCode,
        ).toBe(404);
        expect((await other.post('/students/check-practice-answers', { assignment_id: id })).statusCode).toBe(404);
      });

      it('Check Answers needs one answer', async () => {
        expect(await student.post('/students/check-practice-answers', { assignment_id: id })).toMatchObject({
          statusCode: 400,
          json: { message: expect.stringContaining(PRACTICE_MESSAGES.noAnswers) },
        });
      });

      it('saves answers and checks them against the key, with per-question feedback kept in the sheet', async () => {
        const save = await student.post('/students/set-practice-assignment-response', {
          assignment_id: id,
          question_id: 1,
          question_number: 1,
          response_content: plainTextToRichText('6'),
        });
        expect(save.statusCode).toBe(200);
        await student.post('/students/set-practice-assignment-response', {
          assignment_id: id,
          question_id: 2,
          response_content: 'gravity',
        });
        const check = await student.post('/students/check-practice-answers', { assignment_id: id });
        expect(check.statusCode).toBe(200);
        expect(check.json).toMatchObject({ points_obtained: 2, points_possible: 3 });
        expect(check.json.results[0]).toMatchObject({ question_id: 1, points_obtained: 1, points_possible: 2 });
        expect(check.json.results[0].feedback).toContain('unit is missing');
        expect(check.json.results[1]).toMatchObject({ question_id: 2, points_obtained: 1 });
        const s = (await sheet(student, id, check.json.position)).json as PracticeSheet;
        expect(s.questions.map((q) => q.points_obtained)).toEqual([1, 1]);
        expect(s.marks_obtained).toBe(2);
        expect(s.answered_count).toBe(2);
        const events = await server.store.readStream(`practice:demo:${id}`);
        expect(events.map((e) => e.type)).toEqual([
          'PracticeAssignmentCreated',
          'PracticeAnswerSaved',
          'PracticeAnswerSaved',
          'PracticeAnswersChecked',
        ]);
      });

      it('reset clears every answer and the feedback', async () => {
        const res = await student.post('/students/reset-practice-assignment', { assignment_id: id });
        expect(res.statusCode).toBe(200);
        const s = (await sheet(student, id, res.json.position)).json as PracticeSheet;
        expect(s.questions.every((q) => q.response_content === null && q.feedback === null)).toBe(true);
        expect(s).toMatchObject({ answered_count: 0, marks_obtained: null });
      });

      it('submits; then the list says Submitted, the key shows, and changes are refused', async () => {
        await student.post('/students/set-practice-assignment-response', { assignment_id: id, question_id: 1, response_content: '6 N' });
        const res = await student.post('/students/submit-practice-assignment', { assignment_id: id });
        expect(res.statusCode).toBe(200);
        expect((await list(student, res.json.position))[String(id)]).toMatchObject({ status: 'Submitted', answered_count: 1 });
        expect(((await sheet(student, id)).json as PracticeSheet).questions[0]!.answer).toBe('F = ma = 2 × 3 = 6 N');
        expect(
          (await student.post('/students/set-practice-assignment-response', { assignment_id: id, question_id: 1, response_content: '7 N' }))
            .statusCode,
        ).toBe(409);
        expect((await student.post('/students/reset-practice-assignment', { assignment_id: id })).statusCode).toBe(409);
        expect((await student.post('/students/submit-practice-assignment', { assignment_id: id })).statusCode).toBe(409);
      });

      it("another student's list does not show it", async () => {
        expect(Object.keys(await list(other, null))).not.toContain(String(id));
      });
    });
  });

  describe('From Document', () => {
    it('streams the processing of an uploaded marking scheme and ends with its questions', async () => {
      const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { title: 'Science Quiz' });
      const res = await postForm(student, '/students/process-practice-marking-scheme', [
        ['title', 'Science Quiz'],
        ['course', 'General'],
        ['created_by', 'student@demo.school'],
        ['file', { body: pdf, filename: 'Science Quiz.pdf' }],
      ]);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/x-ndjson');
      const lines = await ndjson(res);
      expect(lines[0]).toMatchObject({ status: 'processing', stage: 'stored' });
      expect(lines.some((l) => l.stage === 'reading')).toBe(true);
      const last = lines.at(-1)!;
      expect(last.status).toBe('complete');
      expect(last.questions!.map((q) => q.answer)).toEqual(FIVE_QUESTIONS.map((q) => q.answer));
      expect(last.gsutil_url).toMatch(/^demo\/documents\//);
    });

    it('refuses what is not a PDF, another e-mail, and no document', async () => {
      const notPdf = await postForm(student, '/students/process-practice-marking-scheme', [
        ['file', { body: Buffer.from('hello'), filename: 'a.pdf' }],
      ]);
      expect(notPdf.status).toBe(400);
      const email = await postForm(student, '/students/process-practice-marking-scheme', [['created_by', 'teacher@demo.school']]);
      expect(email.status).toBe(403);
      const none = await postForm(student, '/students/process-practice-marking-scheme', [['title', 'x']]);
      expect(none.status).toBe(400);
    });
  });
}
