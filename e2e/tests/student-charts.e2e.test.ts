import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { loginViaApi } from '../src/journeys';

/**
 * Issue 10, item 16: with fewer than three subjects the 'Subject averages' radar was a vertical line; the
 * 'Grade %' axis titles were cut off; bar names overlapped on a phone. Two graded subjects are drawn as bars.
 */
const journey = useJourney();
let page: Page;

async function callAs(context: BrowserContext) {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
  return async (method: 'get' | 'post', path: string, data?: unknown) => {
    const res = await context.request[method](path, { data, headers: { 'x-tenant': 'demo', 'x-csrf-token': csrf } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return res;
  };
}

/** Ada's answers to the demo school's Quadratic Equations (Mathematics) and Newton's Laws (Physics), in question order. */
const ANSWERS: Record<string, string[]> = {
  'Quadratic Equations': [
    '(x - 2)(x - 3) = 0 so x = 2 or x = 3',
    'k = 6 or k = -6',
    'The discriminant b^2 - 4ac tells how many real roots: positive two, zero one, negative none.',
  ],
  "Newton's Laws": ['F = ma: the net force is mass times acceleration, in newtons (N)', '6 N'],
};

/** Ada answers both; her teacher grades both. */
async function gradeTwoSubjects() {
  const student = await journey.newContext();
  await loginViaApi(student, journey.server.url, 'student');
  const asStudent = await callAs(student);
  const list = (await (await asStudent('get', '/students/get-assignments')).json()) as Record<
    string,
    { assignment_id: number; title: string }
  >;
  const ids = Object.keys(ANSWERS).map((t) => Object.values(list).find((a) => a.title === t)!.assignment_id);
  for (const [i, id] of ids.entries()) {
    const answers = Object.values(ANSWERS)[i]!;
    const { questions } = (await (await asStudent('post', '/students/get-assignment-questions', { assignment_id: id })).json()) as {
      questions: { question_id: number }[];
    };
    await asStudent('post', '/students/submit-assignment', {
      assignment_id: id,
      responses: Object.fromEntries(questions.map((q, n) => [String(q.question_id), answers[n] ?? ''])),
    });
  }
  const { studentId } = (await (await asStudent('get', '/students/get-student')).json()) as { studentId: number };
  await student.close();

  const teacher = await journey.newContext();
  await loginViaApi(teacher, journey.server.url, 'instructor');
  const asTeacher = await callAs(teacher);
  for (const id of ids) {
    const lines = await (await asTeacher('post', '/grader/grade-submission', { assignment_id: id, student_id: studentId })).text();
    expect(lines).toContain('"status":"complete"');
  }
  await teacher.close();
}

beforeAll(async () => {
  await gradeTwoSubjects();
  const context = await journey.newContext(390);
  await loginViaApi(context, journey.server.url, 'student');
  page = await context.newPage();
});

describe("a student's charts on a 390 px phone", () => {
  it('shows two subjects as bars (yours beside the class average), not as a radar', async () => {
    await page.goto('/student/dashboard');
    const subjects = page.getByTestId('chart-subjects');
    await expect.poll(() => subjects.getAttribute('data-chart'), { timeout: 15_000 }).toBe('bar');
    const described = await subjects.getAttribute('aria-label');
    expect(described).toMatch(/^Subject averages: Mathematics [\d.]+% \(class [\d.]+%\), Physics [\d.]+% \(class [\d.]+%\)\.$/);
    expect(described).not.toContain('Mathematics 0.0%');
    await expect.poll(() => page.getByTestId('chart-per-assignment').getAttribute('data-chart')).toBe('bar');
    await expect.poll(() => page.getByTestId('chart-over-time').getAttribute('data-chart')).toBe('line');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.waitForTimeout(1000); // the charts' entry animation, for the screenshots only
    await page.screenshot({ path: 'e2e/screenshots/charts-390-light.png', fullPage: true });
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect.poll(() => subjects.getAttribute('data-chart'), { timeout: 15_000 }).toBe('bar');
    await page.waitForTimeout(1000);
    await page.screenshot({ path: 'e2e/screenshots/charts-390-dark.png', fullPage: true });
  });
});
