import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { makeTextPdf } from '@evergrade/documents/testing';
import { useJourney } from '../src/harness';
import { loginViaApi, loginWithForm, DEMO_USERS } from '../src/journeys';
import { png } from '../src/png';

/**
 * The Content-Security-Policy the server sends is one the UI works with: the product's screens load in Chromium
 * with no violation reported (login, a student's dashboard charts, an answer with formulas and an image, the
 * instructor's wizard with a PDF preview frame, the dev outbox page, the API docs), and the app is never framed.
 */
const journey = useJourney();
const violations: string[] = [];
const contexts: BrowserContext[] = [];

async function watchedPage(name: string): Promise<Page> {
  const context = await journey.newContext();
  contexts.push(context);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (/CSP violation|Content Security Policy|Refused to (load|apply|execute|frame|connect)/.test(m.text()))
      violations.push(`[${name}] ${m.text()}`);
  });
  return page;
}

let student: Page;
let instructor: Page;
beforeAll(async () => {
  student = await watchedPage('student');
  instructor = await watchedPage('instructor');
});
afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('the Content-Security-Policy in Chromium', () => {
  it('sends the headers with the app page', async () => {
    const res = await fetch(`${journey.server.url}/login`, { headers: { accept: 'text/html' } });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('signs in through the form and shows the dashboard charts', async () => {
    await loginWithForm(student, DEMO_USERS.student, 'Student');
    await student.waitForURL(/\/student\//);
    await student.goto('/student/dashboard');
    await student.getByText('Assignments Status').waitFor();
    await expect.poll(() => student.locator('canvas, svg path').count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });

  it('takes an answer with formulas and an uploaded image', async () => {
    await student.goto('/student/assignments');
    await student
      .getByRole('link', { name: /Quadratic Equations/ })
      .first()
      .click();
    await student.waitForURL(/\/student\/assignments\/\d+$/);
    const box = student.getByRole('textbox', { name: 'Answer to question 1' });
    await box.click();
    await student.keyboard.press('Control+End');
    await student.keyboard.type(' roots $x = 2$ and $$x = \\frac{1}{2}$$');
    await expect.poll(() => box.locator('.katex').count()).toBeGreaterThanOrEqual(2);
    const editor = student.getByTestId('rich-text-editor').filter({ has: box });
    await editor
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png(40, 20, () => [11, 122, 92]) });
    const img = box.locator('img').first();
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(40);
    expect(violations).toEqual([]);
  });

  it("shows a chosen PDF in the wizard's preview frame", async () => {
    await loginViaApi(instructor.context(), journey.server.url, 'instructor');
    await instructor.goto('/instructor/assignments/new-assignment');
    await instructor.getByTestId('wizard-step').waitFor();
    await instructor.getByLabel('Title').fill('csp check');
    await instructor.getByLabel('Course').selectOption('MATH10');
    await instructor.getByTestId('submissions').getByText('No', { exact: true }).click();
    await instructor
      .getByTestId('creation-method')
      .getByText(/From Document/)
      .click();
    await instructor.getByTestId('wizard-next').click();
    const pdf = await makeTextPdf([['1. What is 2 + 2? [1 mark]', 'Answer: 4']]);
    await instructor.getByLabel('Marking Scheme PDF file').setInputFiles({ name: 'scheme.pdf', mimeType: 'application/pdf', buffer: pdf });
    const slot = instructor.getByTestId('doc-markingScheme');
    await slot.locator('iframe').waitFor();
    await expect.poll(() => slot.locator('.wz-pdf').getAttribute('data-state'), { timeout: 15_000 }).toBe('loaded');
    expect(violations).toEqual([]);
  });

  it('shows the dev outbox page and the API docs', async () => {
    await instructor.goto('/dev/mail');
    await instructor.getByRole('heading', { name: 'Dev outbox' }).waitFor();
    await instructor.goto('/api-docs');
    await expect.poll(() => instructor.locator('.opblock').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    expect(violations).toEqual([]);
  });

  it('cannot be framed by another page', async () => {
    const page = await watchedPage('framer');
    await page.goto('about:blank');
    await page.setContent(`<iframe id="f" src="${journey.server.url}/login" width="400" height="300"></iframe>`);
    const frame = (await (await page.$('#f'))!.contentFrame())!;
    // Chromium replaces a refused frame's document with its error page: the app never loads inside.
    await expect.poll(() => frame.url(), { timeout: 10_000 }).toBe('chrome-error://chromewebdata/');
    expect(await frame.locator('input').count()).toBe(0);
  });
});
