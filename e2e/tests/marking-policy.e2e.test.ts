import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginWithForm, submitAndGrade } from '../src/journeys';

/**
 * An assignment's marking policy (issue 14): the instructor opens an assignment's submissions, the Marking policy tab,
 * chooses how a formula's case and a unit's own mark are marked, and saves; a reload shows the policy kept; every
 * question's marks already given are regraded with it, with the progress summed. It reads at
 * 360 px in the dark theme with nothing wider than the screen.
 */
let instructor: Page;
const journey = useJourney();
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `e2e/screenshots/marking-policy-${name}.png`, fullPage });

beforeAll(async () => {
  // Two submissions, graded offline before the policy is set: the policy's regrade has marks to go over.
  await submitAndGrade(journey, "Newton's Laws", {
    student: ['Force equals mass times acceleration, in newtons.', '6'],
    student2: ['F = ma, measured in newtons', '6 kg'],
  });
  instructor = await (await journey.newContext()).newPage();
});

async function openPolicy(page: Page) {
  await page.getByRole('button', { name: 'View Submissions' }).first().click();
  await page.getByRole('tab', { name: 'Marking policy' }).click();
  await page.getByTestId('marking-policy').waitFor();
}

describe("an assignment's marking policy", () => {
  it('the instructor sets how formulas and unit marks are marked, and the policy is kept', async () => {
    await loginWithForm(instructor, DEMO_USERS.instructor, 'Instructor');
    await instructor.waitForURL('**/instructor/assignments');
    await instructor.getByRole('link', { name: "Newton's Laws" }).first().click();
    await openPolicy(instructor);
    const policy = instructor.getByTestId('marking-policy');
    await policy.getByText(/Nothing set yet/).waitFor();
    const formulas = policy.getByRole('group', { name: /Chemical formulas written in the wrong letter case/ });
    await formulas.getByLabel('Case matters: a wrong case scores 0').check();
    const units = policy.getByRole('group', { name: /the unit a mark of its own/ });
    await units.getByLabel('The unit mark needs the right value').check();
    await shot(instructor, 'choosing');
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await policy.getByText('Saved. Gradings from now on follow this policy.').waitFor();
    await policy.getByText(/2 of \d+ set/).waitFor();
    await instructor.reload();
    await openPolicy(instructor);
    expect(await formulas.getByLabel('Case matters: a wrong case scores 0').isChecked()).toBe(true);
    expect(await units.getByLabel('The unit mark needs the right value').isChecked()).toBe(true);
    await shot(instructor, 'saved');
  });

  it('the marks already given are regraded with the saved policy, every question, as background jobs', async () => {
    const policy = instructor.getByTestId('marking-policy');
    const regrade = instructor.getByTestId('policy-regrade');
    await regrade.getByRole('button', { name: 'Regrade all questions' }).click();
    await regrade.getByRole('button', { name: 'Yes, regrade' }).click();
    const status = regrade.getByRole('status');
    await regrade.getByText(/^Done: \d+ answers? checked in \d+ questions?; \d+ marks? changed/).waitFor({ timeout: 60_000 });
    const text = (await status.textContent()) ?? '';
    expect(Number(/Done: (\d+) answers?/.exec(text)![1])).toBe(4);
    const bar = regrade.getByRole('progressbar', { name: "Students' answers done" });
    expect(await bar.getAttribute('aria-valuenow')).toBe(await bar.getAttribute('aria-valuemax'));
    await shot(instructor, 'regraded');
    await regrade.getByRole('button', { name: 'Done' }).click();
    await policy.getByRole('button', { name: 'Regrade all questions' }).waitFor();
  });

  it('reads at 360 px and in the dark theme', async () => {
    await instructor.evaluate(() => localStorage.setItem('theme', 'dark'));
    await instructor.setViewportSize({ width: 360, height: 780 });
    await instructor.reload();
    await openPolicy(instructor);
    await shot(instructor, '360-dark');
    await instructor.screenshot({ path: 'e2e/screenshots/marking-policy-360-dark-top.png' });
    // The four grading tabs keep one line each and scroll sideways, the selected one in sight.
    const bar = (await instructor.getByRole('tablist', { name: 'Grading view' }).boundingBox())!;
    for (const tab of await instructor.getByRole('tablist', { name: 'Grading view' }).getByRole('tab').all())
      expect((await tab.boundingBox())!.height).toBeLessThanOrEqual(40);
    const selected = (await instructor.getByRole('tab', { name: 'Marking policy' }).boundingBox())!;
    expect(selected.x).toBeGreaterThanOrEqual(bar.x - 1);
    expect(selected.x + selected.width).toBeLessThanOrEqual(bar.x + bar.width + 1);
    const overflow = await instructor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
