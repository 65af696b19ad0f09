import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { makeScannedPdf } from '@evergrade/documents/testing';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginWithForm } from '../src/journeys';

/**
 * A student uploads a scanned (image-only) PDF of their answers to 'Quadratic Equations' and sees each
 * answer appear in its question's box: the page is read by OCR on the server and the answers saved as events.
 */
let context: BrowserContext;
let page: Page;
let sheet: Buffer;

const journey = useJourney();

const ANSWERS = [
  'Factorising gives x = 2 or x = 3',
  'The discriminant is zero when k = 6 or k = -6',
  'It tells how many real roots there are',
];

beforeAll(async () => {
  sheet = await makeScannedPdf([['Quadratic Equations - my answers', '', ...ANSWERS.map((a, i) => `${i + 1}. ${a}`)]]);
  context = await journey.newContext();
  page = await context.newPage();
});

const answerBox = (n: number) => page.getByLabel(`Answer to question ${n}`);
const dialog = () => page.getByRole('dialog', { name: 'Upload handwritten answers' });
/** OCR may drop or add a space around symbols: compare the words and symbols, not the spacing. */
const loose = (text: string) =>
  new RegExp(
    text
      .split(/\s+/)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
      .join('\\s*'),
  );

describe('handwritten PDF upload', () => {
  it('opens Quadratic Equations with its three empty answer boxes', async () => {
    await loginWithForm(page, DEMO_USERS.student, 'Student');
    await page.waitForURL('**/student/assignments');
    await page
      .getByRole('link', { name: /Quadratic Equations/ })
      .first()
      .click();
    await page.waitForURL(/\/student\/assignments\/\d+$/);
    await expect.poll(() => answerBox(3).count(), { timeout: 15_000 }).toBe(1);
    // a draft typed just before the upload is saved first, then replaced by the PDF's answer
    await answerBox(1).fill('a draft I typed');
  });

  it("refuses a file that is not a PDF with 'Please select a valid PDF file'", async () => {
    await page.getByRole('button', { name: 'Upload PDF' }).click();
    await dialog()
      .getByLabel('PDF file')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('1. x = 2') });
    await expect.poll(() => dialog().getByRole('alert').textContent()).toBe('Please select a valid PDF file');
    expect(await dialog().getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
  });

  it('uploads the scanned sheet, shows the phases and fills the three answers in the right boxes', async () => {
    await dialog().getByLabel('PDF file').setInputFiles({ name: 'my-answers.pdf', mimeType: 'application/pdf', buffer: sheet });
    await dialog().getByRole('button', { name: 'Upload', exact: true }).click();
    // it first says which typed answers the PDF may replace, and waits for the go-ahead
    const listed = dialog().getByTestId('pdf-upload-replace').locator('li');
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.innerText()).toMatch(/^Question 1: \W?a draft I typed\W?$/);
    await page.screenshot({ path: 'e2e/screenshots/pdf-upload-replace-ask.png' });
    await dialog().getByRole('button', { name: 'Replace and upload' }).click();
    const phase = () => dialog().getByTestId('pdf-upload-phase').getAttribute('data-phase');
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const p = await phase().catch(() => null);
          if (p) seen.add(p);
          if (p === 'processing' && !seen.has('shot')) {
            seen.add('shot');
            await page.screenshot({ path: 'e2e/screenshots/pdf-upload-processing.png' });
          }
          return p;
        },
        { timeout: 90_000, interval: 100 },
      )
      .toBe('complete');
    expect(seen.has('processing') || seen.has('validating')).toBe(true);
    await expect.poll(() => dialog().getByText('Answers filled for questions 1, 2 and 3.').count()).toBe(1);
    await page.screenshot({ path: 'e2e/screenshots/pdf-upload-complete.png' });
    await dialog().getByRole('button', { name: 'Done' }).click();

    // the answer boxes are rich-text editors (contenteditable): their text is read, not a value
    await expect.poll(() => answerBox(1).innerText(), { timeout: 10_000 }).toMatch(loose('x = 2 or x = 3'));
    expect(await answerBox(1).innerText()).not.toContain('a draft I typed');
    expect(await answerBox(2).innerText()).toMatch(loose('k = 6 or k = -6'));
    expect(await answerBox(3).innerText()).toMatch(/how many real roots/);
    await expect.poll(() => page.getByTestId('progress').textContent()).toContain('3/3');
    // the replaced draft is shown under its question
    const replaced = page.getByRole('region', { name: 'Replaced answer' });
    await expect.poll(() => replaced.innerText()).toContain('a draft I typed');
    await page.screenshot({ path: 'e2e/screenshots/pdf-upload-filled.png', fullPage: true });
  });

  it('keeps the filled answers, and the replaced draft, after a reload', async () => {
    await page.reload();
    await expect.poll(() => answerBox(2).innerText(), { timeout: 15_000 }).toMatch(loose('k = 6 or k = -6'));
    expect(await answerBox(1).innerText()).toMatch(loose('x = 2 or x = 3'));
    const replaced = page.getByRole('region', { name: 'Replaced answer' });
    await expect.poll(() => replaced.innerText()).toContain('a draft I typed');
    // restoring it makes it the answer again, on the server too (a new AnswerSaved; the PDF's is kept as replaced)
    await replaced.getByRole('button', { name: 'Use this answer instead' }).click();
    await expect.poll(() => answerBox(1).innerText()).toBe('a draft I typed');
    await expect.poll(() => replaced.innerText()).toMatch(loose('x = 2 or x = 3'));
    await expect
      .poll(
        async () => {
          const csrf = (await context.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
          const res = await context.request.post(`${journey.server.url}/students/get-assignment-questions`, {
            data: { assignment_id: Number(page.url().split('/').pop()) },
            headers: { 'x-csrf-token': csrf, 'x-tenant': 'demo' },
          });
          return ((await res.json()).questions[0].response_content ?? '') as string;
        },
        { timeout: 15_000 },
      )
      .toContain('a draft I typed');
  });
});
