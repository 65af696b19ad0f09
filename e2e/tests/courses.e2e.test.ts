import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useJourney } from '../src/harness';

let context: BrowserContext;
let page: Page;

const journey = useJourney();

beforeAll(async () => {
  context = await journey.newContext();
  page = await context.newPage();
});

describe('an instructor browses the courses they teach', () => {
  it('logs in and opens My Courses', async () => {
    await page.goto('/login');
    // Instructor is the default role on the login page.
    await page.getByLabel('Email', { exact: true }).fill('teacher@demo.school');
    await page.getByLabel('Password', { exact: true }).fill('Evergrade#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/instructor/assignments');
    await page.getByRole('link', { name: 'Courses', exact: true }).click();
    await page.waitForURL('**/instructor/courses');
    await expect.poll(() => page.getByRole('heading', { name: 'My Courses' }).count()).toBe(1);
    const maths = page.getByRole('link', { name: 'Mathematics (MATH10)' });
    await maths.waitFor();
    expect(await maths.getByText('2 Students').count()).toBe(1);
    expect(await maths.getByText('Grade 10').count()).toBe(1);
    expect(await page.getByRole('link', { name: /\(PHYS10\)/ }).count()).toBe(1);
  });

  it('opens a course and sees its students and assignments', async () => {
    await page.getByRole('link', { name: 'Mathematics (MATH10)' }).click();
    await page.waitForURL(/\/instructor\/courses\/MATH10\?/);
    await expect.poll(() => page.getByRole('heading', { name: 'Mathematics', exact: true }).count()).toBe(1);
    const students = page.getByRole('list', { name: 'Students' });
    await students.getByText('Ada Lovelace').waitFor();
    expect(await students.getByText('Emmy Noether').count()).toBe(1);
    await page.getByRole('list', { name: 'Assignments' }).getByText('Quadratic Equations').waitFor();
    // Nothing is graded yet on a fresh demo school (course-analytics.e2e.test.ts grades some work).
    await page.getByText('No grade data available for this course.').waitFor();
  });

  it('goes back to the list', async () => {
    await page.getByRole('link', { name: 'Back to Courses' }).click();
    await page.waitForURL(/\/instructor\/courses$/);
    await page.getByRole('link', { name: 'Mathematics (MATH10)' }).waitFor();
  });
});
