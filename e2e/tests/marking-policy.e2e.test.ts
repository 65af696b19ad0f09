import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginWithForm } from '../src/journeys';

/**
 * An assignment's marking policy (issue 14): the instructor opens an assignment's submissions, the Marking policy tab,
 * chooses how a formula's case and a unit's own mark are marked, and saves; a reload shows the policy kept. It reads at
 * 360 px in the dark theme with nothing wider than the screen.
 */
let instructor: Page;
const journey = useJourney();
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: `e2e/screenshots/marking-policy-${name}.png`, fullPage });

beforeAll(async () => {
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

  it('reads at 360 px and in the dark theme', async () => {
    await instructor.evaluate(() => localStorage.setItem('theme', 'dark'));
    await instructor.setViewportSize({ width: 360, height: 780 });
    await instructor.reload();
    await openPolicy(instructor);
    await shot(instructor, '360-dark');
    const overflow = await instructor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
