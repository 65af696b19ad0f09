import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginViaApi, loginWithForm } from '../src/journeys';

/**
 * Grade by question with answer groups (issue 14 item 6): the demo's two students answer "Newton's Laws" online,
 * "6 N" and "6 newtons" to question 2 (one value, one unit: one group). The instructor opens the assignment's
 * Submissions, switches to By question, grades the group once (both students get the mark), splits one student off
 * and grades that group on its own; the By student view shows the marks.
 */
let context: BrowserContext;
let page: Page;
const journey = useJourney();
const shot = (name: string, fullPage = true) => page.screenshot({ path: `e2e/screenshots/answer-groups-${name}.png`, fullPage });

const ANSWERS: Record<'student' | 'student2', [string, string]> = {
  student: ['Force equals mass times acceleration, in newtons.', '6 N'],
  student2: ['F = ma, measured in newtons', '6 newtons'],
};

/** Each demo student submits Newton's Laws online through the API. */
async function submitAnswers() {
  const base = journey.server.url;
  for (const [who, answers] of Object.entries(ANSWERS) as [keyof typeof ANSWERS, [string, string]][]) {
    const ctx = await journey.newContext();
    await loginViaApi(ctx, base, 'student', `${who}@demo.school`);
    const csrf = (await ctx.cookies()).find((c) => c.name.toLowerCase().includes('csrf'))?.value ?? '';
    const headers = { 'x-tenant': 'demo', 'x-csrf-token': csrf };
    const list = (await (await ctx.request.get(`${base}/students/get-assignments`, { headers })).json()) as Record<
      string,
      { assignment_id: number; title: string }
    >;
    const newton = Object.values(list).find((a) => a.title === "Newton's Laws")!;
    const sheet = (await (
      await ctx.request.post(`${base}/students/get-assignment-questions`, { headers, data: { assignment_id: newton.assignment_id } })
    ).json()) as { questions: { question_id: number; question_number: number }[] };
    const ids = [...sheet.questions].sort((a, b) => a.question_number - b.question_number).map((q) => q.question_id);
    const submitted = await ctx.request.post(`${base}/students/submit-assignment`, {
      headers,
      data: { assignment_id: newton.assignment_id, responses: { [ids[0]!]: answers[0], [ids[1]!]: answers[1] } },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
    await ctx.close();
  }
}

const groups = () => page.getByTestId('answer-group');
const groupOf = (answer: string) => groups().filter({ has: page.locator('.bq-group-answer', { hasText: new RegExp(`^${answer}$`) }) });

beforeAll(async () => {
  await submitAnswers();
  context = await journey.newContext();
  page = await context.newPage();
});

describe('an instructor grades a question by answer groups', () => {
  it('opens By question on Newton’s Laws: question 2’s answers in one group of two', async () => {
    await loginWithForm(page, DEMO_USERS.instructor, 'Instructor');
    await page.waitForURL('**/instructor/assignments');
    await page.getByRole('link', { name: "Newton's Laws" }).first().click();
    await page.waitForURL(/\/instructor\/assignments\/\d+$/);
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await page.getByRole('tab', { name: 'By question' }).click();
    await page.getByLabel('Question', { exact: true }).selectOption({ index: 1 });
    await expect.poll(() => groups().count()).toBe(1);
    const group = groups().first();
    expect(await group.locator('.bq-group-answer').textContent()).toBe('6 N');
    expect(await group.getByText('2 students').count()).toBe(1);
    expect(await group.getByText('Same value and unit').count()).toBe(1);
    expect(await group.getByText('Not graded').count()).toBe(1);
    await shot('groups');
  });

  it('grades the group once: both answers get the mark, live', async () => {
    const group = groups().first();
    await group.getByRole('spinbutton').fill('2');
    await group.getByRole('textbox').fill('Right value and unit.');
    await group.getByRole('button', { name: 'Apply to 2 answers' }).click();
    await page.getByText('Marked 2 of 2 answers.').waitFor();
    await expect.poll(() => groups().first().locator('.bq-marks').textContent(), { timeout: 15_000 }).toBe('2/2');
    await groups().first().getByText('Students and their answers').click();
    expect(await groups().first().locator('.bq-member-mark').allTextContents()).toEqual(['2/2', '2/2']);
    await shot('graded');
  });

  it('splits one student off into a group of their own and grades it on its own', async () => {
    const group = groups().first();
    if (!(await group.locator('.bq-member-list').isVisible())) await group.getByText('Students and their answers').click();
    const second = group.locator('.bq-member').filter({ hasText: '6 newtons' });
    await second.getByRole('checkbox').check();
    await group.getByRole('button', { name: 'Move 1 selected to a new group' }).click();
    await page.getByText('Moved 1 answer to a new group.').waitFor();
    await expect.poll(() => groups().count(), { timeout: 15_000 }).toBe(2);
    const split = groupOf('6 newtons');
    expect(await split.getByText('Split off').count()).toBe(1);
    await split.getByRole('spinbutton').fill('1.5');
    await split.getByRole('textbox').fill('Use the unit symbol N.');
    await split.getByRole('button', { name: 'Apply to 1 answer' }).click();
    await expect.poll(() => groupOf('6 newtons').locator('.bq-marks').textContent(), { timeout: 15_000 }).toBe('1.5/2');
    expect(await groupOf('6 N').locator('.bq-marks').textContent()).toBe('2/2');
    await shot('split');
  });

  it('the By student view shows each student’s mark for question 2', async () => {
    await page.getByRole('tab', { name: 'By student' }).click();
    await page.getByRole('complementary', { name: 'Submissions' }).waitFor();
    const marks = page.getByRole('spinbutton', { name: 'Marks for question 2' });
    const values: string[] = [];
    for (const entry of await page.locator('.gr-student-entry').all()) {
      await entry.click();
      await expect.poll(() => marks.inputValue()).not.toBe('');
      values.push(await marks.inputValue());
    }
    expect(values.sort()).toEqual(['1.5', '2']);
    // The last student's grade history names the group the mark came from.
    const card = page.getByTestId('graded-question-2');
    await card.getByTestId('grade-history-toggle').locator('summary').click();
    await card.getByText('Graded as an answer group of 1').waitFor();
  });

  it('at phone width in dark mode the groups stay readable', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await page.getByRole('tab', { name: 'By question' }).click();
    await page.getByLabel('Question', { exact: true }).selectOption({ index: 1 });
    await expect.poll(() => groups().count(), { timeout: 15_000 }).toBe(2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('phone-dark');
  });
});
