import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { useJourney } from '../src/harness';
import { loginViaApi, loginWithForm } from '../src/journeys';

/** Autosave that never loses a word: answers typed while the save route is cut are kept on the device and sent once. */
const journey = useJourney();
let teacher: BrowserContext;
let context: BrowserContext;
let page: Page;
let assignmentId: number;

async function post(ctx: BrowserContext, path: string, data: unknown) {
  const csrf = (await ctx.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
  const res = await ctx.request.post(`${journey.server.url}${path}`, { data, headers: { 'x-csrf-token': csrf, 'x-tenant': 'demo' } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  teacher = await journey.newContext();
  await loginViaApi(teacher, journey.server.url, 'instructor');
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const created = await post(teacher, '/grader/add-assignment', {
    title: 'Offline Practice Sheet',
    description: '',
    due_date: due,
    email: 'teacher@demo.school',
    expressMode: false,
    course: 'MATH10',
    creation_method: 'scratch',
    student_submissions_allowed: true,
    ai_config: null,
    time_limit: null,
    questions: [
      { question_number: 1, question: 'What is 7 x 8?', marks_possible: 1, answer: '56', grading_instructions: '', tags: [] },
      { question_number: 2, question: 'What is 9 x 6?', marks_possible: 1, answer: '54', grading_instructions: '', tags: [] },
    ],
  });
  assignmentId = created.assignment_id;
  context = await journey.newContext();
  page = await context.newPage();
  await loginWithForm(page, 'student@demo.school', 'Student');
  await page.waitForURL('**/student/assignments');
});

describe('answering with the network cut', () => {
  const accepted: { question: number; command: string; text: string }[] = [];
  const track = async (request: Request) => {
    if (!request.url().endsWith('/students/set-assignment-response')) return;
    const response = await request.response();
    const body = request.postDataJSON() as { question_id: number; command_id: string; response_content: string };
    if (response?.ok()) accepted.push({ question: body.question_id, command: body.command_id, text: body.response_content });
  };

  it('keeps every answer on the device while saves cannot get through, and says so', async () => {
    page.on('requestfinished', (r) => void track(r));
    await page.goto(`/student/assignments/${assignmentId}`);
    await expect.poll(() => page.getByLabel('Answer to question 1').isEditable(), { timeout: 15_000 }).toBe(true);
    const cutAt = Date.now();
    await page.route('**/students/set-assignment-response', (route) => route.abort('internetdisconnected'));

    await page.getByLabel('Answer to question 1').fill('56');
    await expect.poll(() => page.getByText('Connection lost. Your progress is being saved locally.').count(), { timeout: 10_000 }).toBe(1);
    await page.getByLabel('Answer to question 2').fill('54');
    await page.getByLabel('Answer to question 1').fill('56 (seven eights)');
    await expect.poll(async () => await page.getByText('Saved on this device').count(), { timeout: 10_000 }).toBe(2);
    await page.screenshot({ path: 'e2e/screenshots/autosave-offline-banner.png', fullPage: true });

    // A reload while still cut off: the answers come back from the device, not from the server.
    await page.reload();
    await expect.poll(() => page.getByLabel('Answer to question 1').innerText(), { timeout: 15_000 }).toBe('56 (seven eights)');
    expect(await page.getByLabel('Answer to question 2').innerText()).toBe('54');

    // The rest of the 30 s without a connection.
    await page.waitForTimeout(Math.max(0, 30_000 - (Date.now() - cutAt)));
    expect(accepted).toEqual([]);
  });

  it('sends them when the connection returns, each once, and the server holds the newest text', async () => {
    await page.unroute('**/students/set-assignment-response');
    await expect.poll(() => page.getByText('Connection lost. Your progress is being saved locally.').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => accepted.length, { timeout: 15_000 }).toBe(2);
    expect(new Set(accepted.map((a) => a.command)).size).toBe(accepted.length);
    // One save per question reached the server, carrying the newest text (the editor's JSON holds it).
    expect(new Set(accepted.map((a) => a.question)).size).toBe(2);
    expect(accepted.map((a) => a.text).join(' ')).toContain('56 (seven eights)');
    expect(accepted.map((a) => a.text).join(' ')).toContain('"54"');
    const text = (q: { response_content: string | null }) => q.response_content ?? '';
    // Stored as the editor's JSON: the text is inside it (read until the read model has applied both saves).
    const stored = async () => {
      const questions = await post(context, '/students/get-assignment-questions', { assignment_id: assignmentId });
      return [text(questions.questions[0]).includes('56 (seven eights)'), text(questions.questions[1]).includes('54')];
    };
    await expect.poll(stored, { timeout: 15_000 }).toEqual([true, true]);
    expect(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('evergrade-offline', 1);
            open.onsuccess = () => {
              const req = open.result.transaction('saves', 'readonly').objectStore('saves').count();
              req.onsuccess = () => resolve(req.result);
            };
          }),
      ),
    ).toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/autosave-back-online.png', fullPage: true });
  });
});
