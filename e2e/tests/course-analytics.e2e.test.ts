import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MIN_POSITION_HEADER } from '@evergrade/contracts';
import { useJourney } from '../src/harness';
import { loginViaApi, loginWithForm } from '../src/journeys';

/**
 * Issue 12, item 5: the demo teacher opens Mathematics (MATH10) and reads its analytics. Two assignments with
 * three rubric categories are set, answered by Ada and Emmy and graded (marks then set by hand, so every figure
 * is known); Ada's Quadratic Equations is graded while the page is open and the page follows.
 */
const journey = useJourney();
let teacher: BrowserContext;
let page: Page;
let adaQuadratic: () => Promise<void>;

type Call = (path: string, data?: unknown, headers?: Record<string, string>) => Promise<string>;
async function callAs(context: BrowserContext): Promise<Call> {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
  return async (path, data, headers = {}) => {
    const res = await context.request[data === undefined ? 'get' : 'post'](path, {
      data,
      headers: { 'x-tenant': 'demo', 'x-csrf-token': csrf, ...headers },
    });
    const text = await res.text();
    expect(res.status(), `${path}: ${text}`).toBe(200);
    return text;
  };
}

const DAY = 86_400_000;
const week = (title: string, days: number) => ({
  title,
  description: '',
  due_date: new Date(Date.now() + days * DAY).toISOString(),
  course: 'MATH10',
  creation_method: 'scratch',
  student_submissions_allowed: true,
  time_limit: null,
  questions: [
    { question_number: 1, question: 'Solve 2x + 1 = 5.', marks_possible: 2, answer: 'x = 2', tags: ['Algebra - Equations'] },
    {
      question_number: 2,
      question: 'Angles of a triangle add up to?',
      marks_possible: 2,
      answer: '180 degrees',
      tags: ['Geometry - Angles'],
    },
    {
      question_number: 3,
      question: 'Why is the square of an odd number odd?',
      marks_possible: 2,
      answer: '(2k+1)^2 = 2(2k^2+2k)+1',
      tags: ['Reasoning - Proof'],
    },
  ],
});

/** Marks set by hand per student and question (Week 1's question 3 goes to the weaker student: negative discrimination). */
const MARKS: Record<string, Record<'Ada' | 'Emmy', number[]>> = {
  'Analytics Week 1': { Ada: [2, 2, 0], Emmy: [1, 0, 1] },
  'Analytics Week 2': { Ada: [2, 2, 2], Emmy: [1, 1, 0] },
};

async function grade(call: Call, assignment_id: number, student_id: number, marks: number[]) {
  const lines = (await call('/grader/grade-submission', { assignment_id, student_id }))
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { question_number?: number; response_id?: number; version?: number; status?: string });
  expect(lines.at(-1)?.status).toBe('complete');
  for (const l of lines.filter((x) => x.response_id)) {
    await call('/grader/update-response', {
      response_id: l.response_id,
      points_obtained: marks[l.question_number! - 1],
      feedback: '',
      expected_version: l.version,
    });
  }
}

beforeAll(async () => {
  teacher = await journey.newContext();
  await loginViaApi(teacher, journey.server.url, 'instructor');
  const asTeacher = await callAs(teacher);
  const ids: Record<string, number> = {};
  /** The last assignment's position: the students' reads wait until their read models have both. */
  let added: Record<string, string> = {};
  for (const [title, days] of [
    ['Analytics Week 1', 10],
    ['Analytics Week 2', 20],
  ] as const) {
    const res = JSON.parse(await asTeacher('/grader/add-assignment', week(title, days))) as { assignment_id: number; position: string };
    ids[title] = res.assignment_id;
    added = { [MIN_POSITION_HEADER]: res.position };
  }

  const students: Record<string, number> = {};
  for (const [name, email] of [
    ['Ada', 'student@demo.school'],
    ['Emmy', 'student2@demo.school'],
  ] as const) {
    const context = await journey.newContext();
    await loginViaApi(context, journey.server.url, 'student', email);
    const call = await callAs(context);
    const list = JSON.parse(await call('/students/get-assignments', undefined, added)) as Record<
      string,
      { assignment_id: number; title: string }
    >;
    const titles = name === 'Ada' ? [...Object.keys(MARKS), 'Quadratic Equations'] : Object.keys(MARKS);
    for (const title of titles) {
      const id = Object.values(list).find((a) => a.title === title)!.assignment_id;
      ids[title] = id;
      const { questions } = JSON.parse(await call('/students/get-assignment-questions', { assignment_id: id }, added)) as {
        questions: { question_id: number }[];
      };
      await call('/students/submit-assignment', {
        assignment_id: id,
        responses: Object.fromEntries(questions.map((q) => [String(q.question_id), 'My answer'])),
      });
    }
    students[name] = (JSON.parse(await call('/students/get-student')) as { studentId: number }).studentId;
    await context.close();
  }
  for (const [title, byStudent] of Object.entries(MARKS))
    for (const [name, marks] of Object.entries(byStudent)) await grade(asTeacher, ids[title]!, students[name]!, marks);
  adaQuadratic = () => grade(asTeacher, ids['Quadratic Equations']!, students.Ada!, [4, 3, 3]);

  page = await (await journey.newContext()).newPage();
}, 240_000);

const stat = (name: string) =>
  page
    .getByTestId('stats-card')
    .locator('div', { has: page.getByText(name, { exact: true }) })
    .locator('dd');
const rowCells = (name: string) =>
  page
    .getByRole('table', { name: 'Grades table' })
    .getByRole('row', { name: new RegExp(`^${name}`) })
    .locator('th, td')
    .allTextContents();

async function shot(p: Page, name: string) {
  await p.waitForTimeout(800); // the charts' entry animation, for the screenshots only
  await p.screenshot({ path: `e2e/screenshots/course-analytics-${name}.png`, fullPage: true });
}

describe('the demo teacher reads the course analytics of Mathematics', () => {
  it('logs in, opens the course and sees the Overview with real grades', async () => {
    await loginWithForm(page, 'teacher@demo.school', 'Instructor');
    await page.waitForURL('**/instructor/assignments');
    await page.getByRole('link', { name: 'Courses', exact: true }).click();
    await page.getByRole('link', { name: 'Mathematics (MATH10)' }).click();
    await page.waitForURL(/\/instructor\/courses\/MATH10/);
    await page.getByRole('link', { name: 'Back to Courses' }).waitFor();
    // Exactly: the Overview's note ("2 students with graded work, …") holds the words too once it has loaded.
    await expect.poll(() => page.getByText('2 Students', { exact: true }).count()).toBe(1);

    // Ada 10/12, Emmy 4/12: the class 14/24
    await expect.poll(() => stat('Class average').textContent(), { timeout: 20_000 }).toBe('58.3%');
    expect(await stat('Assignments').textContent()).toBe('4');
    expect(await stat('Highest').textContent()).toBe('83.3%');
    expect(await stat('Lowest').textContent()).toBe('33.3%');

    await expect.poll(() => page.getByTestId('chart-distribution').getAttribute('data-chart'), { timeout: 20_000 }).toBe('bar');
    expect(await page.getByTestId('chart-distribution').getAttribute('aria-label')).toContain(
      'Novice (0-30%) 0 students, Apprentice (30-50%) 1 student, Competent (50-80%) 0 students, Proficient (80-100%) 1 student',
    );
    await expect.poll(() => page.getByTestId('chart-trend').getAttribute('data-chart')).toBe('line');
    expect(await page.getByTestId('chart-trend').getAttribute('aria-label')).toMatch(
      /Analytics Week 1, due .+: class average 50\.0%; Analytics Week 2, due .+: class average 66\.7%/,
    );
    // Algebra, Geometry, Reasoning: a radar of the class against Ada, the top student
    await expect.poll(() => page.getByTestId('chart-rubrics').getAttribute('data-chart')).toBe('radar');
    expect(await page.getByTestId('rubric-card').textContent()).toContain('against the top student, Ada Lovelace.');

    const difficulty = page.getByTestId('difficulty-card');
    expect(
      await difficulty
        .getByRole('row', { name: /Analytics Week 1/ })
        .locator('td')
        .allTextContents(),
    ).toEqual([expect.any(String), '3/6 (50.0%)', 'Hard']);
    expect(await difficulty.getByRole('row', { name: /Linear Functions Review/ }).textContent()).toContain('Not graded yet');

    const review = page.getByTestId('item-analysis-card');
    await review.getByText('Question 3').waitFor();
    expect(await review.textContent()).toContain('check the answer key or the wording');
    expect(await review.getByTestId('item-analysis-few').textContent()).toContain('Analytics Week 1 (2 graded)');
    await shot(page, '1280-light');
  });

  it('Breakdown: the grades table per rubric with the class average, colour-coded', async () => {
    await page.getByRole('tab', { name: 'Breakdown' }).click();
    const table = page.getByRole('table', { name: 'Grades table' });
    expect(await table.getByRole('row').first().locator('th').allTextContents()).toEqual([
      'Student',
      'Algebra',
      'Geometry',
      'Reasoning',
      'Total',
    ]);
    expect(await rowCells('Ada Lovelace')).toEqual(['Ada Lovelace', '4/4 (100%)', '4/4 (100%)', '2/4 (50%)', '10/12 (83%)']);
    expect(await rowCells('Emmy Noether')).toEqual(['Emmy Noether', '2/4 (50%)', '1/4 (25%)', '1/4 (25%)', '4/12 (33%)']);
    expect(await rowCells('Class Average')).toEqual(['Class Average', '3/4 (75.0%)', '2.5/4 (62.5%)', '1.5/4 (37.5%)', '7/12 (58.3%)']);
    const bands = await table
      .getByRole('row', { name: /^Emmy/ })
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => td.className));
    expect(bands).toEqual(['score-cell band-yellow', 'score-cell band-red', 'score-cell band-red', 'score-cell band-orange']);

    await page.getByRole('group', { name: 'Rubrics' }).getByLabel('Reasoning').check();
    expect(await table.getByRole('row').first().locator('th').allTextContents()).toEqual(['Student', 'Reasoning', 'Total']);
    await shot(page, '1280-breakdown-light');
    await page.getByRole('group', { name: 'Rubrics' }).getByLabel('All Rubrics').check();
  });

  it('filters: a search with no match, a chosen student, one assignment', async () => {
    await page.getByRole('searchbox', { name: 'Search students' }).fill('zzz');
    await page.getByText('No students match the current filters or search.').waitFor();
    await page.getByRole('searchbox', { name: 'Search students' }).fill('emmy');
    expect(await rowCells('Emmy Noether')).toHaveLength(5);
    expect(await page.getByRole('row', { name: /^Ada/ }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Student' }).selectOption({ label: 'Emmy Noether' });
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect.poll(() => page.getByTestId('rubric-card').textContent()).toContain('against the selected student, Emmy Noether.');
    await shot(page, '1280-student-light');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByRole('combobox', { name: 'Assignment' }).selectOption({ label: 'Analytics Week 2' });
    await expect.poll(() => stat('Assignments').textContent()).toBe('1');
    expect(await stat('Class average').textContent()).toBe('66.7%');
    expect(await page.getByText('A trend needs two graded assignments').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).click();
  });

  it('follows a grade given while the page is open (live update, no reload)', async () => {
    await expect.poll(() => stat('Class average').textContent()).toBe('58.3%');
    await adaQuadratic();
    // Ada 20/22, Emmy 4/12: (20 + 4) / (22 + 12)
    await expect.poll(() => stat('Class average').textContent(), { timeout: 20_000 }).toBe('70.6%');
    expect(await stat('Highest').textContent()).toBe('90.9%');
  });

  it('dark mode and a 360 px phone', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect.poll(() => page.getByTestId('chart-rubrics').getAttribute('data-chart'), { timeout: 20_000 }).toBe('radar');
    await shot(page, '1280-dark');

    const phone = await journey.newContext(360);
    await loginViaApi(phone, journey.server.url, 'instructor');
    const small = await phone.newPage();
    await small.goto('/instructor/courses/MATH10');
    await expect.poll(() => small.getByTestId('chart-trend').getAttribute('data-chart'), { timeout: 20_000 }).toBe('line');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(small, '360-light');
    await small.getByRole('tab', { name: 'Breakdown' }).click();
    await small.getByRole('table', { name: 'Grades table' }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(small, '360-breakdown-light');
    await small.evaluate(() => localStorage.setItem('theme', 'dark'));
    await small.reload();
    await expect.poll(() => small.getByTestId('chart-trend').getAttribute('data-chart'), { timeout: 20_000 }).toBe('line');
    await shot(small, '360-dark');
    await phone.close();
  });

  it('a course with nothing graded says so', async () => {
    await page.goto('/instructor/courses/PHYS10');
    await page.getByText('No grade data available for this course.').waitFor();
    expect(await page.getByRole('tab', { name: 'Breakdown' }).count()).toBe(0);
    await shot(page, '1280-empty-dark');
  });
});
