import { describe, expect, it } from 'vitest';
import { useJourney } from '../src/harness';
import { loginViaApi, loginWithForm } from '../src/journeys';

const journey = useJourney();

describe('report a problem', () => {
  it("opens the app's form in a new tab from the top bar; the report reaches the school's admin", async () => {
    const context = await journey.newContext();
    await loginViaApi(context, journey.server.url, 'student');
    const page = await context.newPage();
    await page.goto('/student/assignments?tab=past');
    const button = page.getByRole('link', { name: 'Report a problem' });
    await expect.poll(() => button.getAttribute('href')).toBe('/feedback?from=%2Fstudent%2Fassignments%3Ftab%3Dpast');
    const [form] = await Promise.all([context.waitForEvent('page'), button.click()]);
    await form.waitForURL(/\/feedback\?from=/);
    await form.getByRole('heading', { name: 'Report a problem' }).waitFor();
    expect(await form.getByTestId('feedback-page').textContent()).toBe('Page: /student/assignments?tab=past');
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByText('Please describe the problem').first().waitFor();
    await form.getByLabel('What kind of problem?').selectOption('Something is confusing');
    await form.getByLabel('What happened?').fill('The Past tab shows nothing although I handed in two essays.');
    await form.getByRole('button', { name: 'Send report' }).click();
    await form.getByTestId('feedback-sent').waitFor();
    await form.screenshot({ path: 'e2e/screenshots/report-problem-sent.png' });
    await context.close();

    const admin = await (await journey.newContext()).newPage();
    await loginWithForm(admin, 'admin@demo.school', 'Admin');
    await admin.waitForURL(/\/admin$/);
    await admin.getByRole('link', { name: 'Problem reports' }).click();
    await admin.waitForURL(/\/admin\/reports$/);
    const reports = admin.getByRole('list', { name: 'Problem reports' });
    await expect
      .poll(() => reports.textContent(), { timeout: 10_000 })
      .toContain('The Past tab shows nothing although I handed in two essays.');
    expect(await reports.textContent()).toContain('/student/assignments?tab=past');
    expect(await reports.textContent()).toContain('student@demo.school');
    await admin.context().close();
  });

  it('sends a signed-out visitor of /feedback to the login page', async () => {
    const page = await (await journey.newContext()).newPage();
    await page.goto('/feedback');
    await page.waitForURL('**/login');
    await page.context().close();
  });
});
