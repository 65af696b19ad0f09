import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginWithForm } from '../src/journeys';

let context: BrowserContext;
let page: Page;

const journey = useJourney();
const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
const setTheme = async (theme: 'light' | 'dark') => {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
};

beforeAll(async () => {
  context = await journey.newContext();
  page = await context.newPage();
});

/** Submit one assignment through the API, as the signed-in student, so the list has two statuses. */
async function submitByTitle(title: string): Promise<void> {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
  const headers = { 'x-csrf-token': csrf, 'x-tenant': 'demo' };
  const list = (await (await context.request.get('/students/get-assignments', { headers })).json()) as Record<
    string,
    { assignment_id: number; title: string }
  >;
  const id = Object.values(list).find((a) => a.title === title)!.assignment_id;
  const res = await context.request.post('/students/submit-assignment', { data: { assignment_id: id, responses: {} }, headers });
  expect(res.status()).toBe(200);
}

describe('student list, calendar and dashboard', () => {
  it("greets on the first visit: 'Hello' and the first name typed out, then the logo, then it goes", async () => {
    await loginWithForm(page, DEMO_USERS.student, 'Student');
    await page.waitForURL('**/student/assignments');
    const greeting = page.getByTestId('greeting');
    await expect.poll(() => greeting.count()).toBe(1);
    // the list is usable while the greeting plays
    await expect.poll(() => page.getByRole('link', { name: /Quadratic Equations/ }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('greeting-hello').textContent(), { timeout: 6000 }).toBe('Hello, Ada');
    await expect.poll(() => page.getByTestId('greeting-logo').textContent(), { timeout: 6000 }).toBe('Evergrade');
    await shot('student-greeting');
    await expect.poll(() => greeting.count(), { timeout: 6000 }).toBe(0);
  });

  it('does not greet again in the same session', async () => {
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: /Quadratic Equations/ }).count()).toBeGreaterThan(0);
    await page.waitForTimeout(2500);
    expect(await page.getByTestId('greeting').count()).toBe(0);
  });

  it('pre-selects the status filter from ?selectedFilters=', async () => {
    await submitByTitle("Newton's Laws");
    await page.goto('/student/assignments?selectedFilters=Submitted');
    await expect.poll(() => page.getByRole('link', { name: /Newton's Laws/ }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /Quadratic Equations/ }).count()).toBe(0);
    await page.getByRole('button', { name: /Filters/ }).click();
    expect(await page.getByRole('checkbox', { name: 'Submitted' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Incomplete' }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await page.goto('/student/assignments?selectedFilters=Graded');
    await expect.poll(() => page.getByText('No assignments match your filters').count()).toBe(1);
  });

  it('opens the calendar from the list and moves between months to the due work', async () => {
    await page.goto('/student/assignments');
    await page.getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL('**/calendar');
    const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    await expect.poll(() => page.getByRole('heading', { level: 3 }).first().textContent()).toContain(month.split(' ')[0]);
    const chip = page.locator('.calendar-grid').getByRole('link', { name: /Quadratic Equations/ });
    // The grid replaces the spinner once the student's assignments are in: count chips only then.
    await page.locator('.calendar-grid').waitFor();
    for (let i = 1; i <= 3 && (await chip.count()) === 0; i++) {
      await page.getByRole('button', { name: 'Next month' }).click();
      // Count only once the grid shows the next month (the URL moves before the month is drawn).
      const next = new Date(new Date().getFullYear(), new Date().getMonth() + i, 1);
      const title = next.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
      await expect.poll(() => page.getByRole('heading', { level: 3 }).first().textContent()).toContain(title);
    }
    expect(await chip.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('month')).toMatch(/^\d{4}-\d{2}$/);
    await shot('calendar-light');
    await setTheme('dark');
    await expect.poll(() => chip.count()).toBe(1);
    await shot('calendar-dark');
    await setTheme('light');
    await chip.click();
    await page.waitForURL(/\/student\/assignments\/\d+$/);
  });

  it('shows the dashboard from the logo: the status doughnut on a canvas, grade charts waiting for grades', async () => {
    await page.goto('/student/assignments');
    await page.getByRole('link', { name: 'Evergrade home' }).click();
    await page.waitForURL('**/student/dashboard');
    const doughnut = page.getByTestId('chart-status');
    await expect.poll(() => doughnut.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await doughnut.getAttribute('aria-label')).toBe('Assignments Status: 4 assignments: 3 Incomplete, 1 Submitted.');
    await expect.poll(() => page.getByText('No graded work yet').count()).toBe(3);
    await shot('dashboard-light');
    await setTheme('dark');
    await expect.poll(() => page.getByTestId('chart-status').locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(800); // the doughnut's entry animation
    await shot('dashboard-dark');
    await setTheme('light');
  });

  it('goes from a doughnut slice to the list filtered by that status', async () => {
    const canvas = page.getByTestId('chart-status').locator('canvas');
    await expect.poll(() => canvas.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(800);
    const box = (await canvas.boundingBox())!;
    // the ring's right-hand edge: the larger slice (3 Incomplete of 4) starts at 12 o'clock and runs clockwise
    const ring = Math.min(box.width / 2, (box.height - 40) / 2) * 0.77;
    await page.mouse.click(box.x + box.width / 2 + ring, box.y + (box.height - 40) * 0.45);
    await page.waitForURL(/selectedFilters=/);
    expect(new URL(page.url()).searchParams.get('selectedFilters')).toBe('Incomplete');
  });
});
