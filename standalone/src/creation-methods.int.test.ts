import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, type NewQuestion, type StudentAssignments } from '@evergrade/contracts';
import { makeMarkingSchemePdf } from '@evergrade/documents/testing';
import { startStandalone, type Standalone } from './server';
import { afterPosition, loginAs, type TestUser } from './testing/client';

/**
 * Issue 4's check: each creation method driven through the spec's API paths (document: process-marking-scheme;
 * AI Express: generate-assignment; Smart Builder: search-questions), then add-assignment, then the student's read
 * model shows the assignment with the questions and marks the method produced.
 */
let server: Standalone;
let teacher: TestUser;
let student: TestUser;

beforeAll(async () => {
  server = await startStandalone({ port: 0, host: '127.0.0.1', uiDir: '/nonexistent', logLevel: 'silent' });
  teacher = await loginAs(server.app, 'instructor', 'teacher@demo.school');
  student = await loginAs(server.app, 'student', 'student@demo.school');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const due = () => new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
const headers = () => ({
  cookie: Object.entries(teacher.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; '),
  'x-csrf-token': teacher.cookies[CSRF_COOKIE]!,
});
type Made = {
  question_number: number;
  question: string;
  marks_possible: number;
  answer: string;
  grading_instructions: string;
  tags?: string[];
};
const asNew = (qs: Made[]): NewQuestion[] =>
  qs.map((q, i) => ({
    question_number: i + 1,
    question: q.question,
    marks_possible: q.marks_possible,
    answer: q.answer,
    grading_instructions: q.grading_instructions,
    tags: q.tags ?? [],
  }));

async function createAndSeeAsStudent(
  title: string,
  method: 'document' | 'ai',
  questions: NewQuestion[],
  extra: Record<string, unknown> = {},
) {
  const res = await teacher.post('/grader/add-assignment', {
    title,
    description: '',
    due_date: due(),
    course: 'PHYS10',
    creation_method: method,
    student_submissions_allowed: true,
    time_limit: null,
    questions,
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  const list = (await student.get('/students/get-assignments', afterPosition(res.json.position))).json as StudentAssignments;
  const row = list[String(res.json.assignment_id)];
  expect(row).toMatchObject({ title, question_count: questions.length, marks_total: questions.reduce((t, q) => t + q.marks_possible, 0) });
  const sheet = await student.post(
    '/students/get-assignment-questions',
    { assignment_id: res.json.assignment_id },
    afterPosition(res.json.position),
  );
  expect(sheet.json.questions.map((q: { question_content: string }) => q.question_content)).toEqual(questions.map((q) => q.question));
  return res.json.assignment_id as number;
}

describe("every creation method ends in the student's list", () => {
  it('from a marking-scheme document', async () => {
    const scheme = [
      { question: 'State the SI unit of force.', marks: 1, answer: 'The newton (N)' },
      { question: 'A 4 kg mass accelerates at 2 m/s squared. Find the net force.', marks: 3, answer: '8 N' },
      { question: 'Define momentum.', marks: 2, answer: 'Mass times velocity' },
    ];
    const form = new FormData();
    form.append('file', new Blob([await makeMarkingSchemePdf(scheme)], { type: 'application/pdf' }), 'forces.pdf');
    for (const [k, v] of Object.entries({
      title: 'Forces Check',
      due: due(),
      expressMode: 'false',
      created_by: 'teacher@demo.school',
      marking_scheme_id: '-1',
    }))
      form.append(k, v);
    const res = await fetch(`${server.url}/grader/process-marking-scheme`, { method: 'POST', headers: headers(), body: form });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { status: string; questions?: Made[]; gsutil_url?: string });
    const done = lines.at(-1)!;
    expect(done.status).toBe('complete');
    expect(done.questions!.map((q) => [q.marks_possible, q.answer])).toEqual(scheme.map((q) => [q.marks, q.answer]));
    await createAndSeeAsStudent('Forces Check', 'document', asNew(done.questions!), { gsutil_url: done.gsutil_url });
  }, 120_000);

  it('with AI Express (offline: from the library)', async () => {
    const res = await teacher.post('/grader/generate-assignment', {
      subject: 'Physics',
      textbooks: [],
      prompt: "4 questions on Newton's laws and forces",
      title: 'Forces AI',
      description: '',
      rubrics: [],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json.generator).toBe('offline');
    expect(res.json.config_id).toBeTruthy();
    const questions = asNew(res.json.questions as Made[]);
    expect(questions.length).toBeGreaterThan(0);
    await createAndSeeAsStudent('Forces AI', 'ai', questions, { ai_config: res.json.config_id });
  });

  it('with Smart Builder (the question library)', async () => {
    const res = await teacher.post('/document-processor/search-questions', { query: 'force', limit: 36 });
    expect(res.statusCode).toBe(200);
    const picked = (
      res.json.questions as {
        question: string;
        question_text?: string;
        marks_possible: number;
        answer: string;
        grading_instructions: string;
      }[]
    ).slice(0, 3);
    expect(picked.length).toBe(3);
    const questions = picked.map((q, i): NewQuestion => ({
      question_number: i + 1,
      question: q.question ?? q.question_text,
      marks_possible: q.marks_possible,
      answer: q.answer,
      grading_instructions: q.grading_instructions,
      tags: [],
    }));
    await createAndSeeAsStudent('Forces Library', 'ai', questions);
  });
});
