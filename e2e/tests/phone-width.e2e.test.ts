import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginViaApi } from '../src/journeys';

/** The narrowest phone the product supports: no screen may scroll sideways at this width. */
const PHONE = 360;
const journey = useJourney();

/** The page's width against the screen's, with the elements that stick out (named in a failure). */
async function sideways(page: Page): Promise<{ scrollWidth: number; wider: string[] }> {
  return page.evaluate(() => {
    const wider: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right + scrollX > innerWidth + 1) wider.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 40)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, wider: wider.slice(0, 5) };
  });
}

async function expectNoSidewaysScroll(page: Page, ready: Locator) {
  await ready.first().waitFor();
  const { scrollWidth, wider } = await sideways(page);
  expect(scrollWidth, `${new URL(page.url()).pathname} is ${scrollWidth} px wide: ${wider.join(', ')}`).toBeLessThanOrEqual(PHONE);
}

type Role = keyof typeof DEMO_USERS;
const pages: Partial<Record<Role | 'guest', { context: BrowserContext; page: Page }>> = {};

beforeAll(async () => {
  for (const role of ['guest', 'student', 'instructor', 'admin'] as const) {
    const context = await journey.newContext(PHONE);
    if (role !== 'guest') await loginViaApi(context, journey.server.url, role);
    pages[role] = { context, page: await context.newPage() };
  }
});
afterAll(async () => {
  for (const p of Object.values(pages)) await p?.context.close();
});
const as = (role: Role | 'guest') => pages[role]!.page;

describe(`no screen scrolls sideways on a ${PHONE} px phone`, () => {
  it('signed out: login, password reset, sign-ups and the docs', async () => {
    const page = as('guest');
    for (const [path, ready] of [
      ['/login', () => page.getByLabel('Email')],
      ['/forgot-password', () => page.getByLabel('Email')],
      ['/student/signup?school=demo', () => page.getByLabel(/mail/i)],
      ['/instructor/signup?school=demo', () => page.getByLabel(/mail/i)],
      ['/docs', () => page.getByTestId('doc-card-instructor-manual')],
      ['/docs/instructor-manual', () => page.getByRole('heading', { level: 1 })],
    ] as const) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, ready());
    }
  });

  it('student: the list and each of its tabs, the filters, an assignment, the dashboard, calendar and profile', async () => {
    const page = as('student');
    await page.goto('/student/assignments');
    await expectNoSidewaysScroll(page, page.getByRole('link', { name: /Quadratic Equations/ }));
    for (const tab of ['Past', 'Practice', 'Upcoming']) {
      await page.getByRole('tab', { name: new RegExp(tab) }).click();
      await expect.poll(() => page.getByRole('tab', { name: new RegExp(tab) }).getAttribute('aria-selected')).toBe('true');
      await expectNoSidewaysScroll(page, page.getByRole('tabpanel'));
    }
    await page.getByRole('button', { name: /Filters/ }).click();
    await expectNoSidewaysScroll(page, page.getByRole('checkbox', { name: 'Submitted' }));
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: /Quadratic Equations/ }).click();
    await expectNoSidewaysScroll(page, page.getByRole('textbox', { name: /Question 1|Answer/ }));
    await page.goto('/student/dashboard');
    await expectNoSidewaysScroll(page, page.getByTestId('chart-status').locator('canvas'));
    await page.goto('/calendar');
    await expectNoSidewaysScroll(page, page.getByRole('button', { name: 'Next month' }));
    await page.goto('/student/profile');
    await expectNoSidewaysScroll(page, page.getByRole('heading', { name: /Profile/ }));
  });

  it('student: every step of the practice wizard', async () => {
    const page = as('student');
    await page.goto('/student/assignments/practice/create');
    await expectNoSidewaysScroll(page, page.getByTestId('practice-wizard'));
    await page.getByLabel('Title').fill('Forces practice');
    await page.getByRole('radio', { name: /With AI/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expectNoSidewaysScroll(page, page.getByRole('button', { name: 'Generate Practice Assignment' }));
    await page.getByRole('button', { name: /Reference Documents/ }).click();
    await expectNoSidewaysScroll(page, page.getByLabel('PDF URL'));
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('radio', { name: /From Document/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expectNoSidewaysScroll(page, page.getByRole('button', { name: 'Process Document' }));
  });

  it('instructor: the list, the wizard (method cards, AI mode, Smart Builder, From Scratch, preview) and the other pages', async () => {
    const page = as('instructor');
    await page.goto('/instructor/assignments');
    await expectNoSidewaysScroll(page, page.getByRole('link', { name: 'New Assignment' }));
    const button = await page.getByRole('link', { name: 'New Assignment' }).boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(PHONE);

    await page.getByRole('link', { name: 'New Assignment' }).click();
    await expectNoSidewaysScroll(page, page.getByTestId('creation-method'));
    await page.getByLabel('Title').fill('Phone check');
    await page.getByLabel('Course').selectOption('MATH10');
    await page.getByTestId('submissions').getByRole('radio', { name: /Yes/ }).check();
    await page
      .getByTestId('creation-method')
      .getByRole('radio', { name: /With AI/ })
      .check();
    await page.getByTestId('wizard-next').click();
    await expectNoSidewaysScroll(page, page.getByTestId('ai-mode'));
    // the mode opens at once (the choice is not kept checked): a click, not check()
    await page
      .getByTestId('ai-mode')
      .getByRole('radio', { name: /Smart Builder/ })
      .click();
    await page.getByLabel('Search the question library').fill('fraction');
    await expectNoSidewaysScroll(page, page.getByTestId('library-question'));
    await page.getByTestId('library-question').first().getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Preview Assignment' }).click();
    await expectNoSidewaysScroll(page, page.getByTestId('assignment-preview'));

    await page.goto('/instructor/assignments/new-assignment');
    await page.getByLabel('Title').fill('Phone check');
    await page.getByLabel('Course').selectOption('MATH10');
    await page.getByTestId('submissions').getByRole('radio', { name: /Yes/ }).check();
    await page
      .getByTestId('creation-method')
      .getByRole('radio', { name: /From Scratch/ })
      .check();
    await page.getByTestId('wizard-next').click();
    await expectNoSidewaysScroll(page, page.getByRole('textbox', { name: 'Question 1', exact: true }));

    for (const [path, ready] of [
      ['/instructor/assignments/1', () => page.getByRole('button', { name: 'View Submissions' })],
      ['/instructor/courses', () => page.getByText('MATH10')],
      ['/instructor/courses/MATH10', () => page.getByText(/Ada Lovelace|Quadratic Equations/)],
      ['/instructor/profile', () => page.getByRole('heading', { name: /Profile/ })],
      ['/calendar', () => page.getByRole('button', { name: 'Next month' })],
    ] as const) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, ready());
    }
    await page.goto('/instructor/assignments/1');
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await expectNoSidewaysScroll(page, page.getByText('No submissions yet.'));
  });

  it('admin: school, courses, people and the grade audit (wide tables scroll inside their card)', async () => {
    const page = as('admin');
    for (const [path, ready] of [
      ['/admin', () => page.getByRole('heading', { level: 2 })],
      ['/admin/course-setup', () => page.getByText('MATH10')],
      ['/admin/people', () => page.getByText('student@demo.school')],
      ['/admin/audit', () => page.getByRole('heading', { name: 'Grade audit' })],
    ] as const) {
      await page.goto(path);
      await expectNoSidewaysScroll(page, ready());
    }
  });
});
