import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_MESSAGES, LIBRARY_PLACEHOLDERS, streamIds } from '@evergrade/contracts';
import { SEED_BOOKS, registerTenant, registerUser } from '@evergrade/command-service';
import { makeMarkingSchemePdf, makeTextPdf } from '@evergrade/documents/testing';
import { createIsolatedSchema } from '@evergrade/platform/sql';
import { startStandalone, type Standalone } from './server';
import { afterPosition, injectForm, loginAs, type TestUser } from './testing/client';

/**
 * Rubrics, textbooks, the Smart Builder search and its permission, and AI Express offline, through the real
 * server: on PGlite, and on PostgreSQL too when DATABASE_URL is set.
 */
const databaseUrl = process.env.DATABASE_URL;
const backends: [string, () => Promise<{ databaseUrl?: string; drop?: () => Promise<void> }>][] = [
  ['PGlite', async () => ({})],
  ...(databaseUrl
    ? [
        [
          'PostgreSQL',
          async () => {
            const schema = await createIsolatedSchema(databaseUrl, 'library');
            return { databaseUrl: schema.connectionString, drop: schema.drop };
          },
        ] as [string, () => Promise<{ databaseUrl?: string; drop?: () => Promise<void> }>],
      ]
    : []),
];

let server: Standalone;
let teacher: TestUser;
let admin: TestUser;
let student: TestUser;

type Textbook = {
  textbook_id: number;
  title: string;
  author: string;
  subject: string;
  status: string;
  shared: boolean;
  page_count: number;
  example_queries: string[];
};
type Rubric = { id: number; rubric_name: string; criterion: string; description: string };
type Question = {
  id: number;
  question_text: string;
  question: string;
  subject: string;
  question_type: string;
  marks_possible: number;
  topics: string[];
  answer: string;
  grading_instructions: string;
};

const search = (user: TestUser, body: Record<string, unknown>, headers?: Record<string, string>) =>
  user.post('/document-processor/search-questions', { limit: 36, ...body }, headers);

/** A multipart POST as the wizard's FormData sends it, with the user's cookies and CSRF header. */
async function postForm(
  user: TestUser,
  url: string,
  fields: Record<string, string>,
  files: { name: string; type: string; data: Buffer }[],
) {
  const res = await injectForm(
    server.app,
    user,
    url,
    fields,
    files.map((f) => ({ field: 'reference_docs', ...f })),
  );
  return { statusCode: res.statusCode, json: JSON.parse(res.body) };
}

describe.each(backends)('the libraries on %s', (_backend, open) => {
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await open();
    drop = db.drop;
    server = await startStandalone({
      port: 0,
      host: '127.0.0.1',
      uiDir: '/nonexistent',
      logLevel: 'silent',
      ...(db.databaseUrl ? { databaseUrl: db.databaseUrl } : {}),
    });
    [teacher, admin, student] = await Promise.all([
      loginAs(server.app, 'instructor', 'teacher@demo.school'),
      loginAs(server.app, 'admin', 'admin@demo.school'),
      loginAs(server.app, 'student', 'student@demo.school'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  describe('rubrics', () => {
    it('lists the seeded library to any signed-in user: categories, criteria and the four levels', async () => {
      const rubrics = (await student.get('/grader/get-rubrics')).json as Rubric[];
      const categories = new Set(rubrics.map((r) => r.rubric_name));
      for (const c of ['Problem Solving', 'Communication', 'Conceptual Understanding', 'Scientific Inquiry'])
        expect(categories).toContain(c);
      for (const r of rubrics)
        for (const level of ['Novice', 'Apprentice', 'Competent', 'Proficient']) expect(r.description).toContain(`${level}:`);
      expect(rubrics.find((r) => r.criterion === 'Experimental Design')).toMatchObject({
        rubric_name: 'Scientific Inquiry',
        id: expect.any(Number),
      });
    });

    it("lets instructors and admins add rubrics to their own school's library, once, with the four levels", async () => {
      const description = 'Novice: names no sources. Apprentice: names one. Competent: cites several. Proficient: evaluates them.';
      const added = await teacher.post('/grader/add-rubric', { rubric_name: 'Research Skills', criterion: 'Citing Sources', description });
      expect(added.statusCode).toBe(200);
      const byAdmin = await admin.post('/admin/add-rubric', { rubric_name: 'Research Skills', criterion: 'Note Taking', description });
      expect(byAdmin.statusCode).toBe(200);
      const mine = (await teacher.get('/grader/get-rubrics', afterPosition(byAdmin.json.position))).json as Rubric[];
      expect(mine.filter((r) => r.rubric_name === 'Research Skills')).toEqual([
        { id: added.json.id, rubric_name: 'Research Skills', criterion: 'Citing Sources', description },
        { id: byAdmin.json.id, rubric_name: 'Research Skills', criterion: 'Note Taking', description },
      ]);
      expect(
        (await teacher.post('/grader/add-rubric', { rubric_name: 'research skills', criterion: 'citing sources', description })).statusCode,
      ).toBe(409);
      expect(
        (await teacher.post('/grader/add-rubric', { rubric_name: 'Problem Solving', criterion: 'Strategy and Method', description })).json,
      ).toEqual({ message: LIBRARY_MESSAGES.rubricExists });
      const noLevels = await teacher.post('/grader/add-rubric', {
        rubric_name: 'Teamwork',
        criterion: 'Sharing Work',
        description: 'Works well with others.',
      });
      expect(noLevels).toMatchObject({
        statusCode: 400,
        json: { message: expect.stringContaining(LIBRARY_MESSAGES.rubricLevels), field: 'description' },
      });
      expect((await teacher.post('/grader/add-rubric', { rubric_name: 'A - B', criterion: 'Sharing Work', description })).json.field).toBe(
        'rubric_name',
      );
      expect((await student.post('/grader/add-rubric', { rubric_name: 'X', criterion: 'Y', description })).statusCode).toBe(403);

      const other = { tenant: 'otherlib', actorRole: 'system' as const };
      await registerTenant(server.store, other, 'Other School', new Date());
      await registerUser(
        server.store,
        other,
        { email: 'head@otherlib.school', role: 'instructor', password: 'Pa55word!x', firstName: 'He', lastName: 'Ad' },
        new Date(),
      );
      const outsider = await loginAs(server.app, 'instructor', 'head@otherlib.school', 'Pa55word!x');
      const theirs = (await outsider.get('/grader/get-rubrics', afterPosition(byAdmin.json.position))).json as Rubric[];
      expect(theirs.some((r) => r.rubric_name === 'Research Skills')).toBe(false);
      expect(theirs.some((r) => r.rubric_name === 'Problem Solving')).toBe(true);
    });
  });

  describe('textbooks', () => {
    it('lists the three shipped books, indexed, with example queries from their headings', async () => {
      const books = (await teacher.get('/chatbot/list-textbooks')).json as Textbook[];
      expect(books.map((b) => [b.textbook_id, b.title, b.status, b.shared])).toEqual(
        expect.arrayContaining(SEED_BOOKS.map((b, i) => [i + 1, b.title, 'ready', true])),
      );
      expect(books).toHaveLength(SEED_BOOKS.length);
      const physics = books.find((b) => b.textbook_id === 1)!;
      expect(physics).toMatchObject({ author: 'Evergrade Authors', subject: 'Physics' });
      expect(physics.page_count).toBeGreaterThanOrEqual(10);
      expect(physics.example_queries).toHaveLength(4);
      expect(physics.example_queries[0]).toBe('What is distance and displacement?');
    });
  });

  describe('Smart Builder search', () => {
    it('ranks the best match first and matches words as prefixes while typing', async () => {
      const res = await search(teacher, { query: 'quadratic formula' });
      expect(res.statusCode).toBe(200);
      const questions = res.json.questions as Question[];
      expect(questions[0]!.question_text).toContain('quadratic formula');
      const quadratics = (await search(teacher, { query: 'quadratic' })).json.questions as Question[];
      expect(quadratics.length).toBeGreaterThanOrEqual(3);
      for (const q of quadratics) expect(`${q.question_text} ${q.topics.join(' ')}`).toMatch(/quadratic/i);
      const typing = (await search(teacher, { query: 'photosyn' })).json.questions as Question[];
      expect(typing.length).toBeGreaterThan(0);
      expect(typing.every((q) => /photosynthesis/i.test(`${q.question_text} ${q.topics.join(' ')}`))).toBe(true);
      expect(res.json.subjects).toEqual(['Biology', 'Chemistry', 'Computer Science', 'English', 'History', 'Mathematics', 'Physics']);
      expect(res.json.question_types).toEqual(expect.arrayContaining(['long answer', 'multiple choice', 'numerical', 'short answer']));
    });

    it('filters by subject, question type and marks range, and returns at most 36', async () => {
      const filtered = (
        await search(teacher, { query: 'energy', subject: 'physics', question_type: 'numerical', marks_min: 3, marks_max: 3 })
      ).json.questions as Question[];
      expect(filtered.length).toBeGreaterThan(0);
      for (const q of filtered) expect(q).toMatchObject({ subject: 'Physics', question_type: 'numerical', marks_possible: 3 });
      const browse = (await search(teacher, { query: '', subject: 'History' })).json.questions as Question[];
      expect(browse.length).toBeGreaterThanOrEqual(20);
      expect(browse.every((q) => q.subject === 'History')).toBe(true);
      expect(((await search(teacher, { query: 'the' })).json.questions as Question[]).length).toBe(0);
      expect(((await search(teacher, { query: '', limit: 36 })).json.questions as Question[]).length).toBe(36);
      expect((await search(teacher, { query: 'x', limit: 37 })).json.field).toBe('limit');
      expect((await search(teacher, { query: 'x', marks_min: 5, marks_max: 2 })).statusCode).toBe(400);
    });

    it("gives library questions without grading instructions the spec's placeholder; question repeats question_text", async () => {
      const [q] = (await search(teacher, { query: 'pyramids Giza' })).json.questions as Question[];
      expect(q).toMatchObject({
        grading_instructions: LIBRARY_PLACEHOLDERS.gradingInstructions,
        answer: expect.stringContaining('pharaoh'),
      });
      expect(q!.question).toBe(q!.question_text);
    });

    it('is refused to instructors the school admin has not enabled, until the admin turns it on (and off)', async () => {
      const newcomerId = await registerUser(
        server.store,
        { tenant: 'demo', actorRole: 'system' },
        {
          email: 'newcomer@demo.school',
          role: 'instructor',
          password: 'Pa55word!x',
          firstName: 'New',
          lastName: 'Comer',
        },
        new Date(),
      );
      // Registered straight through the store (no position in a reply): wait until the read models hold the newcomer.
      await server.runner.reached((await server.store.headPosition())!);
      const newcomer = await loginAs(server.app, 'instructor', 'newcomer@demo.school', 'Pa55word!x');
      expect(await search(newcomer, { query: 'energy' })).toEqual({
        statusCode: 403,
        json: { message: LIBRARY_MESSAGES.smartBuilderDenied },
      });
      expect((await newcomer.get('/instructors/get-instructor')).json.smart_builder_enabled).toBe(false);
      expect((await teacher.get('/instructors/get-instructor')).json.smart_builder_enabled).toBe(true);

      const granted = await admin.post('/admin/set-smart-builder-access', { user_id: newcomerId, allowed: true });
      expect(granted.statusCode).toBe(200);
      expect((await search(newcomer, { query: 'energy' }, afterPosition(granted.json.position))).statusCode).toBe(200);
      const users = (await admin.get('/admin/users', afterPosition(granted.json.position))).json as {
        email: string;
        smart_builder: boolean;
      }[];
      expect(users.find((u) => u.email === 'newcomer@demo.school')!.smart_builder).toBe(true);
      expect(users.find((u) => u.email === 'student@demo.school')!.smart_builder).toBe(false);

      const revoked = await admin.post('/admin/set-smart-builder-access', { user_id: newcomerId, allowed: false });
      expect((await search(newcomer, { query: 'energy' }, afterPosition(revoked.json.position))).statusCode).toBe(403);
      const events = await server.store.readStream(streamIds.user('demo', newcomerId));
      expect(events.map((e) => e.type).slice(-2)).toEqual(['SmartBuilderAccessGranted', 'SmartBuilderAccessRevoked']);

      const studentId = users.find((u) => u.email === 'student@demo.school') as unknown as { user_id: number };
      expect(await admin.post('/admin/set-smart-builder-access', { user_id: studentId.user_id, allowed: true })).toMatchObject({
        statusCode: 400,
        json: { message: LIBRARY_MESSAGES.instructorsOnly },
      });
      expect((await admin.post('/admin/set-smart-builder-access', { user_id: 99_999, allowed: true })).statusCode).toBe(404);
    });
  });

  describe('AI Express without an AI provider', () => {
    it('builds the assignment from the question library, as many questions and marks as the prompt asks, tagged with the rubrics', async () => {
      const rubrics = (await teacher.get('/grader/get-rubrics')).json as Rubric[];
      const chosen = rubrics.filter((r) => r.rubric_name === 'Problem Solving').slice(0, 2);
      const res = await teacher.post('/grader/generate-assignment', {
        prompt: 'Create 4 questions on quadratic equations worth 20 marks',
        subject: 'Mathematics',
        title: 'Quadratics',
        description: '',
        textbooks: [],
        rubrics: chosen.map((r) => r.id),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json).toMatchObject({ generator: 'offline', notice: LIBRARY_MESSAGES.offlineNotice, config_id: expect.any(Number) });
      const questions = res.json.questions as (Question & { question_number: number; tags: string[] })[];
      expect(questions.map((q) => q.question_number)).toEqual([1, 2, 3, 4]);
      expect(questions.reduce((s, q) => s + q.marks_possible, 0)).toBe(20);
      expect(questions[0]!.question).toMatch(/quadratic|x²/i);
      for (const q of questions) expect(q.tags).toEqual(chosen.map((r) => `Problem Solving - ${r.criterion}`));
      const recorded = await server.store.readStream(streamIds.aiConfig('demo', res.json.config_id));
      expect(recorded[0]).toMatchObject({
        type: 'AiConfigRecorded',
        data: { generator: 'offline', questionCount: 4, subject: 'Mathematics' },
      });
    });

    it('draws on the chosen textbooks when the prompt names no subject', async () => {
      const books = (await teacher.get('/chatbot/list-textbooks')).json as {
        textbook_id: number;
        title: string;
        author: string;
        subject: string;
      }[];
      const biology = books.find((b) => b.subject === 'Biology')!;
      const res = await teacher.post('/grader/generate-assignment', {
        prompt: 'A short revision quiz',
        textbooks: [{ id: biology.textbook_id, title: biology.title, author: biology.author }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json.questions).toHaveLength(5);
      expect(res.json.questions.every((q: Question) => q.question_type !== undefined)).toBe(true);
    });

    it('puts the questions of an uploaded reference PDF first (multipart), then library questions', async () => {
      const pdf = await makeMarkingSchemePdf(
        [
          {
            question: 'State the law of conservation of momentum.',
            marks: 2,
            answer: 'Total momentum is constant when no external force acts.',
          },
          { question: 'A 3 kg trolley moves at 4 m/s. Find its momentum.', marks: 2, answer: '12 kg m/s' },
        ],
        { title: 'Momentum Test' },
      );
      const res = await postForm(
        teacher,
        '/grader/generate-assignment',
        {
          prompt: '5 questions on momentum',
          subject: 'Physics',
          title: 'Momentum',
          description: '',
          textbooks: '[]',
          rubrics: '[]',
        },
        [{ name: 'momentum.pdf', type: 'application/pdf', data: pdf }],
      );
      expect(res.json.message).toBeUndefined();
      const questions = res.json.questions as { question: string; answer: string; source_document_id: string; marks_possible: number }[];
      expect(questions).toHaveLength(5);
      expect(questions[0]).toMatchObject({
        question: expect.stringContaining('conservation of momentum'),
        source_document_id: 'momentum.pdf',
        marks_possible: 2,
      });
      expect(questions[1]!.answer).toContain('12 kg m/s');
      expect(questions.slice(2).some((q) => /momentum/i.test(q.question))).toBe(true);
      const [recorded] = await server.store.readStream(streamIds.aiConfig('demo', res.json.config_id));
      expect(recorded!.data.references).toEqual([{ kind: 'file', name: 'momentum.pdf', pages: 1, questionsFound: 2 }]);
    });

    it("reads reference URLs from the school's stored copies, and no other school's", async () => {
      const pdf = await makeMarkingSchemePdf([
        { question: 'Define the term isotope.', marks: 2, answer: 'Atoms of one element with different numbers of neutrons.' },
      ]);
      await server.blobs.put('demo/documents/isotopes.pdf', pdf, 'application/pdf');
      await server.blobs.put('otherlib/documents/secret.pdf', pdf, 'application/pdf');
      const res = await teacher.post('/grader/generate-assignment', {
        prompt: '2 questions on atomic structure',
        subject: 'Chemistry',
        reference_urls: [
          { gsutil_url: 'demo/documents/isotopes.pdf', filename: 'isotopes.pdf', original_url: 'https://example.org/isotopes.pdf' },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json.questions[0]).toMatchObject({ question: expect.stringContaining('isotope'), source_document_id: 'isotopes.pdf' });
      const [recorded] = await server.store.readStream(streamIds.aiConfig('demo', res.json.config_id));
      expect(recorded!.data.references).toEqual([
        { kind: 'url', name: 'isotopes.pdf', location: 'https://example.org/isotopes.pdf', pages: 1, questionsFound: 1 },
      ]);
      const foreign = await teacher.post('/grader/generate-assignment', {
        prompt: 'x',
        reference_urls: [{ gsutil_url: 'otherlib/documents/secret.pdf', filename: 'secret.pdf' }],
      });
      expect(foreign).toMatchObject({
        statusCode: 400,
        json: { message: 'Reference document not found: secret.pdf', field: 'reference_urls' },
      });
    });

    it('refuses a missing prompt, files that are not PDFs, more than 5 documents, and unknown rubrics', async () => {
      expect(await teacher.post('/grader/generate-assignment', { subject: 'Physics' })).toMatchObject({
        statusCode: 400,
        json: { message: expect.stringContaining(LIBRARY_MESSAGES.promptRequired), field: 'prompt' },
      });
      const notPdf = await postForm(teacher, '/grader/generate-assignment', { prompt: 'x' }, [
        { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
      ]);
      expect(notPdf).toMatchObject({ statusCode: 400, json: { field: 'reference_docs' } });
      const pdf = await makeTextPdf([['1. What is 2 + 2? [1 mark]', 'Answer: 4']]);
      const six = Array.from({ length: 6 }, (_, i) => ({ name: `d${i}.pdf`, type: 'application/pdf', data: pdf }));
      expect(await postForm(teacher, '/grader/generate-assignment', { prompt: 'x' }, six)).toMatchObject({
        statusCode: 400,
        json: { message: LIBRARY_MESSAGES.maxDocuments },
      });
      expect((await teacher.post('/grader/generate-assignment', { prompt: 'forces', rubrics: [999_999] })).json.field).toBe('rubrics');
      expect((await student.post('/grader/generate-assignment', { prompt: 'forces' })).statusCode).toBe(403);
    });

    it('stays on the topic: "linear equations for grade 10" is linear equations only, marks adding up to the total', async () => {
      const res = await teacher.post('/grader/generate-assignment', { prompt: '4 questions on linear equations for grade 10, 15 marks' });
      expect(res.statusCode).toBe(200);
      expect(res.json.notice).toBe(LIBRARY_MESSAGES.offlineNotice);
      const questions = res.json.questions as { question: string; topics: string[]; marks_possible: number }[];
      expect(questions).toHaveLength(4);
      for (const q of questions) {
        expect(q.topics).toContain('linear equations');
        expect(q.question).not.toMatch(/search|Punnett|heterozygous|balance the equation/i);
        expect(Number.isInteger(q.marks_possible * 2)).toBe(true);
      }
      expect(questions.reduce((s, q) => s + q.marks_possible, 0)).toBe(15);
    });

    it('says when the library has fewer questions on the topic than asked, and adds none off it', async () => {
      const res = await teacher.post('/grader/generate-assignment', { prompt: '8 questions on momentum, 16 marks', subject: 'Physics' });
      expect(res.statusCode).toBe(200);
      const questions = res.json.questions as { topics: string[]; marks_possible: number }[];
      expect(questions.length).toBeGreaterThan(0);
      expect(questions.length).toBeLessThan(8);
      for (const q of questions) expect(q.topics).toContain('momentum');
      expect(questions.reduce((s, q) => s + q.marks_possible, 0)).toBe(16);
      expect(res.json.notice).toBe(`${LIBRARY_MESSAGES.fewOnTopic(questions.length, 'momentum', 8)} ${LIBRARY_MESSAGES.offlineNotice}`);
    });

    it('says the library has nothing on a topic it lacks, with no questions, instead of unrelated ones', async () => {
      for (const prompt of ['zxqv wrrbl', '5 questions on Hamlet by Shakespeare']) {
        const res = await teacher.post('/grader/generate-assignment', { prompt, subject: 'English' });
        expect(res.statusCode).toBe(200);
        expect(res.json.questions).toEqual([]);
        expect(res.json.notice).toBe(LIBRARY_MESSAGES.nothingOnTopic(prompt === 'zxqv wrrbl' ? prompt : 'Hamlet by Shakespeare'));
        const [recorded] = await server.store.readStream(streamIds.aiConfig('demo', res.json.config_id));
        expect(recorded!.data).toMatchObject({ generator: 'offline', questionCount: 0, prompt });
      }
    });
  });
});
