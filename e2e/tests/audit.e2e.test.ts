import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { loginViaApi, loginWithForm } from '../src/journeys';

/**
 * The admin part of issue 6's journey: grading activity is done through the API by the test (the instructor grades
 * Ada's and Emmy's typed answers with the offline grader, then edits Ada's mark on question 1 with a reason); then the
 * school admin signs in, finds that mark's history on the Grade audit page, and sees the grade book as it stood before
 * the edit, and as it stands now.
 */
let page: Page;
const journey = useJourney();
const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/audit-${name}.png`, fullPage: true });
let assignmentId = 0;
let editedAt = 0;

type Call = (method: 'get' | 'post', path: string, data?: unknown) => Promise<{ status: number; text: string; json: () => any }>;

async function apiOf(ctx: BrowserContext): Promise<Call> {
  const csrf = (await ctx.cookies()).find((c) => c.name.toLowerCase().includes('csrf'))?.value ?? '';
  return async (method, path, data) => {
    const res = await ctx.request[method](`${journey.server.url}${path}`, { data, headers: { 'x-tenant': 'demo', 'x-csrf-token': csrf } });
    const text = await res.text();
    return { status: res.status(), text, json: () => JSON.parse(text) };
  };
}

async function signedIn(role: 'student' | 'instructor', email: string): Promise<Call> {
  const ctx = await journey.newContext();
  await loginViaApi(ctx, journey.server.url, role, email);
  return apiOf(ctx);
}

beforeAll(async () => {
  const teacher = await signedIn('instructor', 'teacher@demo.school');
  const due = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
  const created = await teacher('post', '/grader/add-assignment', {
    title: 'Audit Journey Quiz',
    description: 'Plants and roots',
    due_date: due,
    email: 'teacher@demo.school',
    expressMode: false,
    course: 'MATH10',
    creation_method: 'scratch',
    student_submissions_allowed: true,
    ai_config: null,
    time_limit: null,
    questions: [
      {
        question_number: 1,
        question: 'What does photosynthesis produce?',
        marks_possible: 2,
        answer: 'glucose and oxygen',
        grading_instructions: '',
        tags: [],
      },
      {
        question_number: 2,
        question: 'Solve x^2 - 5x + 6 = 0',
        marks_possible: 1,
        answer: 'x = 2 or x = 3',
        grading_instructions: '',
        tags: [],
      },
    ],
  });
  expect(created.status, created.text).toBe(200);
  assignmentId = created.json().assignment_id;

  const answers: [string, string[]][] = [
    ['student@demo.school', ['glucose and oxygen', 'x = 2 or x = 3']],
    ['student2@demo.school', ['It does not make oxygen', 'x = 2']],
  ];
  const studentIds: number[] = [];
  for (const [email, texts] of answers) {
    const student = await signedIn('student', email);
    studentIds.push((await student('get', '/students/get-student')).json().studentId);
    let questions: { question_id: number }[] = [];
    for (let tries = 0; questions.length < 2 && tries < 50; tries += 1) {
      questions = (await student('post', '/students/get-assignment-questions', { assignment_id: assignmentId })).json().questions ?? [];
      if (questions.length < 2) await new Promise((r) => setTimeout(r, 200));
    }
    expect(questions).toHaveLength(2);
    for (const [i, q] of questions.entries()) {
      const saved = await student('post', '/students/set-assignment-response', {
        assignment_id: assignmentId,
        question_id: q.question_id,
        response_content: texts[i],
      });
      expect(saved.status, saved.text).toBe(200);
    }
  }

  let adaQ1 = 0;
  let adaQ1Version = 0;
  for (const studentId of studentIds) {
    const graded = await teacher('post', '/grader/grade-submission', { assignment_id: assignmentId, student_id: studentId });
    expect(graded.status, graded.text).toBe(200);
    const lines = graded.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.at(-1).status, graded.text).toBe('complete');
    if (studentId === studentIds[0]) {
      const q1 = lines.find((l) => l.question_number === 1);
      [adaQ1, adaQ1Version] = [q1.response_id, q1.version];
    }
  }
  // The grade book "before the edit" must be told apart from after it, to the second on the picker.
  await new Promise((r) => setTimeout(r, 1500));
  const edit = await teacher('post', '/grader/update-response', {
    response_id: adaQ1,
    points_obtained: 1.5,
    feedback: 'Right products; say where the oxygen comes from.',
    reason: 'Explanation incomplete',
    expected_version: adaQ1Version,
  });
  expect(edit.status, edit.text).toBe(200);
  editedAt = Date.now();

  page = await (await journey.newContext(1440)).newPage();
});

describe("the admin audits a mark's history", () => {
  it('signs in and opens Grade audit from the navigation', async () => {
    await loginWithForm(page, 'admin@demo.school', 'Admin');
    await page.waitForURL(/\/admin$/);
    await page.getByRole('link', { name: 'Grade audit' }).click();
    await page.waitForURL('**/admin/audit');
    await page.getByTestId('audit-results').waitFor({ timeout: 15_000 });
  });

  it('finds the edited mark by student and assignment, and its history', async () => {
    await page.getByLabel('Student').selectOption({ label: 'Ada Lovelace' });
    await page.getByLabel('Assignment').selectOption({ label: 'Audit Journey Quiz (MATH10)' });
    const edited = page.getByTestId('audit-results').getByRole('row').filter({ hasText: 'Mark edited by Grace Hopper' });
    await edited.waitFor({ timeout: 10_000 });
    expect(await edited.textContent()).toContain('2 → 1.5');
    expect(await edited.textContent()).toContain('Explanation incomplete');
    // The student filter's rows show first; the assignment filter's answer follows.
    await expect.poll(() => page.getByTestId('audit-results').getByRole('row').count(), { timeout: 10_000 }).toBe(1 + 5);
    await edited.getByRole('button', { name: /^History of Ada Lovelace's question 1/ }).click();

    const history = page.getByTestId('grade-history');
    await history.waitFor();
    const entries = history.getByTestId('history-entry');
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.nth(0).textContent()).toContain("Response recorded from the student's online answers");
    expect(await entries.nth(1).textContent()).toContain('Graded by the offline grader');
    expect(await entries.nth(1).textContent()).toContain('requested by Grace Hopper');
    const edit = await entries.nth(2).textContent();
    expect(edit).toContain('Mark edited by Grace Hopper');
    expect(edit).toContain('2 → 1.5');
    expect(edit).toContain('Explanation incomplete');
    expect(edit).toContain('Right products; say where the oxygen comes from.');
    await shot('history');
  });

  it('sees the grade book as it stood before the edit', async () => {
    await page
      .getByTestId('grade-history')
      .getByTestId('history-entry')
      .nth(2)
      .getByRole('button', { name: 'Grade book before this change' })
      .click();
    const book = page.getByTestId('grade-book');
    await book.waitFor({ timeout: 10_000 });
    const ada = book.getByRole('row').filter({ hasText: 'Ada Lovelace' });
    await expect.poll(() => ada.getByTestId('book-total').textContent()).toBe('3 / 3');
    expect(await ada.getByTestId('book-cell').first().textContent()).toBe('2');
    expect(await book.getByRole('row').filter({ hasText: 'Emmy Noether' }).count()).toBe(1);
    const asOf = await page.getByLabel('As of', { exact: true }).inputValue();
    expect(asOf).not.toBe('');
    expect(new Date(asOf).getTime()).toBeLessThan(editedAt);
    await shot('grade-book-before-edit');
  });

  it('and as it stands now, with the history exported as CSV', async () => {
    await page.getByRole('button', { name: 'Now' }).click();
    const ada = page.getByTestId('grade-book').getByRole('row').filter({ hasText: 'Ada Lovelace' });
    await expect.poll(() => ada.getByTestId('book-total').textContent(), { timeout: 10_000 }).toBe('2.5 / 3');
    expect(await ada.getByTestId('book-cell').first().textContent()).toBe('1.5');
    const href = await page.getByTestId('csv-export').getAttribute('href');
    expect(href).toBe(`/admin/audit/grade-history.csv?assignment_id=${assignmentId}`);
    const csv = await page.request.get(`${journey.server.url}${href}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toContain('grade-history-');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('recorded_at,event,')).toBe(true);
    expect(lines.filter((l) => l.includes(',ResponseMarkEdited,'))).toHaveLength(1);
    await shot('grade-book-now');
  });

  it('reads well in the dark theme too', async () => {
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await shot('grade-book-now-dark');
  });
});
