import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { Textbook } from '@evergrade/contracts';
import { makeTextPdf } from '@evergrade/documents/testing';
import { setTheme as setStoredTheme } from '../src/chat';
import { useJourney } from '../src/harness';
import { loginViaApi } from '../src/journeys';

/**
 * The textbook library (issue 13): a teacher opens Textbooks, uploads a short PDF, watches the indexing progress,
 * sees the book ready with its page count and example queries drawn from its headings, and removes it; shared books
 * cannot be removed. The school admin's open page follows both changes live. Screenshots at desktop and 360 px, light
 * and dark.
 */
const journey = useJourney();
let context: BrowserContext;
let page: Page;
/** The school admin, on the same page in another browser: sees the teacher's changes live (textbooks notices). */
let adminContext: BrowserContext;
let adminPage: Page;

const TITLE = 'The Water Cycle';
const shot = (p: Page, name: string) => p.screenshot({ path: `e2e/screenshots/${name}.png` });
const setTheme = async (p: Page, theme: 'light' | 'dark') => {
  await setStoredTheme(p, theme);
  await p.getByTestId('shared-textbooks').waitFor();
};

const api = async (ctx: BrowserContext, path: string) => {
  const csrf = (await ctx.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
  const res = await ctx.request.get(`${journey.server.url}${path}`, { headers: { 'x-csrf-token': csrf, 'x-tenant': 'demo' } });
  return (await res.json()) as Textbook[];
};

/** A short original booklet: a title page and three sections, each on its own page. */
const booklet = () =>
  makeTextPdf(
    [
      [TITLE, 'A short reader for grade 8', 'Evergrade test authors'],
      [
        '1.1 Evaporation and Transpiration',
        'Heat from the Sun warms the water in oceans, lakes and rivers. Some of it turns into water vapour, an invisible gas, and rises into the air. This change from liquid to gas is called evaporation.',
        'Plants also release water vapour through tiny pores in their leaves. This is called transpiration, and a large tree can give off hundreds of litres of water on a hot day.',
      ],
      [
        '1.2 Condensation and Clouds',
        'As warm, moist air rises it cools. Cool air cannot hold as much water vapour, so some of the vapour condenses into tiny droplets of liquid water around specks of dust. Billions of these droplets together form a cloud.',
        'Dew on grass in the early morning forms the same way, when water vapour in the air touches a surface that is colder than the air around it.',
      ],
      [
        '1.3 Precipitation and Runoff',
        'When cloud droplets join together and grow too heavy to stay in the air, they fall as rain, snow, sleet or hail. Any water that falls from clouds is called precipitation.',
        'Some of it soaks into the ground and becomes groundwater. The rest flows over the surface as runoff into streams and rivers, which carry it back to the sea, where the cycle begins again.',
      ],
    ],
    { title: TITLE },
  );

/** Records every progress value and phase the upload's bar shows. */
const watchProgress = (p: Page) =>
  p.evaluate(() => {
    const w = window as unknown as { progress: { percents: number[]; phases: string[] } };
    w.progress = { percents: [], phases: [] };
    const check = () => {
      const panel = document.querySelector('[data-testid="textbook-upload-progress"]');
      if (!panel) return;
      const percent = Number(panel.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'));
      const phase = panel.querySelector('.strong')?.textContent ?? '';
      if (w.progress.percents.at(-1) !== percent) w.progress.percents.push(percent);
      if (w.progress.phases.at(-1) !== phase) w.progress.phases.push(phase);
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
const progressSeen = (p: Page) => p.evaluate(() => (window as unknown as { progress: { percents: number[]; phases: string[] } }).progress);

beforeAll(async () => {
  context = await journey.newContext();
  await loginViaApi(context, journey.server.url, 'instructor');
  page = await context.newPage();
  adminContext = await journey.newContext();
  await loginViaApi(adminContext, journey.server.url, 'admin');
  adminPage = await adminContext.newPage();
});

describe('Textbooks', () => {
  it('is in the instructor navigation: the shared library, and an empty list of the school’s own books', async () => {
    await page.goto('/instructor/assignments');
    await page.getByRole('link', { name: 'Textbooks' }).click();
    await page.waitForURL('**/instructor/textbooks');
    const shared = page.getByTestId('shared-textbooks');
    await shared.getByRole('article').first().waitFor();
    expect(await shared.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    expect(await page.getByTestId('own-textbooks').getByTestId('empty-state').textContent()).toContain('No textbooks of your own yet');
    await shot(page, 'textbooks-desktop-light');
  });

  it('is in the school admin’s navigation too', async () => {
    await adminPage.goto('/admin');
    await adminPage.getByRole('link', { name: 'Textbooks' }).click();
    await adminPage.waitForURL('**/admin/textbooks');
    await adminPage.getByTestId('shared-textbooks').getByRole('article').first().waitFor();
    await adminPage.getByTestId('own-textbooks').getByTestId('empty-state').waitFor();
    expect(await adminPage.getByRole('button', { name: 'Upload textbook' }).count()).toBeGreaterThan(0);
    await shot(adminPage, 'textbooks-admin-desktop-light');
  });

  it('uploads a PDF, shows the indexing progress, then the book ready with its pages and example queries', async () => {
    await page.getByRole('button', { name: 'Upload textbook' }).first().click();
    const card = page.getByTestId('textbook-upload');
    await card
      .getByTestId('textbook-file')
      .setInputFiles({ name: 'the_water_cycle.pdf', mimeType: 'application/pdf', buffer: await booklet() });
    expect(await card.getByLabel('Title').inputValue()).toBe('The water cycle');
    await card.getByLabel('Title').fill(TITLE);
    await card.getByLabel('Subject').fill('Science');
    await card.getByLabel(/Author/).fill('Evergrade test authors');
    await shot(page, 'textbooks-upload-form');
    await watchProgress(page);
    await card.getByRole('button', { name: 'Upload and index' }).click();

    const done = page.getByTestId('textbook-upload-done');
    await done.waitFor({ timeout: 60_000 });
    const progress = await progressSeen(page);
    // The bar moved forward through the server's stages (stored, a line per page read, indexing) to 100.
    expect(progress.percents.at(-1)).toBe(100);
    expect(progress.percents).toEqual([...progress.percents].sort((a, b) => a - b));
    expect(progress.percents.some((p) => p > 2 && p < 100)).toBe(true);
    expect(progress.phases.some((p) => ['Stored', 'Reading pages', 'Indexing'].includes(p))).toBe(true);
    expect(progress.phases.at(-1)).toBe('Ready');
    expect(await done.getByRole('heading').textContent()).toBe(`${TITLE} is ready`);
    expect(await done.textContent()).toContain('4 pages indexed');
    const doneQueries = await done.locator('.textbook-queries li').allTextContents();
    expect(doneQueries.length).toBeGreaterThan(0);
    expect(doneQueries.join(' ')).toMatch(/evaporation|condensation|precipitation/i);

    const mine = page.getByTestId('own-textbooks').getByRole('article', { name: TITLE });
    await mine.waitFor();
    expect(await mine.getByTestId('textbook-status').textContent()).toBe('Ready');
    expect(await mine.getByTestId('textbook-pages').textContent()).toBe('4 pages');
    expect(await mine.getByTestId('textbook-queries').locator('li').allTextContents()).toEqual(doneQueries);
    expect(await mine.textContent()).toContain('Science');
    await shot(page, 'textbooks-uploaded-desktop-light');

    // The admin's open page shows it without a reload: the textbooks notice refetched the list.
    const seenByAdmin = adminPage.getByTestId('own-textbooks').getByRole('article', { name: TITLE });
    await seenByAdmin.waitFor({ timeout: 15_000 });
    expect(await seenByAdmin.getByTestId('textbook-status').textContent()).toBe('Ready');

    const listed = (await api(context, '/chatbot/list-textbooks')).find((b) => b.title === TITLE);
    expect(listed).toMatchObject({ status: 'ready', page_count: 4, shared: false, subject: 'Science', example_queries: doneQueries });
  });

  it('looks right in dark mode and at 360 px', async () => {
    await page.getByRole('button', { name: 'Done' }).click();
    await setTheme(page, 'dark');
    await page.getByTestId('own-textbooks').getByRole('article', { name: TITLE }).waitFor();
    await shot(page, 'textbooks-desktop-dark');

    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 780 });
    await phone.goto('/instructor/textbooks');
    await phone.getByTestId('own-textbooks').getByRole('article', { name: TITLE }).scrollIntoViewIfNeeded();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await shot(phone, 'textbooks-phone-dark');
    await phone.getByRole('button', { name: 'Upload textbook' }).first().click();
    await phone.getByTestId('textbook-upload').waitFor();
    await shot(phone, 'textbooks-phone-upload-dark');
    await setTheme(phone, 'light');
    await phone.getByTestId('own-textbooks').getByRole('article', { name: TITLE }).scrollIntoViewIfNeeded();
    await shot(phone, 'textbooks-phone-light');
    await phone.close();
    await setTheme(page, 'light');
  });

  it('removes the school’s own book after confirmation', async () => {
    const mine = page.getByTestId('own-textbooks').getByRole('article', { name: TITLE });
    await mine.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove textbook?' });
    expect(await dialog.textContent()).toContain(TITLE);
    await shot(page, 'textbooks-remove-confirm');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('own-textbooks').getByTestId('empty-state').waitFor();
    expect(await page.getByRole('article', { name: TITLE }).count()).toBe(0);
    expect((await api(context, '/chatbot/list-textbooks')).some((b) => b.title === TITLE)).toBe(false);
    await adminPage.getByTestId('own-textbooks').getByTestId('empty-state').waitFor({ timeout: 15_000 });
  });
});
