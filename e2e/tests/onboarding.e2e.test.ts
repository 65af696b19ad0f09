import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { codeFromMail, DEMO_PASSWORD, loginWithForm } from '../src/journeys';

const journey = useJourney();

async function freshPage(): Promise<Page> {
  const context = await journey.newContext();
  return context.newPage();
}

/** Steps 1 and 2 of signup or reset: ask for a code, read it from the dev outbox, type it. */
async function passCodeSteps(page: Page, email: string, sendLabel: string) {
  const since = Date.now() - 2000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: sendLabel }).click();
  await page.getByTestId('code-countdown').waitFor();
  const code = await codeFromMail(journey.server.url, email, { after: since });
  // typed box by box: focus moves forward by itself
  await page.getByTestId('code-digit-1').focus();
  await page.keyboard.type(code);
  expect(await page.getByTestId('code-digit-6').inputValue()).toBe(code[5]);
  await page.getByRole('button', { name: 'Verify code' }).click();
}

async function fillPasswords(page: Page, password: string, label = 'Password') {
  await page.getByLabel(label, { exact: true }).fill(password);
  await page.getByLabel(`Confirm ${label.toLowerCase()}`, { exact: true }).fill(password);
}

describe('onboarding', () => {
  it('an instructor signs up with an e-mailed code and lands signed in on the dashboard', async () => {
    const page = await freshPage();
    await page.goto('/instructor/signup?school=demo');
    await expect.poll(() => page.getByTestId('school-banner').textContent()).toContain('Demo School');
    await passCodeSteps(page, 'new.teacher@demo.school', 'Send verification code');
    await page.getByText('Tell us about you').waitFor();
    expect(await page.getByLabel('School').inputValue()).toBe('Demo School');
    await page.getByLabel('First name').fill('Katherine');
    await page.getByLabel('Last name').fill('Johnson');
    await page.getByText('Sir', { exact: true }).click();
    const create = page.getByTestId('create-account');
    expect(await create.isDisabled()).toBe(true);
    await fillPasswords(page, 'Orbit#Calc1962');
    await create.click();
    await page.getByTestId('flow-success').waitFor();
    await page.screenshot({ path: 'e2e/screenshots/signup-success.png' });
    await page.getByRole('button', { name: 'Login Now' }).click();
    // /instructor/dashboard is the instructor's assignment list (the spec does not describe another dashboard).
    await page.waitForURL('**/instructor/assignments');
    // Signed in without a login: the first visit greets the new instructor by name.
    await expect.poll(() => page.getByTestId('instructor-greeting').getAttribute('aria-label')).toBe('Hello, Katherine');
    await page.reload();
    await page.waitForURL('**/instructor/assignments');
    await page.context().close();
  });

  it('a pre-approved student signs up and after 5 seconds lands signed in on the assignment list', async () => {
    const page = await freshPage();
    await page.goto('/student/signup?school=demo');
    await page.getByText('Only pre-approved email addresses are allowed to sign up.').waitFor();
    await passCodeSteps(page, 'new.student@demo.school', 'Send verification code');
    await page.getByLabel('Grade', { exact: true }).selectOption('9');
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill("O'Brien");
    await fillPasswords(page, 'Study#Hard2026');
    await page.getByTestId('create-account').click();
    await page.getByTestId('flow-success').waitFor();
    await page.waitForURL('**/student/assignments', { timeout: 8000 });
    await page.getByRole('tab', { name: /Practice/ }).waitFor();
    expect(page.url()).toMatch(/\/student\/assignments$/);
    await page.context().close();
  });

  it('an address that is not pre-approved is told so', async () => {
    const page = await freshPage();
    await page.goto('/student/signup?school=demo');
    await page.getByLabel('Email').fill('stranger@demo.school');
    await page.getByRole('button', { name: 'Send verification code' }).click();
    await expect.poll(() => page.getByTestId('flow-status').textContent()).toBe('This email address is not authorized for signup.');
    await page.context().close();
  });

  it('a signup link without a school goes to login with the alert', async () => {
    const page = await freshPage();
    await page.goto('/instructor/signup');
    await page.waitForURL('**/login');
    await page.getByText('Invalid signup link. Please contact your school administrator.').waitFor();
    await page.context().close();
  });

  it('forgot password: a code, a new password, then login with it', async () => {
    const page = await freshPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await passCodeSteps(page, 'student2@demo.school', 'Send reset code');
    await fillPasswords(page, 'Brand#New2027', 'New password');
    await page.getByTestId('reset-password').click();
    await page.getByTestId('flow-success').waitFor();
    await page.getByRole('button', { name: 'Login Now' }).click();
    await page.waitForURL('**/login');
    await loginWithForm(page, 'student2@demo.school', 'Student', DEMO_PASSWORD);
    await page.getByRole('alertdialog').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await loginWithForm(page, 'student2@demo.school', 'Student', 'Brand#New2027');
    await page.waitForURL('**/student/assignments');
    await page.context().close();
  });
});
