import type { BrowserContext, Page } from 'playwright-core';
import { MIN_POSITION_HEADER } from '@evergrade/contracts';

export const DEMO_PASSWORD = 'Evergrade#2026';
export const DEMO_USERS = {
  student: 'student@demo.school',
  instructor: 'teacher@demo.school',
  admin: 'admin@demo.school',
  analyst: 'analyst@demo.school',
} as const;

type Mail = { to: string; subject: string; text: string; sentAt: string };

/** The newest six-digit code mailed to `email`, read from the dev outbox (GET /dev/mail, newest first). */
export async function codeFromMail(base: string, email: string, { after = 0, timeoutMs = 10_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/dev/mail`);
    if (!response.ok) throw new Error(`GET /dev/mail answered ${response.status}`);
    const mails = (await response.json()) as Mail[];
    const mail = mails.find((m) => m.to === email && Date.parse(m.sentAt) >= after);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}; outbox: ${JSON.stringify(mails.slice(0, 3))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Sign a browser context in without the form (for tests whose subject is elsewhere). */
export async function loginViaApi(
  context: BrowserContext,
  base: string,
  role: keyof typeof DEMO_USERS,
  email: string = DEMO_USERS[role],
  password = DEMO_PASSWORD,
) {
  const response = await context.request.post(`${base}/auth/login/${role}`, { data: { email, password }, headers: { 'x-tenant': 'demo' } });
  if (!response.ok()) throw new Error(`POST /auth/login/${role} answered ${response.status()}: ${await response.text()}`);
}

/** Sign in through the login page. */
export async function loginWithForm(
  page: Page,
  email: string,
  role: 'Student' | 'Instructor' | 'Admin' | 'Analyst',
  password = DEMO_PASSWORD,
) {
  await page.goto('/login');
  if (role === 'Admin') await page.getByTestId('admin-toggle').click();
  else if (role === 'Analyst') await page.getByTestId('analyst-toggle').click();
  else await page.getByRole('button', { name: role, exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The CSRF cookie's value of a signed-in context (sent back as `x-csrf-token` on commands). */
const csrfOf = async (ctx: BrowserContext) => (await ctx.cookies()).find((c) => c.name.toLowerCase().includes('csrf'))?.value ?? '';

/**
 * Demo students submit a demo assignment online through the API (each `answers[who]` in question order, `who` the
 * student's e-mail name: `student`, `student2`), then the instructor grades every submission offline. Returns the
 * assignment's id.
 */
export async function submitAndGrade(
  journey: { server: { url: string }; newContext(): Promise<BrowserContext> },
  title: string,
  answers: Record<string, readonly string[]>,
): Promise<number> {
  const base = journey.server.url;
  let assignmentId = 0;
  /** The last submission's position: the instructor's read waits until the grading read models have it. */
  let position = '';
  for (const [who, texts] of Object.entries(answers)) {
    const ctx = await journey.newContext();
    await loginViaApi(ctx, base, 'student', `${who}@demo.school`);
    const headers = { 'x-tenant': 'demo', 'x-csrf-token': await csrfOf(ctx) };
    const list = (await (await ctx.request.get(`${base}/students/get-assignments`, { headers })).json()) as Record<
      string,
      { assignment_id: number; title: string }
    >;
    assignmentId = Object.values(list).find((a) => a.title === title)!.assignment_id;
    const sheet = (await (
      await ctx.request.post(`${base}/students/get-assignment-questions`, { headers, data: { assignment_id: assignmentId } })
    ).json()) as { questions: { question_id: number; question_number: number }[] };
    const ids = [...sheet.questions].sort((a, b) => a.question_number - b.question_number).map((q) => q.question_id);
    const responses = Object.fromEntries(texts.map((text, i) => [ids[i]!, text]));
    const submitted = await ctx.request.post(`${base}/students/submit-assignment`, {
      headers,
      data: { assignment_id: assignmentId, responses },
    });
    if (submitted.status() !== 200) throw new Error(`submit-assignment answered ${submitted.status()}: ${await submitted.text()}`);
    position = ((await submitted.json()) as { position: string }).position;
    await ctx.close();
  }
  const teacher = await journey.newContext();
  await loginViaApi(teacher, base, 'instructor');
  const headers = { 'x-tenant': 'demo', 'x-csrf-token': await csrfOf(teacher) };
  const book = (await (
    await teacher.request.post(`${base}/grader/previous-questions-and-responses`, {
      headers: { ...headers, [MIN_POSITION_HEADER]: position },
      data: { assignment_id: assignmentId },
    })
  ).json()) as Record<string, unknown>;
  for (const studentId of Object.keys(book)) {
    const graded = await teacher.request.post(`${base}/grader/grade-submission`, {
      headers,
      data: { assignment_id: assignmentId, student_id: Number(studentId) },
    });
    const text = await graded.text();
    if (!text.includes('"status":"complete"')) throw new Error(`grade-submission answered ${graded.status()}: ${text}`);
  }
  await teacher.close();
  return assignmentId;
}
