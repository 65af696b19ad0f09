import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { INSIGHT_MESSAGES } from '@evergrade/contracts';
import { useJourney } from '../src/harness';
import { gradeQuadraticEquations } from '../src/insights-seed';
import { DEMO_USERS, loginWithForm } from '../src/journeys';

/**
 * The demo teacher's assignment insights (issue 12) on graded work: Ada Lovelace and Emmy Noether submit 'Quadratic
 * Equations' online, the offline grader grades them and the teacher sets the marks: Ada 4, 3, 2 (9/10), Emmy 2, 1, 0
 * (3/10). Q1 (4 marks) is tagged Problem Solving, Q2 and Q3 (3 marks each) count toward General. The summaries are
 * written by the server's summary writer (offline: no AI provider in the journey).
 */
let context: BrowserContext;
let page: Page;
let assignmentId: number;
const journey = useJourney();
const shot = (name: string, fullPage = false) => page.screenshot({ path: `e2e/screenshots/insights-${name}.png`, fullPage });

const dialog = () => page.getByRole('dialog', { name: 'Student insights' });
const figure = (name: string) => page.getByTestId(`figure-${name}`).locator('xpath=..');
const row = (name: string) => dialog().getByTestId('summary-table').getByRole('row').filter({ hasText: name });

async function openAssignment(p: Page) {
  await p.goto(`/instructor/assignments/${assignmentId}`);
  await p.getByText('Grading overview').click();
  await p.getByTestId('overview-figures').waitFor();
}

beforeAll(async () => {
  assignmentId = await gradeQuadraticEquations(journey.server.url);
  context = await journey.newContext();
  page = await context.newPage();
  // charts drawn at once (the UI honours reduced motion), so screenshots show them whole
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

describe('the grading overview and the student summary modal', () => {
  it('the teacher opens the grading overview: the figures to 2 decimals, both charts, item analysis', async () => {
    await loginWithForm(page, DEMO_USERS.instructor, 'Instructor');
    await page.waitForURL('**/instructor/assignments');
    await page.getByRole('link', { name: 'Quadratic Equations' }).first().click();
    await page.waitForURL(/\/instructor\/assignments\/\d+$/);
    await page.getByText('Grading overview').click();
    await expect.poll(() => figure('graded').textContent(), { timeout: 15_000 }).toBe('2 of 2');
    expect(await figure('submissions').textContent()).toBe('2');
    expect(await figure('mean').textContent()).toBe('6.00 of 10.00');
    expect(await figure('median').textContent()).toBe('6.00 of 10.00');
    expect(await figure('highest').textContent()).toBe('9.00 of 10.00Ada Lovelace');
    expect(await figure('lowest').textContent()).toBe('3.00 of 10.00Emmy Noether');
    // echarts drew both (the lazily loaded chunk), as bars
    await expect.poll(() => page.getByTestId('chart-distribution').getAttribute('data-chart')).toBe('bar');
    await expect.poll(() => page.getByTestId('chart-full-marks').getAttribute('data-chart')).toBe('bar');
    expect(await page.getByTestId('chart-distribution').locator('canvas').count()).toBe(1);

    const items = page.getByTestId('item-analysis');
    expect(await items.getByRole('row').count()).toBe(4);
    expect(await page.getByTestId('item-1').textContent()).toContain('75% Medium');
    expect(await page.getByTestId('item-analysis-unreliable').textContent()).toContain('Only 2 graded submissions so far');
    expect(await page.getByTestId('item-analysis-explained').textContent()).toContain('Discrimination');
    await shot('overview-1280-light', true);
  });

  it('opens the summary modal: students by rubric category with total and summary, written offline', async () => {
    await page.getByRole('button', { name: 'Student summaries' }).click();
    await dialog().waitFor();
    expect(await dialog().getByRole('tab', { name: 'Individual Summary' }).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => dialog().getByRole('columnheader').allTextContents())
      .toEqual(['Student', 'Problem Solving', 'General', 'Total', 'Summary']);
    expect((await row('Ada Lovelace').getByRole('cell').allTextContents()).slice(0, 3)).toEqual([
      '4/4 (80% or more)',
      '5/6 (80% or more)',
      '9/10 (80% or more)',
    ]);
    expect(await row('Emmy Noether').getByRole('cell').first().getAttribute('data-band')).toBe('yellow');
    expect(await row('Emmy Noether').getByRole('cell').nth(1).getAttribute('data-band')).toBe('red');
    // the summary writer catches up: each row's summary, labelled as written offline
    await expect.poll(() => dialog().getByTestId('summary-writing').count(), { timeout: 30_000 }).toBe(0);
    expect(await row('Ada Lovelace').textContent()).toContain('Generated offline');
    expect(await row('Ada Lovelace').textContent()).toContain('Quadratic Equations');
    await shot('individual-1280-light');
  });

  it('searches the students', async () => {
    const search = dialog().getByRole('searchbox', { name: 'Search students' });
    await search.fill('emmy');
    await expect.poll(() => dialog().getByTestId('summary-table').getByRole('row').count()).toBe(2);
    await search.fill('nobody');
    await dialog().getByText(INSIGHT_MESSAGES.noStudentsMatch).waitFor();
    await search.fill('');
    await expect.poll(() => dialog().getByTestId('summary-table').getByRole('row').count()).toBe(3);
  });

  it('downloads the table as CSV: the file name from the title, the rows as shown', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), dialog().getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Quadratic_Equations_student_summaries.csv');
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Student,Problem Solving,General,Total,Summary');
    expect(lines[1]).toMatch(/^Ada Lovelace,4\/4,5\/6,9\/10,"?Scored 9\/10/);
    expect(lines.find((l) => l.startsWith('Emmy Noether,'))).toMatch(/^Emmy Noether,2\/4,1\/6,3\/10,"?Scored 3\/10/);
  });

  it('Classwide: the rubric averages in the performance colours, and the class summary', async () => {
    await dialog().getByRole('tab', { name: 'Classwide Summary' }).click();
    const bars = dialog().getByTestId('performance-bars').getByRole('listitem');
    await expect.poll(() => bars.allTextContents(), { timeout: 30_000 }).toEqual(['Problem Solving3/4 (75%)', 'General3/6 (50%)']);
    expect([await bars.nth(0).getAttribute('data-band'), await bars.nth(1).getAttribute('data-band')]).toEqual(['orange', 'darkorange']);
    await shot('classwide-1280-light');
    await dialog().getByRole('button', { name: 'Overview' }).click();
    await expect.poll(() => dialog().getByTestId('class-overview').textContent(), { timeout: 30_000 }).toContain('Generated offline');
    await shot('class-overview-1280-light');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().count()).toBe(0);
  });

  it("the graded submission's Summary menu opens the modal on the tab picked", async () => {
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await page.getByTestId('graded-submission').waitFor();
    await page.getByRole('button', { name: 'Summary', exact: true }).click();
    await page.getByTestId('summary-menu').getByRole('button', { name: 'Classwide summary' }).click();
    expect(await dialog().getByRole('tab', { name: 'Classwide Summary' }).getAttribute('aria-selected')).toBe('true');
    await dialog().getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Summary', exact: true }).click();
    await page.getByTestId('summary-menu').getByRole('button', { name: 'Individual summary' }).click();
    expect(await dialog().getByRole('tab', { name: 'Individual Summary' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
  });

  it('at 360 px and in dark mode: the overview and both tabs fit the phone', async () => {
    for (const [width, theme] of [
      [1280, 'dark'],
      [360, 'light'],
      [360, 'dark'],
    ] as const) {
      const ctx = await journey.newContext(width);
      const p = await ctx.newPage();
      await p.emulateMedia({ reducedMotion: 'reduce' });
      await loginWithForm(p, DEMO_USERS.instructor, 'Instructor');
      await p.waitForURL('**/instructor/assignments');
      await p.evaluate((t) => localStorage.setItem('theme', t), theme);
      await openAssignment(p);
      await expect.poll(() => p.getByTestId('chart-distribution').getAttribute('data-chart')).toBe('bar');
      // nothing wider than the screen
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const tag = `${width}-${theme}`;
      await p.getByTestId('grading-overview').screenshot({ path: `e2e/screenshots/insights-overview-${tag}.png` });
      await p.getByRole('button', { name: 'Student summaries' }).click();
      await p.getByRole('dialog').getByTestId('summary-table').waitFor();
      await p.screenshot({ path: `e2e/screenshots/insights-individual-${tag}.png` });
      await p.getByRole('tab', { name: 'Classwide Summary' }).click();
      await p.getByTestId('performance-bars').waitFor();
      await p.screenshot({ path: `e2e/screenshots/insights-classwide-${tag}.png` });
      // The graded submission's Summary menu stays on the screen (a sheet at the foot on a phone).
      await p.keyboard.press('Escape');
      await p.getByRole('button', { name: 'View Submissions' }).click();
      await p.getByTestId('graded-submission').waitFor();
      await p.getByRole('button', { name: 'Summary', exact: true }).click();
      const menu = await p.getByTestId('summary-menu').boundingBox();
      expect(menu!.x).toBeGreaterThanOrEqual(0);
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(width);
      await p.screenshot({ path: `e2e/screenshots/insights-summary-menu-${tag}.png` });
      await ctx.close();
    }
  });
});
