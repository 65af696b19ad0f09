import type { BrowserContext, Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Evergrade#2026';
export const DEMO_USERS = {
  student: 'student@demo.school',
  instructor: 'teacher@demo.school',
  admin: 'admin@demo.school',
  analyst: 'analyst@demo.school',
} as const;

type Mail = { to: string; subject: string; text: string; sentAt: string };

/** The newest six-digit code mailed to `email`, read from the dev outbox (GET /dev/mail, newest first). */
export async function codeFromMail(base: string, email: string, { after = 0, timeoutMs = 10_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base}/dev/mail`);
    if (!response.ok) throw new Error(`GET /dev/mail answered ${response.status}`);
    const mails = (await response.json()) as Mail[];
    const mail = mails.find((m) => m.to === email && Date.parse(m.sentAt) >= after);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}; outbox: ${JSON.stringify(mails.slice(0, 3))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Sign a browser context in without the form (for tests whose subject is elsewhere). */
export async function loginViaApi(
  context: BrowserContext,
  base: string,
  role: keyof typeof DEMO_USERS,
  email: string = DEMO_USERS[role],
  password = DEMO_PASSWORD,
) {
  const response = await context.request.post(`${base}/auth/login/${role}`, { data: { email, password }, headers: { 'x-tenant': 'demo' } });
  if (!response.ok()) throw new Error(`POST /auth/login/${role} answered ${response.status()}: ${await response.text()}`);
}

/** Sign in through the login page. */
export async function loginWithForm(
  page: Page,
  email: string,
  role: 'Student' | 'Instructor' | 'Admin' | 'Analyst',
  password = DEMO_PASSWORD,
) {
  await page.goto('/login');
  if (role === 'Admin') await page.getByTestId('admin-toggle').click();
  else if (role === 'Analyst') await page.getByTestId('analyst-toggle').click();
  else await page.getByRole('button', { name: role, exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}
