import { request, type APIRequestContext } from 'playwright-core';
import { MIN_POSITION_HEADER } from '@evergrade/contracts';
import { codeFromMail, DEMO_PASSWORD, DEMO_USERS } from './journeys';

/**
 * Graded work for the insights journeys: students of MATH10 submit 'Quadratic Equations' online (Q1 4 marks tagged
 * 'Problem Solving - Strategy', Q2 and Q3 3 marks each, untagged: General), the offline grader grades them, and the
 * teacher sets each mark by hand so the figures are known. Extra students sign up at pre-approved addresses and the
 * admin enrols them first.
 */
export type SeedStudent = { email: string; first: string; last: string; marks: [number, number, number] };

export const DEMO_GRADED: SeedStudent[] = [
  { email: DEMO_USERS.student, first: 'Ada', last: 'Lovelace', marks: [4, 3, 2] },
  { email: 'student2@demo.school', first: 'Emmy', last: 'Noether', marks: [2, 1, 0] },
];

type Api = {
  ctx: APIRequestContext;
  post: (path: string, data?: unknown, headers?: Record<string, string>) => Promise<any>;
  get: (path: string) => Promise<any>;
};

async function signIn(base: string, role: 'student' | 'instructor' | 'admin', email: string): Promise<Api> {
  const ctx = await request.newContext({ baseURL: base, extraHTTPHeaders: { 'x-tenant': 'demo' } });
  const login = await ctx.post(`/auth/login/${role}`, { data: { email, password: DEMO_PASSWORD } });
  if (!login.ok()) throw new Error(`login ${email}: ${login.status()} ${await login.text()}`);
  const csrf = (await ctx.storageState()).cookies.find((c) => c.name.toLowerCase().includes('csrf'))?.value ?? '';
  const check = async (what: string, r: Awaited<ReturnType<APIRequestContext['post']>>) => {
    if (!r.ok()) throw new Error(`${what}: ${r.status()} ${await r.text()}`);
    const text = await r.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  return {
    ctx,
    post: async (path, data, headers = {}) =>
      check(path, await ctx.post(path, { data: data ?? {}, headers: { 'x-csrf-token': csrf, ...headers } })),
    get: async (path) => check(path, await ctx.get(path, { headers: { 'x-csrf-token': csrf } })),
  };
}

/** A new student at a pre-approved address (the admin pre-approves it), enrolled in MATH10. */
async function addStudent(base: string, admin: Api, s: SeedStudent): Promise<void> {
  await admin.post('/admin/preapprove-student', { email: s.email });
  const anon = await request.newContext({ baseURL: base, extraHTTPHeaders: { 'x-tenant': 'demo' } });
  const after = Date.now();
  const ok = async (r: Awaited<ReturnType<APIRequestContext['post']>>) => {
    if (!r.ok()) throw new Error(`${r.url()}: ${r.status()} ${await r.text()}`);
    return r.json();
  };
  await ok(await anon.post('/auth/signup/request-verification', { data: { email: s.email, school: 'demo', type: 'student' } }));
  const code = await codeFromMail(base, s.email, { after });
  await ok(await anon.post('/auth/signup/verify-code', { data: { email: s.email, code } }));
  const { userId } = (await ok(
    await anon.post('/auth/signup/student', {
      data: { email: s.email, password: DEMO_PASSWORD, firstName: s.first, lastName: s.last, school: 'demo', grade: '10' },
    }),
  )) as { userId: number };
  await anon.dispose();
  const courses = (await admin.get('/admin/courses')) as { course_id: number; course_code: string }[];
  const math = courses.find((c) => c.course_code === 'MATH10')!;
  await admin.post('/admin/enroll-student', { course_id: math.course_id, student_id: userId });
}

/** Submits, grades and marks 'Quadratic Equations' for `students`; returns its id. */
export async function gradeQuadraticEquations(base: string, students: SeedStudent[] = DEMO_GRADED): Promise<number> {
  const extra = students.filter((s) => !DEMO_GRADED.some((d) => d.email === s.email));
  if (extra.length) {
    const admin = await signIn(base, 'admin', DEMO_USERS.admin);
    for (const s of extra) await addStudent(base, admin, s);
    await admin.ctx.dispose();
  }
  const teacher = await signIn(base, 'instructor', DEMO_USERS.instructor);
  const list = (await teacher.post('/grader/previous-assignments', {})) as { assignment_id: number; title: string }[];
  const assignmentId = list.find((a) => a.title === 'Quadratic Equations')!.assignment_id;

  /** The last submission's position: the instructor's read waits until the grading read models have it. */
  let position = '';
  for (const s of students) {
    const student = await signIn(base, 'student', s.email);
    const sheet = (await student.post('/students/get-assignment-questions', { assignment_id: assignmentId })) as {
      questions: { question_id: number; question_number: number }[];
    };
    const responses = Object.fromEntries(
      sheet.questions.map((q) => [String(q.question_id), `Answer of ${s.first} to ${q.question_number}`]),
    );
    position = ((await student.post('/students/submit-assignment', { assignment_id: assignmentId, responses })) as { position: string })
      .position;
    await student.ctx.dispose();
  }

  const records = (await teacher.post(
    '/grader/previous-questions-and-responses',
    { assignment_id: assignmentId },
    { [MIN_POSITION_HEADER]: position },
  )) as Record<string, { student_id: number; student_data: { student_name: string } }>;
  for (const s of students) {
    const record = Object.values(records).find((r) => r.student_data.student_name === `${s.first} ${s.last}`);
    if (!record) throw new Error(`no submission of ${s.first} ${s.last}`);
    const body = (await teacher.post('/grader/grade-submission', { assignment_id: assignmentId, student_id: record.student_id })) as string;
    const lines = body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { response_id?: number; question_number: number; version?: number });
    for (const line of lines.filter((l) => typeof l.response_id === 'number')) {
      await teacher.post('/grader/update-response', {
        response_id: line.response_id,
        points_obtained: s.marks[line.question_number - 1],
        feedback: s.marks[line.question_number - 1] === 0 ? 'No marks: the method is missing.' : 'Marked by hand.',
        expected_version: line.version,
      });
    }
  }
  await teacher.ctx.dispose();
  return assignmentId;
}
