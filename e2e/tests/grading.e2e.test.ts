import { beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { makeTextPdf } from '@evergrade/documents/testing';
import { useJourney } from '../src/harness';
import { codeFromMail, DEMO_PASSWORD, DEMO_USERS, loginViaApi, loginWithForm } from '../src/journeys';

/**
 * An instructor grades handwritten submissions of 'Quadratic Equations' (MATH10): three PDFs made by the
 * test, named after the students, are auto-mapped, uploaded, processed and graded; then a mark is edited,
 * a flag resolved and one question regraded for all students. MATH10 has Ada Lovelace and Emmy Noether;
 * the third student (Mary Somerville) signs up as a pre-approved address and the admin enrols her.
 */
let context: BrowserContext;
let page: Page;
const journey = useJourney();
const shot = (name: string, fullPage = true) => page.screenshot({ path: `e2e/screenshots/grading-${name}.png`, fullPage });

const FILES = {
  ada: 'Ada Lovelace.pdf',
  emmy: 'noether_e quadratics.pdf',
  mary: 'Somerville Mary - quadratics.pdf',
} as const;

const ANSWERS = {
  ada: [
    '(x - 2)(x - 3) = 0 so x = 2 or x = 3',
    'The discriminant k^2 - 36 = 0 so k = 6 or k = -6',
    'The discriminant b^2 - 4ac tells how many real roots there are: two if positive, one if zero, none if negative.',
  ],
  emmy: ['x = 2 or x = 3', 'k = 6', 'It says something about the roots.'],
  mary: ['x = 3', 'k = 9', 'It is the part under the square root.'],
};

async function apiAs(ctx: BrowserContext) {
  const csrf = (await ctx.cookies()).find((c) => c.name.toLowerCase().includes('csrf'))?.value ?? '';
  return (request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) =>
    request[method](`${journey.server.url}${path}`, { data, headers: { 'x-tenant': 'demo', 'x-csrf-token': csrf } });
}

/** The third student: a pre-approved address signs up, then the admin enrols her in MATH10. */
async function addThirdStudent() {
  const base = journey.server.url;
  const email = 'new.student@demo.school';
  const admin = await journey.newContext();
  const after = Date.now();
  const post = (path: string, data: unknown) => admin.request.post(`${base}${path}`, { data, headers: { 'x-tenant': 'demo' } });
  expect((await post('/auth/signup/request-verification', { email, school: 'demo', type: 'student' })).status()).toBe(200);
  const code = await codeFromMail(base, email, { after });
  expect((await post('/auth/signup/verify-code', { email, code })).status()).toBe(200);
  const signup = await post('/auth/signup/student', {
    email,
    password: DEMO_PASSWORD,
    firstName: 'Mary',
    lastName: 'Somerville',
    school: 'demo',
    grade: '10',
  });
  expect(signup.status()).toBe(200);
  const { userId } = (await signup.json()) as { userId: number };

  await loginViaApi(admin, base, 'admin');
  const call = await apiAs(admin);
  const courses = (await (await call(admin.request, 'get', '/admin/courses')).json()) as { course_id: number; course_code: string }[];
  const math = courses.find((c) => c.course_code === 'MATH10')!;
  const enrol = await call(admin.request, 'post', '/admin/enroll-student', { course_id: math.course_id, student_id: userId });
  expect(enrol.status(), await enrol.text()).toBe(200);
  await admin.close();
}

const pdfOf = (who: keyof typeof ANSWERS) => makeTextPdf([['Quadratic Equations', '', ...ANSWERS[who].map((a, i) => `${i + 1}. ${a}`)]]);

const dialog = () => page.getByRole('dialog', { name: /submissions/ });
const fileRow = (key: string) => dialog().getByTestId(`upload-file-${key}`);
const entry = (name: string) => page.getByRole('button', { name: new RegExp(name) }).and(page.locator('.gr-student-entry'));
const questionCard = (n: number) => page.getByTestId(`graded-question-${n}`);
const marks = (n: number) => page.getByRole('spinbutton', { name: `Marks for question ${n}` });

beforeAll(async () => {
  await addThirdStudent();
  context = await journey.newContext();
  page = await context.newPage();
});

describe('an instructor uploads and grades submissions', () => {
  it('opens the Submissions tab of Quadratic Equations: no submissions yet', async () => {
    await loginWithForm(page, DEMO_USERS.instructor, 'Instructor');
    await page.waitForURL('**/instructor/assignments');
    await page.getByRole('link', { name: 'Quadratic Equations' }).first().click();
    await page.waitForURL(/\/instructor\/assignments\/\d+$/);
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await page.getByText('No submissions yet.').waitFor();
  });

  it('chooses three PDFs named after the students and sees each auto-mapped', async () => {
    await page.getByRole('button', { name: /Upload Submissions/ }).click();
    await dialog().waitFor();
    await dialog()
      .getByLabel('PDF files')
      .setInputFiles([
        { name: FILES.ada, mimeType: 'application/pdf', buffer: await pdfOf('ada') },
        { name: FILES.emmy, mimeType: 'application/pdf', buffer: await pdfOf('emmy') },
        { name: FILES.mary, mimeType: 'application/pdf', buffer: await pdfOf('mary') },
      ]);
    await expect
      .poll(() => fileRow('Ada_Lovelace').getByTestId('mapped-student').textContent())
      .toBe('Ada Lovelace · matched automatically');
    expect(await fileRow('noether_e_quadratics').getByTestId('mapped-student').textContent()).toBe('Emmy Noether · matched automatically');
    expect(await fileRow('Somerville_Mary - quadratics').getByTestId('mapped-student').textContent()).toBe(
      'Mary Somerville · matched automatically',
    );
    await fileRow('Ada_Lovelace')
      .getByRole('button', { name: /^Ada Lovelace:/ })
      .click();
    expect(await dialog().getByTestId('student-panel').getAttribute('data-collapsed')).toBe('true');
    await shot('upload-modal', false);
  });

  it('uploads all three: each goes through the phases to complete', async () => {
    await dialog().getByRole('button', { name: 'Upload All' }).click();
    for (const key of ['Ada_Lovelace', 'noether_e_quadratics', 'Somerville_Mary - quadratics']) {
      await expect.poll(() => fileRow(key).getAttribute('data-phase'), { timeout: 90_000, interval: 200 }).toBe('complete');
    }
    expect(await fileRow('Ada_Lovelace').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await shot('upload-complete', false);
    await dialog().getByRole('button', { name: 'Done' }).click();
    await page.getByRole('complementary', { name: 'Submissions' }).waitFor();
    for (const name of ['Ada Lovelace', 'Emmy Noether', 'Mary Somerville']) await entry(name).waitFor();
    expect(await page.getByRole('img', { name: 'Not graded' }).count()).toBe(3);
  });

  it('grades them: every question graded, totals shown, the offline grader flags what it is unsure of', async () => {
    await page.getByRole('button', { name: /Grade 3 ungraded/ }).click();
    await expect.poll(() => page.getByRole('img', { name: 'Graded' }).count(), { timeout: 90_000 }).toBe(3);
    await entry('Ada Lovelace').click();
    await expect.poll(() => page.getByTestId('grade-total').textContent()).toMatch(/\/ 10$/);
    expect(await page.getByText('3 of 3 questions graded').count()).toBe(1);
    expect(await questionCard(1).getByText('(x - 2)(x - 3) = 0 so x = 2 or x = 3').count()).toBe(1);
    await expect.poll(() => page.getByTestId('flag-count').count()).toBeGreaterThan(0);
    await shot('graded-light');
  });

  it('edits a mark: saved a second after the last change, the total follows', async () => {
    await entry('Emmy Noether').click();
    await page.getByRole('heading', { name: 'Emmy Noether' }).waitFor();
    await marks(2).fill('1.5');
    await expect.poll(() => questionCard(2).getByTestId('save-notice').textContent(), { timeout: 5000 }).toBe('Saved');
    const total = await page.getByTestId('grade-total').textContent();
    await page.reload();
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await entry('Emmy Noether').click();
    await expect.poll(() => marks(2).inputValue()).toBe('1.5');
    expect(await page.getByTestId('grade-total').textContent()).toBe(total);
  });

  it('resolves a flag: the badge count drops', async () => {
    const name = await page
      .locator('.gr-student-entry')
      .filter({ has: page.getByTestId('flag-count') })
      .first()
      .locator('.gr-entry-name')
      .textContent();
    const flagged = entry(name!);
    await flagged.click();
    await page.getByRole('heading', { name: name! }).waitFor();
    const before = Number((await flagged.getByTestId('flag-count').textContent())!.trim());
    await page.getByTestId('flag').first().getByRole('button', { name: 'Mark as Resolved' }).click();
    await expect
      .poll(async () => {
        const badge = flagged.getByTestId('flag-count');
        return (await badge.count()) === 0 ? 0 : Number((await badge.textContent())!.trim());
      })
      .toBe(before - 1);
  });

  it('regrades question 3 for all students with instructions: one background job, every student in its progress', async () => {
    const starts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/grader/regrade-all')) starts.push(r.postData() ?? '');
    });
    await entry('Mary Somerville').click();
    await page.getByRole('heading', { name: 'Mary Somerville' }).waitFor();
    await questionCard(3).getByRole('button', { name: 'Regrade question 3' }).click();
    const popup = page.getByRole('dialog', { name: 'Regrade question 3' });
    await popup.getByLabel('Regrade instructions').fill('Award 1 mark if the answer mentions roots.');
    await popup.getByLabel(/All students \(3\)/).check();
    await popup.getByRole('button', { name: 'Regrade' }).click();
    const progress = page.getByRole('dialog', { name: 'Regrading question 3 for all students' });
    await progress.getByText('Done: 3 of 3 students checked.').waitFor({ timeout: 60_000 });
    expect(starts).toHaveLength(1);
    expect(await progress.getByRole('list', { name: "Each student's regrade" }).getByRole('listitem').count()).toBe(3);
    await progress.getByRole('button', { name: 'Close' }).click();
    expect(await questionCard(3).getAttribute('data-graded')).toBe('true');
  });

  it("a second instructor window sees the first one's edit live; of two conflicting edits one is refused with the current value", async () => {
    const other = await journey.newContext();
    const page2 = await other.newPage();
    await loginViaApi(other, journey.server.url, 'instructor');
    await page2.goto(page.url());
    await page2.getByRole('button', { name: 'View Submissions' }).click();
    const entry2 = (name: string) => page2.getByRole('button', { name: new RegExp(name) }).and(page2.locator('.gr-student-entry'));
    const marks2 = (n: number) => page2.getByRole('spinbutton', { name: `Marks for question ${n}` });
    await entry2('Emmy Noether').click();
    await page2.getByRole('heading', { name: 'Emmy Noether' }).waitFor();
    await entry('Emmy Noether').click();
    await page.getByRole('heading', { name: 'Emmy Noether' }).waitFor();

    // live: an edit in the first window shows up in the second without a reload
    await marks(1).fill('1.25');
    await expect.poll(() => marks2(1).inputValue(), { timeout: 15_000 }).toBe('1.25');

    // both change question 3 within the same second: the later save was based on a stale version
    // (values no grader gave question 3, so both are real changes whatever the regrade above set)
    await marks(3).fill('0.5');
    await marks2(3).fill('2.5');
    const notice = (p: Page) => p.getByTestId('graded-question-3').getByTestId('save-notice').textContent();
    await expect
      .poll(
        async () =>
          [await notice(page), await notice(page2)].filter((t) => t?.startsWith('Another instructor changed this response')).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const refused = (await notice(page))?.startsWith('Another instructor') ? page : page2;
    expect(await notice(refused)).toMatch(/Current mark: (0\.5|2\.5) \/ 3\.$/);
    await expect.poll(async () => (await marks(3).inputValue()) === (await marks2(3).inputValue()), { timeout: 15_000 }).toBe(true);
    await refused.getByTestId('graded-question-3').screenshot({ path: 'e2e/screenshots/grading-stale-edit.png' });
    await other.close();
  });

  it('the graded view in dark mode', async () => {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await entry('Ada Lovelace').click();
    await shot('graded-dark');
    await page.getByRole('button', { name: 'Add submissions' }).click();
    await dialog().waitFor();
    await dialog()
      .getByLabel('PDF files')
      .setInputFiles([{ name: 'scan 7.pdf', mimeType: 'application/pdf', buffer: await pdfOf('ada') }]);
    await shot('upload-modal-dark', false);
    await dialog().getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });
});
