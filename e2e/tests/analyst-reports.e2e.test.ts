import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { loginViaApi, loginWithForm } from '../src/journeys';

let page: Page;

const journey = useJourney();

/** The demo student hands in Quadratic Equations through the API (the subject here is the analyst's page). */
async function studentSubmits(context: BrowserContext) {
  const base = journey.server.url;
  await loginViaApi(context, base, 'student');
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_access_token')!.value;
  const headers = { 'x-tenant': 'demo', 'x-csrf-token': csrf };
  const assignments = (await (await context.request.get(`${base}/students/get-assignments`, { headers })).json()) as Record<
    string,
    { title: string }
  >;
  const id = Number(Object.entries(assignments).find(([, a]) => a.title === 'Quadratic Equations')![0]);
  const { questions } = (await (
    await context.request.post(`${base}/students/get-assignment-questions`, { headers, data: { assignment_id: id } })
  ).json()) as { questions: { question_id: number }[] };
  const submitted = await context.request.post(`${base}/students/submit-assignment`, {
    headers,
    data: { assignment_id: id, responses: { [String(questions[0]!.question_id)]: 'x = 2 or x = 3' } },
  });
  expect(submitted.status()).toBe(200);
}

beforeAll(async () => {
  const student = await journey.newContext();
  await studentSubmits(student);
  await student.close();
  page = await (await journey.newContext()).newPage();
});

describe('an analyst runs a report', () => {
  it('signs in through the analyst toggle and lands on Reports', async () => {
    await loginWithForm(page, 'analyst@demo.school', 'Analyst');
    await page.waitForURL(/\/analyst$/);
    await page.getByTestId('report-select').waitFor();
    expect(await page.getByText('No report run yet').count()).toBe(1);
  });

  it('runs Submission timing over the window and reads the table, names pseudonymised', async () => {
    await page.getByTestId('report-select').selectOption('submission-timing');
    await page.getByRole('button', { name: 'Run report' }).click();
    const table = page.getByTestId('report-table');
    await table.waitFor({ timeout: 30_000 });
    await expect.poll(() => table.textContent()).toContain('Quadratic Equations');
    expect(await page.getByTestId('report-names').textContent()).toBe('Names pseudonymised');
    expect(await page.getByRole('button', { name: 'Download CSV' }).isEnabled()).toBe(true);
    await page.getByTestId('report-chart').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^submission-timing_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('opens the Reports page straight from its address (a new tab or a reload gets the app, not the API)', async () => {
    await page.goto('/analyst');
    await page.getByTestId('report-select').waitFor();
    expect(await page.getByRole('heading', { name: 'Reports', level: 2 }).count()).toBe(1);
  });

  it('an analyst is kept out of the admin area', async () => {
    await page.goto('/admin');
    await page.waitForURL(/\/login$/);
  });
});
