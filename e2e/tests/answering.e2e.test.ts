import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { loginViaApi } from '../src/journeys';

/**
 * The student's answering screen in Chromium: the last keystrokes survive a reload or a closed tab, the timer stays
 * in sight at every scroll position and width, and Escape in a new formula keeps what was typed.
 */
const journey = useJourney();
let teacher: BrowserContext;
let student: BrowserContext;

async function call(ctx: BrowserContext, path: string, data: unknown) {
  const csrf = (await ctx.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
  const res = await ctx.request.post(`${journey.server.url}${path}`, { data, headers: { 'x-csrf-token': csrf, 'x-tenant': 'demo' } });
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

async function addAssignment(title: string, questions: number, timeLimit: number | null): Promise<number> {
  const created = await call(teacher, '/grader/add-assignment', {
    title,
    description: '',
    due_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    email: 'teacher@demo.school',
    expressMode: false,
    course: 'MATH10',
    creation_method: 'scratch',
    student_submissions_allowed: true,
    ai_config: null,
    time_limit: timeLimit,
    questions: Array.from({ length: questions }, (_, i) => ({
      question_number: i + 1,
      question: `Explain step ${i + 1} of solving 3x + ${i} = ${3 + i}, in words.`,
      marks_possible: 2,
      answer: 'x = 1',
      grading_instructions: '',
      tags: [],
    })),
  });
  return created.assignment_id;
}

/** The student's answers as the server holds them (the editor's JSON contains the typed text). */
async function serverAnswers(id: number): Promise<string[]> {
  const { questions } = await call(student, '/students/get-assignment-questions', { assignment_id: id });
  return (questions as { response_content: string | null }[]).map((q) => q.response_content ?? '');
}

async function openAnswering(page: Page, id: number) {
  await page.goto(`/student/assignments/${id}`);
  await expect.poll(() => page.getByLabel('Answer to question 1').isEditable(), { timeout: 20_000 }).toBe(true);
}

beforeAll(async () => {
  teacher = await journey.newContext();
  await loginViaApi(teacher, journey.server.url, 'instructor');
  student = await journey.newContext();
  await loginViaApi(student, journey.server.url, 'student');
});

describe('the last keystrokes are never lost', () => {
  let id: number;
  beforeAll(async () => {
    id = await addAssignment('Reload Drill', 2, null);
  });

  it('a reload 0.2 s after typing keeps the text on screen and it reaches the server', async () => {
    const page = await student.newPage();
    await openAnswering(page, id);
    await page.getByLabel('Answer to question 1').pressSequentially('x equals one, reloaded', { delay: 5 });
    await page.waitForTimeout(200); // the scenario: far less than the 2 s autosave
    await page.reload();
    await expect.poll(() => page.getByLabel('Answer to question 1').innerText(), { timeout: 20_000 }).toBe('x equals one, reloaded');
    await expect.poll(async () => (await serverAnswers(id))[0], { timeout: 15_000 }).toContain('x equals one, reloaded');
    // delivered: nothing left waiting on the device
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              new Promise<number>((resolve) => {
                const open = indexedDB.open('evergrade-offline', 1);
                open.onsuccess = () => {
                  const req = open.result.transaction('saves', 'readonly').objectStore('saves').count();
                  req.onsuccess = () => resolve(req.result);
                };
              }),
          ),
        { timeout: 15_000 },
      )
      .toBe(0);
    await page.close();
  });

  it('closing the tab 0.2 s after typing still delivers the text (keepalive on page hide)', async () => {
    const page = await student.newPage();
    await openAnswering(page, id);
    await page.getByLabel('Answer to question 2').pressSequentially('closed the tab right after', { delay: 5 });
    await page.waitForTimeout(200);
    await page.close({ runBeforeUnload: true });
    // no page of this student is open any more: only the request sent while the tab closed can deliver it
    await expect.poll(async () => (await serverAnswers(id))[1], { timeout: 15_000 }).toContain('closed the tab right after');
    const again = await student.newPage();
    await openAnswering(again, id);
    await expect.poll(() => again.getByLabel('Answer to question 2').innerText(), { timeout: 15_000 }).toBe('closed the tab right after');
    await again.close();
  });
});

describe('a save the server refuses', () => {
  it('keeps the text on screen and on the device, shows the server message, and is not retried', async () => {
    const id = await addAssignment('Refused Save', 1, null);
    const page = await student.newPage();
    const saves: number[] = [];
    page.on('requestfinished', (r) => {
      if (r.url().endsWith('/students/set-assignment-response')) saves.push(Date.now());
    });
    await openAnswering(page, id);
    await page.getByLabel('Answer to question 1').pressSequentially('typed after the work was handed in', { delay: 5 });
    // handed in from elsewhere (another tab) before the 2 s autosave fires: the server refuses the save with 409
    await call(student, '/students/submit-assignment', { assignment_id: id, responses: {} });
    const refused = page.locator('[data-testid^="save-refused-"]');
    await expect.poll(() => refused.count(), { timeout: 15_000 }).toBe(1);
    expect(await refused.innerText()).toContain('This assignment has already been submitted and can no longer be changed.');
    // the view is read-only now: the note says to copy the text, not to change it
    await expect.poll(() => refused.innerText()).toContain('copy it if you need it');
    expect(await page.getByLabel('Answer to question 1').innerText()).toBe('typed after the work was handed in');
    const kept = () =>
      page.evaluate(
        () =>
          new Promise<{ refused?: string }[]>((resolve) => {
            const open = indexedDB.open('evergrade-offline', 1);
            open.onsuccess = () => {
              const req = open.result.transaction('saves', 'readonly').objectStore('saves').getAll();
              req.onsuccess = () => resolve(req.result as { refused?: string }[]);
            };
          }),
      );
    expect((await kept()).map((s) => s.refused)).toEqual(['This assignment has already been submitted and can no longer be changed']);
    const sent = saves.length;
    // not retried: the queue's 5 s retries pass without another request
    await page.waitForTimeout(6000);
    expect(saves.length).toBe(sent);
    await page.screenshot({ path: 'e2e/screenshots/answering-refused.png', fullPage: true });
    await page.close();
  });
});

describe('the timer panel stays in sight', () => {
  let id: number;
  beforeAll(async () => {
    id = await addAssignment('Long Timed Paper', 10, 1800);
  });

  for (const width of [1280, 360]) {
    it(`at ${width} px it is inside the viewport and not under the top bar at every scroll position`, async () => {
      const ctx = await journey.browser.newContext({ baseURL: journey.server.url, viewport: { width, height: 800 } });
      await loginViaApi(ctx, journey.server.url, 'student');
      const page = await ctx.newPage();
      await page.goto(`/student/assignments/${id}`);
      const start = page.getByRole('button', { name: 'Start', exact: true });
      const clock = page.getByTestId('timer-clock');
      await expect.poll(async () => (await start.count()) + (await clock.count()), { timeout: 20_000 }).toBeGreaterThan(0);
      if (await start.count()) await start.click();
      await expect.poll(() => clock.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.getByLabel('Answer to question 10').count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.locator('.rte-skeleton').count(), { timeout: 15_000 }).toBe(0);

      const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(height).toBeGreaterThan(1500);
      for (const y of [0, 150, 600, Math.round(height / 2), height]) {
        // scrolled where asked, or to the bottom (the page may still settle by a few pixels)
        await expect
          .poll(
            () =>
              page.evaluate((top) => {
                window.scrollTo(0, top);
                return Math.abs(window.scrollY - Math.min(top, document.documentElement.scrollHeight - window.innerHeight)) <= 1;
              }, y),
            { timeout: 5000 },
          )
          .toBe(true);
        const seen = await page.evaluate(() => {
          const panel = document.querySelector('[data-testid="timer-panel"]')!;
          const box = panel.getBoundingClientRect();
          const topbar = document.querySelector('.topbar')?.getBoundingClientRect();
          const points = [
            [box.left + 8, box.top + 8],
            [box.left + box.width / 2, box.top + box.height / 2],
            [box.right - 8, box.bottom - 8],
          ];
          return {
            inside: box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth,
            belowTopbar: !topbar || box.top >= topbar.bottom - 0.5,
            uncovered: points.every(([x, y]) => panel.contains(document.elementFromPoint(x!, y!))),
          };
        });
        expect({ y, ...seen }).toEqual({ y, inside: true, belowTopbar: true, uncovered: true });
      }
      await page.evaluate(() => window.scrollTo(0, 900));
      await page.screenshot({ path: `e2e/screenshots/timer-scrolled-${width}.png` });
      await ctx.close();
    });
  }
});

describe('formulas', () => {
  it('Escape in a new formula keeps what was typed, and it is saved', async () => {
    const id = await addAssignment('Formula Sheet', 1, null);
    const page = await student.newPage();
    await openAnswering(page, id);
    const box = page.getByLabel('Answer to question 1');
    await box.click();
    await box.pressSequentially('Area: ');
    await page.keyboard.press('Control+Shift+E');
    const source = page.getByLabel('Formula (LaTeX)');
    await expect.poll(() => source.count()).toBe(1);
    await source.fill('\\pi r^2');
    await page.keyboard.press('Escape');
    await expect.poll(() => source.count()).toBe(0);
    expect(await box.locator('annotation').textContent()).toBe('\\pi r^2');
    await expect.poll(async () => (await serverAnswers(id))[0], { timeout: 15_000 }).toContain('\\\\pi r^2');
    await page.close();
  });
});
