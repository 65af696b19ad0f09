import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { request, type BrowserContext, type Download, type Page } from 'playwright-core';
import { unzipSync } from 'fflate';
import { MIN_POSITION_HEADER } from '@evergrade/contracts';
import { useJourney } from '../src/harness';
import { DEMO_PASSWORD, DEMO_USERS, loginViaApi, loginWithForm } from '../src/journeys';
import { png } from '../src/png';

/**
 * PDF exports (spec document 2, sections 3, 7 and 9): the admin gives the school two header formats and a logo;
 * the instructor downloads an assignment PDF (formula drawn, not raw LaTeX), a student's graded PDF and the zip of
 * every student's PDF, with its progress bar. The files are opened and read back.
 */
const journey = useJourney();
let context: BrowserContext;
let page: Page;
let assignmentUrl = '';
const FORMULA = '\\frac{x^2}{4}';
const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/pdf-exports-${name}.png` });

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

async function readPdf(bytes: Uint8Array) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.join(pdfjsRoot, 'standard_fonts')}${path.sep}`,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pages: { width: number; height: number; text: string; images: number }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const p = await doc.getPage(n);
    const [x0, y0, x1, y1] = p.view as [number, number, number, number];
    const text = (await p.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    const ops = await p.getOperatorList();
    pages.push({ width: x1 - x0, height: y1 - y0, text, images: ops.fnArray.filter((f) => f === pdfjs.OPS.paintImageXObject).length });
  }
  await doc.destroy();
  return { pages, text: pages.map((p) => p.text).join('\n') };
}

/** KEEP_PDFS=1 keeps a copy of each download in /tmp/d to look at. */
const bytesOf = async (download: Download) => {
  if (process.env.KEEP_PDFS) await download.saveAs(`/tmp/d/${download.suggestedFilename()}`);
  return new Uint8Array(readFileSync((await download.path())!));
};

/** The teacher puts a formula in question 1; both demo students submit; the offline grader grades; marks and feedback set by hand. */
async function seed(base: string): Promise<void> {
  const signIn = async (role: 'student' | 'instructor', email: string) => {
    const ctx = await request.newContext({ baseURL: base, extraHTTPHeaders: { 'x-tenant': 'demo' } });
    const login = await ctx.post(`/auth/login/${role}`, { data: { email, password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    const csrf = (await ctx.storageState()).cookies.find((c) => c.name.toLowerCase().includes('csrf'))?.value ?? '';
    const post = async (p: string, data: unknown, headers: Record<string, string> = {}) => {
      const r = await ctx.post(p, { data, headers: { 'x-csrf-token': csrf, ...headers } });
      expect(r.ok(), `${p}: ${r.status()} ${await r.text()}`).toBe(true);
      const text = await r.text();
      try {
        return JSON.parse(text);
      } catch {
        return text; // NDJSON streams
      }
    };
    return { ctx, post };
  };
  const teacher = await signIn('instructor', DEMO_USERS.instructor);
  const list = (await teacher.post('/grader/previous-assignments', {})) as { assignment_id: number; title: string }[];
  const assignmentId = list.find((a) => a.title === 'Quadratic Equations')!.assignment_id;
  const sheet = await teacher.post('/grader/get-assignment-questions', { assignment_id: assignmentId });
  const q1 = sheet.questions.find((q: { question_number: number }) => q.question_number === 1);
  const rich = JSON.stringify({
    root: {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: 'Solve for x where ', format: 0 },
            { type: 'equation', equation: FORMULA, inline: true },
            { type: 'text', text: ' equals one.', format: 0 },
          ],
        },
      ],
    },
  });
  await teacher.post('/grader/update-question', { ...q1, assignment_id: assignmentId, question: rich });
  const students = [
    { email: DEMO_USERS.student, name: 'Ada Lovelace', marks: [4, 3, 2] },
    { email: 'student2@demo.school', name: 'Emmy Noether', marks: [2, 1, 0] },
  ];
  /** The last submission's position: the instructor's read waits until the grading read models have it. */
  let position = '';
  for (const s of students) {
    const student = await signIn('student', s.email);
    const own = await student.post('/students/get-assignment-questions', { assignment_id: assignmentId });
    const responses = Object.fromEntries(
      own.questions.map((q: { question_id: number; question_number: number }) => [
        String(q.question_id),
        `Answer of ${s.name} to ${q.question_number}`,
      ]),
    );
    position = (await student.post('/students/submit-assignment', { assignment_id: assignmentId, responses })).position;
    await student.ctx.dispose();
  }
  const records = await teacher.post(
    '/grader/previous-questions-and-responses',
    { assignment_id: assignmentId },
    { [MIN_POSITION_HEADER]: position },
  );
  for (const s of students) {
    const record = Object.values(records as Record<string, { student_id: number; student_data: { student_name: string } }>).find(
      (r) => r.student_data.student_name === s.name,
    )!;
    const body = (await teacher.post('/grader/grade-submission', { assignment_id: assignmentId, student_id: record.student_id })) as string;
    const lines = body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { response_id?: number; question_number: number; version?: number });
    for (const line of lines.filter((l) => typeof l.response_id === 'number')) {
      await teacher.post('/grader/update-response', {
        response_id: line.response_id,
        points_obtained: s.marks[line.question_number - 1],
        feedback: `Feedback for ${s.name} on question ${line.question_number}.`,
        expected_version: line.version,
      });
    }
  }
  await teacher.ctx.dispose();
}

beforeAll(async () => {
  await seed(journey.server.url);
  context = await journey.newContext();
  page = await context.newPage();
});

describe('PDF exports', () => {
  it('the admin gives the school a bordered header and a line with the logo, with a logo', async () => {
    await loginWithForm(page, DEMO_USERS.admin, 'Admin');
    const card = page.getByTestId('pdf-headers-card');
    await card.waitFor();
    await card.getByRole('checkbox', { name: /^Bordered header/ }).check();
    await card.getByRole('checkbox', { name: /^Line with logo/ }).check();
    await card.getByRole('checkbox', { name: /^Standard/ }).uncheck();
    await card.getByLabel('Default format').selectOption('logo-line');
    await card.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(180, 60) });
    await card.getByRole('img', { name: 'School logo for PDF headers' }).waitFor();
    await card.getByRole('button', { name: 'Save PDF headers' }).click();
    await page.getByText('PDF headers saved').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot('admin-card-1280-light');
    await context.clearCookies();
  });

  it('the instructor downloads an assignment PDF: Show marks on, the header layout offered, the formula drawn', async () => {
    await loginWithForm(page, DEMO_USERS.instructor, 'Instructor');
    await page.waitForURL('**/instructor/assignments');
    await page.getByRole('link', { name: 'Quadratic Equations' }).first().click();
    await page.waitForURL(/\/instructor\/assignments\/\d+$/);
    assignmentUrl = page.url();
    await page.getByRole('button', { name: 'View Questions' }).click();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const menu = page.getByTestId('download-menu');
    await menu.waitFor();
    expect(await menu.getByLabel('Show marks').isChecked()).toBe(true);
    const layout = menu.getByLabel('Header layout');
    expect(await layout.locator('option').allTextContents()).toEqual(['Bordered header', 'Line with logo']);
    expect(await layout.inputValue()).toBe('logo-line');
    await shot('assignment-menu-1280-light');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('button', { name: 'Questions with writing space' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Quadratic Equations_writing_space.pdf');
    const pdf = await readPdf(await bytesOf(download));
    for (const p of pdf.pages) {
      expect(p.width).toBeCloseTo(595.28, 1);
      expect(p.height).toBeCloseTo(841.89, 1);
    }
    expect(pdf.text).toContain('Quadratic Equations');
    expect(pdf.text).toContain('Solve for x where');
    expect(pdf.text).toContain('equals one.');
    expect(pdf.text).toContain('4 marks');
    expect(pdf.text).not.toContain('\\frac');
    expect(pdf.text).not.toContain('x^2');
    // the logo and the formula, drawn as images
    expect(pdf.pages[0]!.images).toBeGreaterThanOrEqual(2);
  });

  it('the instructor downloads one student’s graded PDF (complete)', async () => {
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await page.locator('.gr-student-entry').filter({ hasText: 'Ada Lovelace' }).click();
    await page.getByTestId('graded-submission').waitFor();
    await page.getByTestId('graded-submission').getByRole('button', { name: 'Download', exact: true }).click();
    const menu = page.getByTestId('graded-download-menu');
    await menu.waitFor();
    await shot('graded-menu-1280-light');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      menu.getByRole('button', { name: 'Complete (questions, answers and feedback)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Quadratic Equations_Ada Lovelace_graded.pdf');
    const pdf = await readPdf(await bytesOf(download));
    expect(pdf.pages[0]!.width).toBeCloseTo(595.28, 1);
    expect(pdf.text).toContain('Student: Ada Lovelace');
    expect(pdf.text).toContain('Score: 9.00 / 10.00');
    expect(pdf.text).toContain('4.00 / 4.00');
    expect(pdf.text).toContain('Solve for x where');
    expect(pdf.text).toContain('Answer of Ada Lovelace to 2');
    expect(pdf.text).toContain('Feedback for Ada Lovelace on question 3.');
    expect(pdf.text).not.toContain('\\frac');
  });

  it('Download All: a zip of every student’s PDF, with a progress bar while it is made', async () => {
    // Hold the logo back a moment so the progress bar can be seen and photographed.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/editor/images/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Download All', exact: true }).click();
    const menu = page.getByTestId('download-all-menu');
    await menu.waitFor();
    await shot('download-all-menu-1280-light');
    const downloading = page.waitForEvent('download');
    await menu.getByRole('button', { name: 'Feedback and grades' }).click();
    const progress = page.getByTestId('zip-progress');
    await progress.waitFor();
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuemax')).toBe('2');
    await shot('zip-progress-1280-light');
    release();
    const download = await downloading;
    await progress.waitFor({ state: 'detached' });
    await page.unroute('**/editor/images/**');
    expect(download.suggestedFilename()).toBe('Quadratic Equations_feedback_grades.zip');
    const entries = unzipSync(await bytesOf(download));
    expect(Object.keys(entries).sort()).toEqual([
      'Quadratic Equations_Ada Lovelace_feedback_grades.pdf',
      'Quadratic Equations_Emmy Noether_feedback_grades.pdf',
    ]);
    const emmy = await readPdf(entries['Quadratic Equations_Emmy Noether_feedback_grades.pdf']!);
    expect(emmy.text).toContain('Student: Emmy Noether');
    expect(emmy.text).toContain('Score: 3.00 / 10.00');
    expect(emmy.text).toContain('Feedback for Emmy Noether on question 1.');
    expect(emmy.text).not.toContain('Solve for x where');
  });

  it('the menus and the progress bar at phone width and in the dark theme', async () => {
    for (const [width, theme] of [
      [360, 'light'],
      [360, 'dark'],
      [1280, 'dark'],
    ] as const) {
      const ctx = await journey.newContext(width);
      await ctx.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await loginViaApi(ctx, journey.server.url, 'instructor');
      const p = await ctx.newPage();
      const snap = async (name: string) => {
        // the menu fades in: photograph it once it has
        await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        await p.screenshot({ path: `e2e/screenshots/pdf-exports-${name}-${width}-${theme}.png` });
      };
      await p.goto(assignmentUrl);
      await p.getByRole('button', { name: 'View Questions' }).click();
      await p.getByRole('button', { name: 'Download', exact: true }).click();
      await p.getByTestId('download-menu').getByLabel('Header layout').waitFor();
      await snap('assignment-menu');
      await p.keyboard.press('Escape');
      await p.getByRole('button', { name: 'View Submissions' }).click();
      await p.locator('.gr-student-entry').filter({ hasText: 'Ada Lovelace' }).click();
      const submission = p.getByTestId('graded-submission');
      await submission.getByRole('button', { name: 'Download', exact: true }).click();
      const feedbackOnly = p.getByTestId('graded-download-menu').getByRole('button', { name: 'Feedback only' });
      await expect.poll(() => feedbackOnly.isEnabled()).toBe(true);
      await snap('graded-menu');
      await p.keyboard.press('Escape');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await p.route('**/editor/images/**', async (route) => {
        await held;
        await route.continue();
      });
      await submission.getByRole('button', { name: 'Download All', exact: true }).click();
      const downloading = p.waitForEvent('download');
      await p.getByTestId('download-all-menu').getByRole('button', { name: 'Feedback only' }).click();
      await p.getByTestId('zip-progress').waitFor();
      await snap('zip-progress');
      release();
      expect((await downloading).suggestedFilename()).toBe('Quadratic Equations_feedback.zip');
      await ctx.close();
    }
  });
});
