import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';

let context: BrowserContext;
let page: Page;

const journey = useJourney();

beforeAll(async () => {
  context = await journey.newContext();
  page = await context.newPage();
});

async function login(p: Page, email: string, role: 'Student' | 'Instructor') {
  await p.goto('/login');
  await p.getByRole('button', { name: role, exact: true }).click();
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill('Evergrade#2026');
  await p.getByRole('button', { name: 'Login', exact: true }).click();
}

describe('a student answers, reloads, submits', () => {
  it('logs in as the demo student and sees upcoming assignments', async () => {
    await login(page, 'student@demo.school', 'Student');
    await page.waitForURL('**/student/assignments');
    await expect.poll(() => page.getByRole('link', { name: /Quadratic Equations/ }).count()).toBeGreaterThan(0);
  });

  it('answers a question, and the answer survives a reload', async () => {
    await page
      .getByRole('link', { name: /Quadratic Equations/ })
      .first()
      .click();
    await page.waitForURL(/\/student\/assignments\/\d+$/);
    const box = page.getByLabel('Answer to question 1');
    await box.fill('x = 2 or x = 3');
    await expect.poll(() => page.getByText('Saved', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('progress').textContent()).toContain('1/3');
    await page.reload();
    // the answer box is the rich-text editor (a contenteditable), so its text is read, not its value
    await expect.poll(() => page.getByLabel('Answer to question 1').innerText(), { timeout: 10_000 }).toBe('x = 2 or x = 3');
  });

  it('submits after confirming the unanswered questions, and the assignment is locked', async () => {
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.getByText('You have 2 incomplete questions. Are you sure you want to submit?').count()).toBe(1);
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.waitForURL('**/student/assignments');
    await expect.poll(() => page.getByText('Assignment submitted successfully!').count()).toBeGreaterThan(0);
    await page
      .getByRole('link', { name: /Quadratic Equations/ })
      .first()
      .click();
    await expect.poll(() => page.getByLabel('Answer to question 1').isEditable()).toBe(false);
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('title')).toBe('This assignment is past due or has been graded');
    await page.screenshot({ path: 'e2e/screenshots/submitted-assignment.png', fullPage: true });
  });
});

describe('live updates', () => {
  it('shows another tab a change without reloading', async () => {
    const list = await context.newPage();
    await list.goto('/student/assignments');
    const card = list.getByRole('link', { name: /Newton's Laws/ }).first();
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain('Incomplete');

    const work = await context.newPage();
    await work.goto('/student/assignments');
    await work
      .getByRole('link', { name: /Newton's Laws/ })
      .first()
      .click();
    await work.getByLabel('Answer to question 1').fill('F = ma, in newtons');
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('In Progress');
    await list.close();
    await work.close();
  });
});
