import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginWithForm, submitAndGrade } from '../src/journeys';

/**
 * Regrade instructions (issue 14 item 5): the demo's two students answer "Newton's Laws" online ("6" and "6 newtons"
 * to question 2) and are graded offline. The instructor regrades question 2 for all students: the dialog follows the
 * background job and shows each student's outcome; instructions the offline grader cannot read leave the marks and
 * say they need an AI provider, at desktop and phone width, light and dark.
 */
let context: BrowserContext;
let page: Page;
const journey = useJourney();
const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/regrade-${name}.png` });

const ANSWERS: Record<'student' | 'student2', [string, string]> = {
  student: ['Force equals mass times acceleration, in newtons.', '6'],
  student2: ['F = ma, measured in newtons', '6 newtons'],
};

async function regradeAll(instructions: string) {
  await page.getByRole('button', { name: 'Regrade question 2' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Regrade question 2' });
  await dialog.getByLabel('Regrade instructions').fill(instructions);
  await dialog.getByLabel(/All students/).check();
  await dialog.getByRole('button', { name: 'Regrade' }).click();
  const progress = page.getByRole('dialog', { name: 'Regrading question 2 for all students' });
  await progress.getByText('Done: 2 of 2 students checked.').waitFor({ timeout: 20_000 });
  return progress;
}

beforeAll(async () => {
  await submitAndGrade(journey, "Newton's Laws", ANSWERS);
  context = await journey.newContext();
  page = await context.newPage();
});

describe('an instructor regrades a question for every student with instructions', () => {
  it('instructions the offline grader understands: each student’s outcome and new mark in the dialog', async () => {
    await loginWithForm(page, DEMO_USERS.instructor, 'Instructor');
    await page.waitForURL('**/instructor/assignments');
    await page.getByRole('link', { name: "Newton's Laws" }).first().click();
    await page.waitForURL(/\/instructor\/assignments\/\d+$/);
    await page.getByRole('button', { name: 'View Submissions' }).click();
    // The checker already takes half the marks (1 of 2) for a bare '6'; the instruction's 2 replace that penalty.
    const progress = await regradeAll('Also accept: 6 newtons. Deduct 2 marks for missing units.');
    const rows = progress.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    const bare = rows.filter({ hasText: 'taken off' });
    expect(await bare.getByText('Instructions applied').count()).toBe(1);
    expect(await bare.locator('.gr-job-marks').textContent()).toMatch(/1 → 0$/);
    await shot('applied-desktop-light');
    await progress.getByRole('button', { name: 'Close' }).click();
  });

  it('instructions it does not understand leave the marks and say they need an AI provider (phone, dark)', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    await page.getByRole('button', { name: 'View Submissions' }).click();
    const progress = await regradeAll('Be generous with students who tried');
    expect(await progress.getByText('Needs an AI provider').count()).toBe(2);
    expect(await progress.getByTestId('regrade-needs-ai').textContent()).toMatch(/^These instructions need an AI provider/);
    expect(await progress.getByText('Regraded', { exact: true }).count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot('needs-ai-phone-dark');
    await progress.getByRole('button', { name: 'Close' }).click();
    // The response shows the flag, the mark as it was.
    expect(await page.getByText(/Flagged for review: These instructions need an AI provider/).count()).toBeGreaterThan(0);
  });
});
