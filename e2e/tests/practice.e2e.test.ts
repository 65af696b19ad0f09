import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { loginWithForm } from '../src/journeys';

/** Create a practice assignment With AI (offline, from the question library), take it, check, reset, answer again, submit. */
let context: BrowserContext;
let page: Page;
const journey = useJourney();
const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/practice-${name}.png`, fullPage: true });

beforeAll(async () => {
  context = await journey.newContext();
  page = await context.newPage();
});

describe('a student creates, takes, resets and submits a practice assignment', () => {
  it('sets up a practice assignment with the title rules', async () => {
    await loginWithForm(page, 'student@demo.school', 'Student');
    await page.waitForURL('**/student/assignments');
    await page.goto('/student/assignments/practice/create');
    await expect.poll(() => page.getByTestId('practice-step').textContent()).toBe('Step 1 of 3: Setup');
    const title = page.getByLabel('Title');
    await title.fill('1 forces');
    await title.blur();
    await expect.poll(() => page.getByText('Title must start with an alphabet').count()).toBe(1);
    await title.fill('forces practice');
    await expect.poll(() => title.inputValue()).toBe('Forces Practice');
    await page.getByLabel('Course').selectOption('PHYS10');
    await page.getByRole('radio', { name: /With AI/ }).check();
    await shot('1-setup');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => page.getByTestId('practice-step').textContent()).toBe('Step 2 of 3: Create');
  });

  it('generates questions With AI (offline, from the library) and previews them', async () => {
    await page.getByRole('button', { name: 'Generate Practice Assignment' }).click();
    await expect.poll(() => page.getByText('Please enter what you want to practice').count()).toBe(1);
    await page.getByLabel('What do you want to practice?').fill("3 numerical questions on Newton's second law, force and acceleration");
    await expect.poll(() => page.getByLabel('Difficulty').inputValue()).toBe('5');
    await shot('2-with-ai');
    await page.getByRole('button', { name: 'Generate Practice Assignment' }).click();
    await expect.poll(() => page.getByTestId('practice-step').textContent(), { timeout: 30_000 }).toBe('Step 3 of 3: Preview');
    await expect.poll(() => page.getByTestId('practice-draft-question').count()).toBe(3);
    // the question editors load lazily: wait for the first question's text before the screenshot
    await expect.poll(() => page.getByRole('textbox', { name: 'Question 1', exact: true }).innerText(), { timeout: 10_000 }).not.toBe('');
    await shot('3-preview');
  });

  it('creates it and goes back to the list, on its Practice tab', async () => {
    await page.getByRole('button', { name: 'Create Practice Assignment' }).click();
    await page.waitForURL(/\/student\/assignments\?tab=practice$/, { timeout: 15_000 });
    await expect.poll(() => page.getByRole('tab', { name: /Practice/ }).getAttribute('aria-selected')).toBe('true');
    await page
      .getByRole('link', { name: /Forces Practice/ })
      .first()
      .waitFor();
    await shot('4-created');
  });

  let practiceUrl = '';
  it('opens it: Practice badge, marks, progress', async () => {
    const list = (await page.evaluate(async () =>
      (await fetch('/students/get-practice-assignments', { credentials: 'include' })).json(),
    )) as Record<string, { title: string }>;
    const id = Object.entries(list).find(([, p]) => p.title === 'Forces Practice')![0];
    practiceUrl = `/student/assignments/practice/${id}`;
    await page.goto(practiceUrl);
    await expect.poll(() => page.getByTestId('practice-badge').textContent(), { timeout: 15_000 }).toBe('Practice');
    await expect.poll(() => page.getByTestId('practice-progress').textContent()).toBe('Progress (0/3)');
    await expect.poll(() => page.getByText(/\d+(\.\d+)? marks?$/).count()).toBeGreaterThan(0);
  });

  it('Check Answers needs one answer, then shows per-question feedback and offers submission', async () => {
    await page.getByRole('button', { name: 'Check Answers' }).click();
    await expect.poll(() => page.getByText('Please answer at least one question before checking your work.').count()).toBe(1);
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    await page.getByLabel('Answer to question 1').fill('12 N');
    await expect.poll(() => page.getByTestId('practice-progress').textContent()).toBe('Progress (1/3)');
    await page.getByRole('button', { name: 'Check Answers' }).click();
    await expect
      .poll(() => page.getByText('You have completed 1 out of 3 questions. Would you like to submit your practice assignment?').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.getByRole('button', { name: 'Continue Practicing' }).click();
    await expect.poll(() => page.getByTestId('practice-feedback-1').count(), { timeout: 10_000 }).toBe(1);
    await shot('5-checked');
  });

  it('resets after confirmation', async () => {
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect
      .poll(() => page.getByText('Are you sure you want to reset all your answers? This action cannot be undone.').count())
      .toBe(1);
    await shot('6-reset-confirm');
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect.poll(() => page.getByText('All answers have been reset successfully!').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('practice-progress').textContent()).toBe('Progress (0/3)');
    await expect.poll(() => page.getByTestId('practice-feedback-1').count(), { timeout: 10_000 }).toBe(0);
  });

  it('answers again and submits', async () => {
    await page.getByLabel('Answer to question 1').fill('6 N');
    await page.getByLabel('Answer to question 2').fill('2 m/s^2');
    await page.getByRole('button', { name: 'Check Answers' }).click();
    await expect
      .poll(() => page.getByText('You have completed 2 out of 3 questions. Would you like to submit your practice assignment?').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect
      .poll(() => page.getByText('Practice assignment submitted successfully! Great work!').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.waitForURL(/\/student\/assignments\?tab=practice$/, { timeout: 10_000 });
    await expect.poll(() => page.getByRole('tab', { name: /Practice/ }).getAttribute('aria-selected')).toBe('true');
    await page.goto(practiceUrl);
    await expect.poll(() => page.getByText('Submitted', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByLabel('Answer to question 1').isEditable()).toBe(false);
    await shot('7-submitted');
  });
});
