import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { loginWithForm } from '../src/journeys';

let page: Page;

const journey = useJourney();

beforeAll(async () => {
  page = await (await journey.newContext()).newPage();
});

describe('school administration', () => {
  it('an admin signs in through the administrator toggle', async () => {
    await loginWithForm(page, 'admin@demo.school', 'Admin');
    await page.waitForURL(/\/admin$/);
    await page.getByTestId('preapproved-card').waitFor();
    const list = page.getByRole('list', { name: 'Pre-approved addresses' });
    await expect.poll(() => list.textContent()).toContain('new.student@demo.school');
    expect(await list.textContent()).toContain('pupil@demo.school');
  });

  it('pre-approves one student, who can then ask for a signup code', async () => {
    await page.getByLabel('Student email to pre-approve').fill('late.joiner@demo.school');
    await page.getByRole('button', { name: 'Add student' }).click();
    const list = page.getByRole('list', { name: 'Pre-approved addresses' });
    await expect.poll(() => list.textContent(), { timeout: 10_000 }).toContain('late.joiner@demo.school');

    const student = await (await journey.newContext()).newPage();
    await student.goto('/student/signup?school=demo');
    await student.getByLabel('Email').fill('late.joiner@demo.school');
    await student.getByRole('button', { name: 'Send verification code' }).click();
    await student.getByTestId('code-countdown').waitFor();
    await student.context().close();
  });

  it('imports a CSV and reports what it skipped', async () => {
    await page.getByLabel('CSV file of student emails').setInputFiles({
      name: 'year9.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('email\nfirst.csv@demo.school\nsecond.csv@demo.school\nnot-an-address\npupil@demo.school\n'),
    });
    const result = page.getByTestId('csv-result');
    await expect.poll(() => result.textContent(), { timeout: 10_000 }).toContain('2 added');
    expect(await result.textContent()).toContain('2 skipped');
    await expect.poll(() => page.getByRole('list', { name: 'Pre-approved addresses' }).textContent()).toContain('second.csv@demo.school');
    await page.screenshot({ path: 'e2e/screenshots/admin-school.png', fullPage: true });
  });

  it('creates a course and enrols a student', async () => {
    await page.getByRole('link', { name: 'Courses' }).click();
    await page.waitForURL('**/admin/course-setup');
    await page.getByRole('button', { name: 'New course' }).click();
    await page.getByLabel('Course code').fill('HIST-9');
    await page.getByLabel('Grade', { exact: true }).selectOption('10');
    await page.getByLabel('Course name').fill('World History');
    await page.getByLabel('Subject').fill('History');
    await page.getByRole('button', { name: 'Create course' }).click();
    const card = page.getByTestId('course-HIST-9');
    await card.waitFor({ timeout: 10_000 });
    await card.getByLabel('Choose a student').selectOption({ label: 'Ada Lovelace · student@demo.school · Grade 10' });
    await card.getByRole('button', { name: 'Enrol' }).click();
    await expect
      .poll(() => card.getByRole('list', { name: 'Students of HIST-9' }).textContent(), { timeout: 10_000 })
      .toContain('Ada Lovelace');
  });
});
