import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CHAT_LIMITS, PublicSiteSchema } from '@evergrade/contracts';
import { answerDone, lastAnswer, setTheme } from '../src/chat';
import { useJourney } from '../src/harness';

/**
 * The public pages (issue 13, spec documents 1 and 2): `/` shows the guest landing page when the operator turns it
 * on (LANDING_PAGE=true) and /login otherwise; a guest asks a shipped book a question and reads the streamed, cited
 * answer while the free-chat counter goes down; a server that cannot be reached is said so; /website2 rotates its
 * audience word and shows the server's own figures.
 */
const BOOKING_URL = 'https://cal.example.org/evergrade-demo';
const saved = { landing: process.env.LANDING_PAGE, booking: process.env.BOOKING_URL };
process.env.LANDING_PAGE = 'true';
process.env.BOOKING_URL = BOOKING_URL;
const journey = useJourney();
afterAll(() => {
  process.env.LANDING_PAGE = saved.landing;
  process.env.BOOKING_URL = saved.booking;
});

let context: BrowserContext;
let page: Page;
const shot = (p: Page, name: string) => p.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: false });

/** The landing page once the shipped books are indexed (they index at start-up). */
async function openLanding(p: Page, path = '/welcome') {
  await p.goto(path);
  const select = p.getByTestId('guest-textbook-select');
  for (let i = 0; i < 60 && (await select.count()) === 0; i++) {
    await p.waitForTimeout(1000);
    if (i % 5 === 4) await p.reload();
  }
  await expect.poll(() => select.locator('option').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
}

beforeAll(async () => {
  context = await journey.newContext();
  page = await context.newPage();
});

describe('the guest landing page', () => {
  it('is what `/` shows when LANDING_PAGE=true, with the pills, the demo, the footer and Get in touch', async () => {
    await page.goto('/');
    await page.getByTestId('landing-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const pills = await page.getByRole('list', { name: 'Features' }).locator('li').allTextContents();
    expect(pills).toEqual(['Textbook Chat', 'Autograder', 'Lecture SummarisationComing soon']);
    expect(await page.getByTestId('get-in-touch').getAttribute('href')).toBe(BOOKING_URL);
    await page.getByTestId('autograder-demo').waitFor();
    await expect.poll(() => page.getByTestId('demo-total').textContent(), { timeout: 15_000 }).toBe('Graded · 4.5 / 5');
    await page.getByTestId('site-footer').waitFor();
    expect(await page.getByTestId('server-unreachable').count()).toBe(0);
  });

  it('sends `/` to /login when the server says the landing page is off', async () => {
    const off = await journey.newContext();
    const p = await off.newPage();
    await p.route('**/public/site', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), landing_page: false } });
    });
    await p.goto('/');
    await p.waitForURL('**/login');
    await off.close();
  });

  it('answers a guest from a shipped book with a page citation, and counts the chat', async () => {
    await openLanding(page);
    const counter = page.getByTestId('guest-remaining');
    await expect
      .poll(() => counter.textContent())
      .toBe(`${CHAT_LIMITS.guestDailyChats} of ${CHAT_LIMITS.guestDailyChats} free chats left today`);
    const select = page.getByTestId('guest-textbook-select');
    const biology = (await select.locator('option').allTextContents()).find((o) => o.startsWith('Cells, Plants and the Human Body'))!;
    await select.selectOption({ label: biology });
    const example = page.getByTestId('guest-example').first();
    const question = (await example.textContent())!;
    await example.click();
    await expect.poll(() => page.getByTestId('user-message').last().textContent()).toBe(question);
    await answerDone(page);
    const answer = lastAnswer(page);
    expect((await answer.locator('.chat-md').textContent())!.length).toBeGreaterThan(40);
    const citation = answer.getByTestId('citation').first();
    expect(await citation.textContent()).toMatch(/^Cells, Plants and the Human Body, p\. \d+$/);
    await expect
      .poll(() => counter.textContent())
      .toBe(`${CHAT_LIMITS.guestDailyChats - 1} of ${CHAT_LIMITS.guestDailyChats} free chats left today`);
    // the server counted it too
    const left = await page.evaluate(() => fetch('/chatbot/guest-chat-remaining').then((r) => r.json()));
    expect(left.remainingChats).toBe(CHAT_LIMITS.guestDailyChats - 1);
    await shot(page, 'landing-desktop-light');

    // the answer is read aloud as audio/wav
    const speech = page.waitForResponse((r) => r.url().endsWith('/chatbot/guest-text-to-speech'));
    await answer.getByTestId('speak-button').click();
    const res = await speech;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('audio/wav');
  });

  it("tells a guest who used today's chats when they renew, and sends nothing more", async () => {
    const spent = await journey.newContext();
    const p = await spent.newPage();
    const renewsAt = new Date(Date.now() + 3 * 3_600_000).toISOString();
    await p.route('**/chatbot/guest-chat-remaining', (route) =>
      route.fulfill({ json: { remainingChats: 0, limit: CHAT_LIMITS.guestDailyChats, renewsAt } }),
    );
    await openLanding(p);
    const limit = p.getByTestId('guest-limit');
    await limit.waitFor();
    expect(await limit.textContent()).toMatch(/You have used today's free chats\. They renew at .+\./);
    expect(await p.getByTestId('chat-input').isDisabled()).toBe(true);
    expect(await p.getByTestId('guest-example').first().isDisabled()).toBe(true);
    expect(await p.getByTestId('guest-remaining').textContent()).toBe(`0 of ${CHAT_LIMITS.guestDailyChats} free chats left today`);
    await p.getByTestId('guest-chat').scrollIntoViewIfNeeded();
    await shot(p, 'landing-allowance-used-light');
    await spent.close();
  });

  it('says plainly when the server cannot be reached', async () => {
    const offline = await journey.newContext();
    const p = await offline.newPage();
    await p.route('**/auth/ping', (route) => route.abort('connectionrefused'));
    await p.goto('/welcome');
    const alert = p.getByTestId('server-unreachable');
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.textContent()).toContain('We cannot reach the Evergrade server right now');
    await shot(p, 'landing-unreachable-light');
    await offline.close();
  });

  it('looks right in dark theme and at 360 px', async () => {
    await setTheme(page, 'dark');
    await openLanding(page);
    await shot(page, 'landing-desktop-dark');
    const phone = await journey.newContext(360);
    const p = await phone.newPage();
    await openLanding(p);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(p, 'landing-360-light');
    await p.getByTestId('guest-chat').scrollIntoViewIfNeeded();
    await shot(p, 'landing-360-light-chat');
    await setTheme(p, 'dark');
    await openLanding(p);
    await shot(p, 'landing-360-dark');
    await setTheme(p, 'light');
    await phone.close();
    await setTheme(page, 'light');
  });
});

describe('/website2', () => {
  it("rotates the audience word every 2.5 s and shows the server's own figures", async () => {
    await page.goto('/website2');
    const word = page.getByTestId('audience-word');
    const first = (await word.textContent())!;
    expect(['schools', 'teachers', 'students']).toContain(first);
    const started = Date.now();
    await expect.poll(() => word.textContent(), { timeout: 5_000, interval: 100 }).not.toBe(first);
    expect(Date.now() - started).toBeGreaterThan(1_500);

    const site = PublicSiteSchema.parse(await page.evaluate(() => fetch('/public/site').then((r) => r.json())));
    const shown = async (id: string) => (await page.getByTestId(`metric-${id}`).textContent())!.replace(/[^\d]/g, '');
    await page.getByTestId('site-metrics').waitFor();
    expect(await shown('questions_graded')).toBe(String(site.metrics.questions_graded));
    expect(await shown('teachers')).toBe(String(site.metrics.teachers));
    expect(await shown('subjects')).toBe(String(site.metrics.subjects));
    expect(await shown('schools')).toBe(String(site.metrics.schools));
    // not measured and not set by the operator: no accuracy figure at all
    expect(site.metrics.grading_accuracy).toBeNull();
    expect(await page.getByTestId('metric-grading_accuracy').count()).toBe(0);

    expect(await page.getByTestId('get-demo').getAttribute('href')).toBe(BOOKING_URL);
    expect(await page.getByTestId('book-demo').getAttribute('href')).toBe(BOOKING_URL);
    expect(await page.getByTestId('try-free').getAttribute('href')).toBe('/instructor/signup');
    expect(await page.locator('.w2-step').count()).toBe(4);
    expect(await page.locator('.w2-faq-item').count()).toBeGreaterThanOrEqual(4);
    // Book Demo stays on screen while the page scrolls
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(await page.getByTestId('book-demo').isVisible()).toBe(true);
    // The wheel's scroll may still be going on (it is animated): back to the top until the page stays there.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
        return page.evaluate(() => window.scrollY);
      })
      .toBe(0);
    await shot(page, 'website2-desktop-light');
  });

  it('looks right in dark theme and at 360 px', async () => {
    await setTheme(page, 'dark');
    await page.getByTestId('site-metrics').waitFor();
    await shot(page, 'website2-desktop-dark');
    const phone = await journey.newContext(360);
    const p = await phone.newPage();
    await p.goto('/website2');
    await p.getByTestId('site-metrics').waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(p, 'website2-360-light');
    await p.getByTestId('site-metrics').scrollIntoViewIfNeeded();
    await shot(p, 'website2-360-light-metrics');
    await setTheme(p, 'dark');
    await p.getByTestId('site-metrics').waitFor();
    await shot(p, 'website2-360-dark');
    await phone.close();
  });
});
