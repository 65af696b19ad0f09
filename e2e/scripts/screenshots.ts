/**
 * Headless screenshots of every screen in both themes, desktop and phone widths:
 *   npx tsx e2e/scripts/screenshots.ts http://127.0.0.1:3000 /tmp/shots [filter]
 * Against a running standalone server with the demo school (it creates a few accounts).
 */
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../src/harness';
import { codeFromMail, loginViaApi } from '../src/journeys';

const [base = 'http://127.0.0.1:3000', out = '/tmp/shots', filter = ''] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

type Shot = {
  name: string;
  path: string;
  role?: 'student' | 'instructor' | 'admin';
  act?: (p: Page) => Promise<void>;
  viewportOnly?: boolean;
};
const stamp = Date.now().toString(36);

const shots: Shot[] = [
  { name: 'login', path: '/login' },
  { name: 'login-branded', path: '/login?school=demo' },
  {
    name: 'login-admin',
    path: '/login?school=demo',
    act: async (p) => {
      await p.getByTestId('admin-toggle').click();
    },
  },
  { name: 'login-invalid-link', path: '/student/signup' },
  { name: 'signup-instructor-1', path: '/instructor/signup?school=demo' },
  {
    name: 'signup-student-1-error',
    path: '/student/signup?school=demo',
    act: async (p) => {
      await p.getByLabel('Email').fill(`stranger.${stamp}@demo.school`);
      await p.getByRole('button', { name: 'Send verification code' }).click();
      await p.getByTestId('flow-status').waitFor();
    },
  },
  {
    name: 'signup-instructor-2',
    path: '/instructor/signup?school=demo',
    act: async (p) => {
      await p.getByLabel('Email').fill(`shot.${stamp}@demo.school`);
      await p.getByRole('button', { name: 'Send verification code' }).click();
      await p.getByTestId('code-countdown').waitFor();
    },
  },
  {
    name: 'signup-instructor-3',
    path: '/instructor/signup?school=demo',
    act: async (p) => {
      const email = `shot3.${stamp}.${Math.random().toString(36).slice(2, 6)}@demo.school`;
      await p.getByLabel('Email').fill(email);
      await p.getByRole('button', { name: 'Send verification code' }).click();
      await p.getByTestId('code-countdown').waitFor();
      await p.getByTestId('code-digit-1').fill(await codeFromMail(base, email));
      await p.getByRole('button', { name: 'Verify code' }).click();
      await p.getByLabel('First name').fill('Ada');
      await p.getByLabel('Password', { exact: true }).fill('weakpass');
      await p.getByTestId('create-account').hover({ force: true });
    },
  },
  { name: 'forgot-1', path: '/forgot-password' },
  {
    name: 'student-profile',
    path: '/student/profile',
    role: 'student',
    act: async (p) => {
      await p.getByTestId('profile-info').waitFor();
    },
  },
  {
    name: 'student-menu',
    path: '/student/assignments',
    role: 'student',
    act: async (p) => {
      await p.getByRole('button', { name: 'Profile menu' }).click();
    },
  },
  {
    name: 'instructor-profile',
    path: '/instructor/profile',
    role: 'instructor',
    act: async (p) => {
      await p.getByTestId('profile-info').waitFor();
      await p.getByLabel('Current password', { exact: true }).fill('x');
      await p.getByLabel('New password', { exact: true }).fill('Abc12345');
      await p.getByLabel('Confirm new password').fill('Abc1234');
    },
  },
  { name: 'instructor-courses', path: '/instructor/courses', role: 'instructor' },
  {
    name: 'admin-school',
    path: '/admin',
    role: 'admin',
    act: async (p) => {
      await p.getByTestId('preapproved-card').waitFor();
    },
  },
  {
    name: 'admin-courses',
    path: '/admin/course-setup',
    role: 'admin',
    act: async (p) => {
      await p.locator('.course-card, .empty-state').first().waitFor();
    },
  },
  {
    name: 'admin-people',
    path: '/admin/people',
    role: 'admin',
    act: async (p) => {
      await p.getByTestId('users-table').waitFor();
    },
  },
  {
    name: 'admin-edit-user',
    path: '/admin/people',
    role: 'admin',
    act: async (p) => {
      await p
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
    },
  },
  { name: 'docs-index', path: '/docs' },
  {
    name: 'docs-manual',
    path: '/docs/instructor-manual',
    viewportOnly: true,
    act: async (p) => {
      await p.getByTestId('doc-content').waitFor();
    },
  },
  {
    name: 'docs-manual-section',
    path: '/docs/instructor-manual',
    viewportOnly: true,
    act: async (p) => {
      await p.getByTestId('doc-content').waitFor();
      const link = p.locator('.toc-list a', { hasText: 'Keyboard tips' });
      if (await link.isVisible()) await link.click();
      else {
        await p.getByRole('button', { name: 'Contents' }).click();
        await link.click();
      }
      await p.waitForTimeout(900);
    },
  },
  {
    name: 'docs-missing',
    path: '/docs/nope',
    act: async (p) => {
      await p.getByTestId('doc-not-found').waitFor();
    },
  },
];

async function capture(context: BrowserContext, shot: Shot, file: string) {
  const page = await context.newPage();
  try {
    await page.goto(base + shot.path);
    await page.waitForLoadState('networkidle');
    await shot.act?.(page);
    await page.waitForTimeout(400);
    await page.screenshot({ path: file, fullPage: !shot.viewportOnly });
  } catch (err) {
    console.error(`${shot.name}: ${(err as Error).message.split('\n')[0]}`);
  } finally {
    await page.close();
  }
}

const browser = await launchBrowser();
// One sign-in per role, reused: the server limits logins per IP.
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
const states = new Map<string, StorageState>();
for (const role of new Set(shots.filter((s) => s.name.includes(filter)).flatMap((s) => (s.role ? [s.role] : [])))) {
  const context = await browser.newContext({ baseURL: base });
  await loginViaApi(context, base, role);
  states.set(role, await context.storageState());
  await context.close();
}
for (const theme of ['light', 'dark'] as const) {
  for (const [width, height, label] of [
    [1280, 860, 'desk'],
    [390, 844, 'phone'],
  ] as const) {
    for (const shot of shots.filter((s) => s.name.includes(filter))) {
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width, height },
        storageState: shot.role ? states.get(shot.role) : undefined,
      });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await capture(context, shot, `${out}/${shot.name}-${theme}-${label}.png`);
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots in ${out}`);
