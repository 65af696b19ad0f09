import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { loginViaApi, loginWithForm } from '../src/journeys';

/** Timed assignments with the clock on the server: start, extra time seen live, and expiry with the tab closed. */
const journey = useJourney();
let teacher: BrowserContext;
let context: BrowserContext;

async function call(ctx: BrowserContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const csrf = (await ctx.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
  const url = `${journey.server.url}${path}`;
  const headers = { 'x-csrf-token': csrf, 'x-tenant': 'demo' };
  const res = method === 'GET' ? await ctx.request.get(url, { headers }) : await ctx.request.post(url, { data, headers });
  return { status: res.status(), json: await res.json() };
}

async function addTimed(title: string, seconds: number): Promise<number> {
  const res = await call(teacher, 'POST', '/grader/add-assignment', {
    title,
    description: '',
    due_date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    email: 'teacher@demo.school',
    expressMode: false,
    course: 'MATH10',
    creation_method: 'scratch',
    student_submissions_allowed: true,
    ai_config: null,
    time_limit: seconds,
    questions: [
      { question_number: 1, question: 'Simplify 12/18', marks_possible: 2, answer: '2/3', grading_instructions: '', tags: [] },
      { question_number: 2, question: 'What is 15% of 80?', marks_possible: 3, answer: '12', grading_instructions: '', tags: [] },
    ],
  });
  expect(res.status).toBe(200);
  return res.json.assignment_id;
}

async function openAndStart(page: Page, id: number) {
  await page.goto(`/student/assignments/${id}`);
  await expect.poll(() => page.getByText('Timer starts immediately and cannot be paused').count(), { timeout: 15_000 }).toBe(1);
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect.poll(() => page.getByTestId('timer-clock').count(), { timeout: 10_000 }).toBe(1);
}

const clockSeconds = async (page: Page) => {
  const parts = ((await page.getByTestId('timer-clock').textContent()) ?? '').split(':').map(Number);
  return parts.reduce((total, n) => total * 60 + n, 0);
};

let shortId: number;
let longId: number;

beforeAll(async () => {
  teacher = await journey.newContext();
  await loginViaApi(teacher, journey.server.url, 'instructor');
  shortId = await addTimed('Two Minute Drill', 120);
  longId = await addTimed('Ten Minute Quiz', 600);
  context = await journey.newContext();
  const page = await context.newPage();
  await loginWithForm(page, 'student@demo.school', 'Student');
  await page.waitForURL('**/student/assignments');
  await page.close();
});

describe('a two-minute timed assignment left running with the tab closed', () => {
  it('asks before starting, then counts down from the server time', async () => {
    const page = await context.newPage();
    await page.goto(`/student/assignments/${shortId}`);
    await expect.poll(() => page.getByText('Timer starts immediately and cannot be paused').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('timed-start').innerText()).toMatch(/2 minutes[\s\S]*2[\s\S]*5/);
    // Questions are not loaded before the start.
    expect(await page.getByLabel('Answer to question 1').count()).toBe(0);
    await page.screenshot({ path: 'e2e/screenshots/timed-confirmation-modal.png' });
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(() => page.getByTestId('timer-clock').count(), { timeout: 10_000 }).toBe(1);
    expect(await clockSeconds(page)).toBeGreaterThan(100);
    // 120 s is under the 300 s mark: the pulsing 'Running Low' state.
    expect(await page.getByTestId('timer-panel').getAttribute('data-state')).toBe('warning');
    expect(await page.getByTestId('timer-status').innerText()).toBe('Running Low');
    await page.getByLabel('Answer to question 1').fill('2/3');
    await expect.poll(() => page.getByText('Saved', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: 'e2e/screenshots/timed-running-low.png', fullPage: true });
    await page.close();
  });

  it('shows extra time granted mid-session on the student timer without a reload', async () => {
    const page = await context.newPage();
    await openAndStart(page, longId);
    const before = await clockSeconds(page);
    expect(before).toBeGreaterThan(580);
    expect(await page.getByTestId('timer-status').innerText()).toBe('Active');
    const me = await call(context, 'GET', '/students/get-student');
    const granted = await call(teacher, 'POST', '/instructors/grant-extra-time', {
      assignment_id: longId,
      student_id: me.json.studentId,
      extra_seconds: 300,
    });
    expect(granted.status).toBe(200);
    await expect.poll(() => clockSeconds(page), { timeout: 10_000 }).toBeGreaterThan(before + 250);
    await page.screenshot({ path: 'e2e/screenshots/timed-extra-time.png', fullPage: true });

    // The instructor's panel lists the session with its extra time.
    const instructorPage = await teacher.newPage();
    await instructorPage.goto(`/instructor/assignments/${longId}`);
    await expect.poll(() => instructorPage.getByTestId('timed-sessions').innerText(), { timeout: 15_000 }).toContain('+5 min');
    await instructorPage.screenshot({ path: 'e2e/screenshots/timed-sessions-panel.png', fullPage: true });
    await instructorPage.close();
    await page.close();
  });

  it('is submitted by the server once its time and grace have passed, with no browser open', async () => {
    // Back to the running two-minute session: it resumes, turns critical in the last minute, then the tab closes.
    const running = await context.newPage();
    await running.goto(`/student/assignments/${shortId}`);
    await expect.poll(() => running.getByText('Timer restored', { exact: false }).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => running.getByTestId('timer-panel').getAttribute('data-state', { timeout: 5000 }), { timeout: 120_000, interval: 1000 })
      .toBe('critical');
    await expect.poll(() => running.getByTestId('timer-banner').innerText(), { timeout: 5000 }).toContain('1 minute remaining');
    expect(await running.getByTestId('timer-status').innerText()).toBe('Time Almost Up');
    await running.screenshot({ path: 'e2e/screenshots/timed-critical.png' });
    await running.close();

    await expect
      .poll(async () => (await call(context, 'GET', `/sessions/current/${shortId}`)).json.is_submitted, {
        timeout: 170_000,
        interval: 2000,
      })
      .toBe(true);
    const session = (await call(context, 'GET', `/sessions/current/${shortId}`)).json;
    expect(session.submission_method).toBe('server_time_limit');
    const late = await call(context, 'POST', '/students/set-assignment-response', {
      assignment_id: shortId,
      question_id: (await call(context, 'POST', '/students/get-assignment-questions', { assignment_id: shortId })).json.questions[0]
        .question_id,
      response_content: 'too late',
    });
    expect(late.status).toBe(409);
    // The student sees it read-only, submitted.
    const page = await context.newPage();
    await page.goto(`/student/assignments/${shortId}`);
    await expect
      .poll(() => page.getByTestId('timer-panel').count(), { timeout: 15_000 })
      .toBe(1)
      .catch(async (err: unknown) => {
        await page.screenshot({ path: 'e2e/screenshots/timed-failure.png', fullPage: true });
        throw err;
      });
    expect(await page.getByTestId('timer-panel').getAttribute('data-state')).toBe('submitted');
    expect(await page.getByLabel('Answer to question 1').isEditable()).toBe(false);
    expect(await page.getByLabel('Answer to question 1').innerText()).toBe('2/3');
    await page.screenshot({ path: 'e2e/screenshots/timed-submitted-by-server.png', fullPage: true });
    await page.close();
  }, 240_000);
});
