import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { FIVE_QUESTIONS, makeMarkingSchemePdf } from '@evergrade/documents/testing';
import { useJourney } from '../src/harness';
import { png } from '../src/png';
import { DEMO_USERS, loginWithForm } from '../src/journeys';

const SHOTS = 'e2e/screenshots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/assignment-creation-${name}.png`, fullPage: true });

const journey = useJourney();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await journey.newContext();
  page = await context.newPage();
  await loginWithForm(page, DEMO_USERS.instructor, 'Instructor');
  await page.waitForURL('**/instructor/assignments');
});

/** Step 1: title, MATH10, submissions, method; then Next. */
async function setup(title: string, { submissions, method }: { submissions: 'Yes' | 'No'; method: RegExp }) {
  await page.goto('/instructor/assignments/new-assignment');
  await page.getByTestId('wizard-step').waitFor();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Course').selectOption('MATH10');
  await page.getByTestId('submissions').getByText(submissions, { exact: true }).click();
  await page.getByTestId('creation-method').getByText(method).click();
}

async function createAndLand(title: string) {
  const create = page.getByTestId('create-assignment');
  expect(await create.textContent()).toBe('Create Assignment');
  const reply = page.waitForResponse((r) => r.url().endsWith('/grader/add-assignment'));
  await create.click();
  expect((await reply).status()).toBe(200);
  await expect.poll(() => create.textContent()).toBe('Success! Redirecting...');
  await page.waitForURL(/\/instructor\/assignments$/);
  await page.getByText(title, { exact: true }).first().waitFor();
}

describe('an instructor creates assignments with the wizard', () => {
  it('builds one from scratch with a formula and an image, and a student sees it', async () => {
    await setup('quadratic roots check', { submissions: 'Yes', method: /From Scratch/ });
    expect(await page.getByLabel('Title').inputValue()).toBe('Quadratic Roots Check');
    expect(await page.getByLabel('Due time').inputValue()).toBe('23:59');
    await shot(page, '1-setup');
    await page.getByTestId('wizard-next').click();
    await expect.poll(() => page.getByTestId('wizard-step').textContent()).toBe('Step 2 of 3: Create');

    const question = page.getByRole('textbox', { name: 'Question 1', exact: true });
    await question.click();
    await page.keyboard.type('Solve $x^2 = 9$ and sketch the graph.');
    await expect.poll(() => question.locator('.katex').count()).toBe(1);
    const editor = page.getByTestId('rich-text-editor').filter({ has: question });
    const uploaded = page.waitForResponse((r) => /\/editor\/images\//.test(r.url()) && r.request().method() === 'GET');
    await editor.locator('input[type=file]').setInputFiles({ name: 'axes.png', mimeType: 'image/png', buffer: png(120, 80) });
    expect((await uploaded).status()).toBe(200);
    await expect.poll(() => question.locator('img').count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Correct Answer' }).click();
    await page.getByRole('textbox', { name: 'Correct answer for question 1' }).click();
    await page.keyboard.type('x = 3 or x = -3');
    await page.getByLabel('Marks for question 1').fill('4');
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByRole('textbox', { name: 'Question 2', exact: true }).click();
    await page.keyboard.type('Explain what a root is.');
    await shot(page, '2-scratch');

    await page.getByRole('button', { name: 'Preview Assignment' }).click();
    await expect.poll(() => page.getByTestId('wizard-step').textContent()).toBe('Step 3 of 3: Preview');
    await expect.poll(() => page.getByTestId('preview-total').textContent()).toBe('Total marks: 5');
    await page.getByTestId('preview-question-1').locator('.katex').first().waitFor();
    expect(await page.getByTestId('create-assignment').textContent()).toBe('Select Time Limit Option');
    await page.getByText('Enabled', { exact: true }).click();
    expect(await page.getByLabel('Hours').inputValue()).toBe('1');
    await page.getByText('Time may be too long for this assignment').waitFor();
    await page.getByLabel('Hours').fill('0');
    await page.getByLabel('Minutes').fill('15');
    await shot(page, '3-preview');
    await createAndLand('Quadratic Roots Check');
    await shot(page, '4-created');

    const student = await journey.newContext();
    const studentPage = await student.newPage();
    await loginWithForm(studentPage, DEMO_USERS.student, 'Student');
    await studentPage.waitForURL('**/student/assignments');
    await studentPage.getByText('Quadratic Roots Check').first().waitFor({ timeout: 15_000 });
    await studentPage.screenshot({ path: `${SHOTS}/assignment-creation-5-student-list.png`, fullPage: true });
    await student.close();
  });

  it('builds one from a marking-scheme PDF processed with streamed progress', async () => {
    await setup('fractions marking scheme', { submissions: 'No', method: /From Document/ });
    await page.getByTestId('wizard-next').click();
    const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { title: 'Fractions' });
    await page.getByLabel('Marking Scheme PDF file').setInputFiles({ name: 'scheme.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByTestId('doc-markingScheme').locator('iframe').waitFor();
    expect(
      await page
        .getByTestId('processing-mode')
        .getByLabel(/^Normal/)
        .isChecked(),
    ).toBe(true);
    await shot(page, '6-document');
    const stream = page.waitForResponse((r) => r.url().endsWith('/grader/process-marking-scheme'));
    await page.getByRole('button', { name: 'Process Document' }).click();
    expect((await stream).headers()['content-type']).toContain('ndjson');
    await page.getByTestId('processing-progress').waitFor();
    await page.getByTestId('assignment-preview').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByTestId(/^preview-question-\d+$/).count()).toBe(FIVE_QUESTIONS.length);
    const total = FIVE_QUESTIONS.reduce((s, q) => s + q.marks, 0);
    expect(await page.getByTestId('preview-total').textContent()).toBe(`Total marks: ${total}`);
    await shot(page, '7-document-preview');
    // Paper-only assignment: no time limit to choose.
    expect(await page.getByTestId('time-limit').count()).toBe(0);
    await createAndLand('Fractions Marking Scheme');
  });

  it('builds one in Smart Builder from the question library', async () => {
    await setup('library picks', { submissions: 'No', method: /With AI/ });
    await page.getByTestId('wizard-next').click();
    await page.getByText('How would you like to create your assignment?').waitFor();
    await page.getByTestId('ai-mode').getByText('Smart Builder').click();
    expect(await page.getByRole('button', { name: 'Select at least one question' }).isDisabled()).toBe(true);
    await page.getByLabel('Search the question library').fill('fraction');
    await page.getByTestId('builder-skeleton').first().waitFor();
    const first = page.getByTestId('library-question').first();
    await first.waitFor({ timeout: 15_000 });
    await first.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => page.getByTestId('builder-summary').textContent()).toMatch(/^1 questions selected • [\d.]+ marks total$/);
    await first.locator('.wz-lib-body').click();
    await page.getByRole('button', { name: 'Answer', exact: true }).click();
    await shot(page, '8-smart-builder-preview');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Preview Assignment' }).click();
    await page.getByTestId('assignment-preview').waitFor();
    expect(await page.getByTestId(/^preview-question-\d+$/).count()).toBe(1);
    await shot(page, '9-smart-builder-created');
    await createAndLand('Library Picks');
  });

  it('builds one with AI Express offline on the topic only, and says so in place when the library has nothing on it', async () => {
    await setup('express topics', { submissions: 'No', method: /With AI/ });
    await page.getByTestId('wizard-next').click();
    await page.getByText('How would you like to create your assignment?').waitFor();
    await page.getByTestId('ai-mode').getByText('AI Express').click();
    const prompt = page.getByLabel('Tell the AI what to create');
    await prompt.fill('5 questions on Hamlet by Shakespeare for grade 10');
    await page.getByRole('button', { name: 'Generate Assignment' }).click();
    await page.getByText('Nothing in the question library on this topic').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('status').filter({ hasText: 'no questions on "Hamlet by Shakespeare"' }).count()).toBe(1);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await shot(page, '10-ai-express-nothing-on-topic');

    await prompt.fill('4 questions on linear equations for grade 10, 20 marks');
    expect(await page.getByText('Nothing in the question library on this topic').count()).toBe(0);
    await page.getByRole('button', { name: 'Generate Assignment' }).click();
    await page.getByTestId('assignment-preview').waitFor({ timeout: 30_000 });
    const questions = page.getByTestId(/^preview-question-\d+$/);
    expect(await questions.count()).toBe(4);
    const text = (await questions.allInnerTexts()).join('\n');
    expect(text).not.toMatch(/search|Punnett|heterozygous/i);
    expect(text).toMatch(/Solve/);
    await shot(page, '11-ai-express-on-topic');
    await createAndLand('Express Topics');
  });
});
