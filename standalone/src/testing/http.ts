import { expect } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, MIN_POSITION_HEADER, type AddAssignmentBody } from '@evergrade/contracts';

/** A reply over real HTTP: the status and the body parsed as JSON (null when empty). */
export type Reply = { status: number; json: any };

/** A user signed in over real HTTP (fetch): keeps the cookies and sends the CSRF header like the UI does. */
export type HttpUser = {
  get(path: string): Promise<Reply>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
};

const read = async (r: Response): Promise<Reply> => {
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : null };
};

/** Signs in with the demo password against a running server at `base`. */
export async function signInOverHttp(base: string, role: string, email: string): Promise<HttpUser> {
  const res = await fetch(`${base}/auth/login/${role}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Evergrade#2026' }),
  });
  expect(res.status).toBe(200);
  const cookies = Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return {
    get: async (path) => read(await fetch(`${base}${path}`, { headers: { cookie } })),
    post: async (path, body, headers = {}) =>
      read(
        await fetch(`${base}${path}`, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: cookies[CSRF_COOKIE]!, ...headers },
        }),
      ),
  };
}

/**
 * A fresh assignment with ten one-mark questions in MATH10 (the demo student's course), due in a week, added by the
 * demo teacher; its id and question ids, read back after its position.
 */
export async function addTenQuestionAssignment(teacher: HttpUser, title: string): Promise<{ id: number; questionIds: number[] }> {
  const body: AddAssignmentBody = {
    title,
    description: '',
    due_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    email: 'teacher@demo.school',
    expressMode: false,
    course: 'MATH10',
    creation_method: 'scratch',
    student_submissions_allowed: true,
    ai_config: null,
    time_limit: null,
    questions: Array.from({ length: 10 }, (_, i) => ({
      question_number: i + 1,
      question: `Question ${i + 1}`,
      marks_possible: 1,
      answer: 'a',
      grading_instructions: '',
      tags: [],
    })),
  };
  const created = await teacher.post('/grader/add-assignment', body);
  expect(created.status).toBe(200);
  const sheet = await teacher.post(
    '/grader/get-assignment-questions',
    { assignment_id: created.json.assignment_id },
    { [MIN_POSITION_HEADER]: created.json.position },
  );
  return {
    id: created.json.assignment_id as number,
    questionIds: (sheet.json.questions as { question_id: number }[]).map((q) => q.question_id),
  };
}
