import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_PASSWORD, loginWithForm } from '../src/journeys';

const journey = useJourney();

const newContext = (width = 1280): Promise<BrowserContext> => journey.newContext(width);

describe('session and theme', () => {
  it('sends a signed-out visitor of a student route to /login', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/student/assignments');
    await page.waitForURL('**/login');
    await page.goto('/admin');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.evaluate("localStorage.getItem('theme')")).toBe('dark');
    await page.goto('/docs');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await context.close();
  });

  it('serves the instructor manual and refuses unknown documents', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto('/docs');
    await page.getByTestId('doc-card-instructor-manual').click();
    await page.waitForURL('**/docs/instructor-manual');
    await page.getByRole('heading', { name: 'Instructor Reference Manual' }).waitFor();
    await page.locator('.toc-list a', { hasText: 'The audit history' }).click();
    await expect.poll(async () => (await page.locator('#audit').boundingBox())?.y ?? 9999).toBeLessThan(200);
    await page.goto('/docs/no-such-doc');
    await page.getByText('Document "no-such-doc" not found').waitFor();
    await context.close();
  });
});

describe('profile', () => {
  let page: Page;

  it('a student edits their name from the profile menu', async () => {
    const context = await newContext();
    page = await context.newPage();
    await loginWithForm(page, 'student@demo.school', 'Student');
    await page.waitForURL('**/student/assignments');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('link', { name: 'Profile & Settings' }).click();
    await page.waitForURL('**/student/profile');
    await page.getByRole('heading', { name: 'Profile and Settings' }).waitFor();
    const last = page.getByLabel('Last name');
    await expect.poll(() => last.inputValue()).toBe('Lovelace');
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    await last.fill('Byron');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Last name').inputValue(), { timeout: 10_000 }).toBe('Byron');
  });

  it('changes the password, then logs in with the new one', async () => {
    await page.getByLabel('Current password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Fresh#Start9');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Fresh#Start9');
    await page.getByText('✓ Passwords match').waitFor();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated successfully!').waitFor();
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await loginWithForm(page, 'student@demo.school', 'Student', 'Fresh#Start9');
    await page.waitForURL('**/student/assignments');
  });

  it('an instructor chooses how students address them', async () => {
    const context = await newContext(390);
    const p = await context.newPage();
    await loginWithForm(p, 'teacher@demo.school', 'Instructor');
    await p.waitForURL('**/instructor/assignments');
    await p.goto('/instructor/profile');
    await p.getByTestId('profile-info').waitFor();
    await p.getByText('Other', { exact: true }).click();
    await p.getByLabel('Preferred title').fill('Dr.');
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await p.getByText('Profile updated successfully!').waitFor();
    await p.getByRole('button', { name: 'Profile menu' }).click();
    await expect.poll(() => p.locator('.menu-user-name').textContent()).toBe('Dr. Grace Hopper');
    await context.close();
  });
});
