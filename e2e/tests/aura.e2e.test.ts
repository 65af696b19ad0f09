import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CHAT_LIMITS, CHAT_MESSAGES, type Textbook } from '@evergrade/contracts';
import { answerDone, lastAnswer, seen, setTheme as setStoredTheme, watchReply } from '../src/chat';
import { useJourney } from '../src/harness';
import { loginViaApi } from '../src/journeys';

/**
 * AURA, the instructor's assistant (issue 13, spec document 2 "Instructor chat page"): the tips once, the textbook
 * checklist, a question about a shipped book answered over `message2` with a page citation, the generated title,
 * rename, the saved chat after a reload, delete, and the 10-conversation cap, at desktop and phone widths, light and dark.
 */
const journey = useJourney();
let context: BrowserContext;
let page: Page;

const BIOLOGY = 'Cells, Plants and the Human Body';
const CITATION = new RegExp(`^${BIOLOGY}, p\\. \\d+$`);
const CITATION_IN_TEXT = new RegExp(`${BIOLOGY}, p\\. \\d+`);
const shot = (p: Page, name: string) => p.screenshot({ path: `e2e/screenshots/${name}.png` });
const setTheme = async (p: Page, theme: 'light' | 'dark') => {
  await setStoredTheme(p, theme);
  await p.getByTestId('chat-title').waitFor();
};

const api = async (ctx: BrowserContext, path: string, data?: object) => {
  const csrf = (await ctx.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
  const headers = { 'x-csrf-token': csrf, 'x-tenant': 'demo' };
  const res = data
    ? await ctx.request.post(`${journey.server.url}${path}`, { data, headers })
    : await ctx.request.get(`${journey.server.url}${path}`, { headers });
  return { status: res.status(), json: await res.json() };
};

const title = (p: Page) => p.getByTestId('chat-title').textContent();
const savedTitles = (p: Page) => p.getByTestId('conversation').locator('.aura-item-title').allTextContents();

let biology: Textbook;

beforeAll(async () => {
  context = await journey.newContext();
  await loginViaApi(context, journey.server.url, 'instructor');
  page = await context.newPage();
  // The shipped books index at start-up: wait until the biology book answers.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const books = (await api(context, '/chatbot/list-textbooks')).json as Textbook[];
    const found = books.find((b) => b.title === BIOLOGY);
    if (found?.status === 'ready') {
      biology = found;
      break;
    }
    if (Date.now() > deadline) throw new Error(`${BIOLOGY} is not ready: ${JSON.stringify(books.map((b) => [b.title, b.status]))}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
});

describe('AURA, the instructor assistant', () => {
  it('is in the instructor navigation and shows its tips once', async () => {
    await page.goto('/instructor/assignments');
    await page.getByRole('link', { name: 'Chat' }).click();
    await page.waitForURL('**/instructor/chat');
    await page.getByTestId('aura-tips').waitFor();
    await shot(page, 'aura-tips');
    await page.getByTestId('tips-close').click();
    await page.reload();
    await page.getByTestId('chat-title').waitFor();
    expect(await page.getByTestId('aura-tips').count()).toBe(0);
    expect(await title(page)).toBe(CHAT_MESSAGES.newChatTitle);
    expect(await page.getByTestId('conversation-draft').textContent()).toBe(CHAT_MESSAGES.newChatTitle);
  });

  it('lists the textbooks as "subject — title" and keeps at least one ticked', async () => {
    await page.getByTestId('textbook-picker').click();
    const panel = page.getByRole('group', { name: 'Textbooks this chat asks' });
    await panel.waitFor();
    expect(await panel.textContent()).toContain(`Biology — ${BIOLOGY}`);
    const boxes = panel.locator('input[type="checkbox"]');
    // Untick everything: the first book comes back ticked.
    for (let i = 0; i < (await boxes.count()); i++) if (await boxes.nth(i).isChecked()) await boxes.nth(i).click();
    expect(await boxes.first().isChecked()).toBe(true);
    expect(await panel.locator('input:checked').count()).toBe(1);
    // Biology only.
    const bio = page.getByTestId(`textbook-${biology.textbook_id}`);
    await bio.check();
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      if ((await box.getAttribute('data-testid')) !== `textbook-${biology.textbook_id}` && (await box.isChecked())) await box.uncheck();
    }
    expect(await panel.locator('input:checked').count()).toBe(1);
    expect(await page.getByTestId(`textbook-${biology.textbook_id}`).isChecked()).toBe(true);
    await shot(page, 'aura-textbooks-desktop');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('textbook-picker').textContent()).toContain(BIOLOGY);
  });

  it('answers a question about the book, streamed, citing its page, and names the chat after it', async () => {
    const input = page.getByTestId('chat-input');
    const before = await input.evaluate((el) => el.getBoundingClientRect().height);
    const viewport = page.viewportSize()!.height;
    expect(before).toBeGreaterThanOrEqual(Math.floor(viewport * 0.06) - 1);
    // The box grows with its text, up to 30vh.
    await input.fill(Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n'));
    const tallest = await input.evaluate((el) => el.getBoundingClientRect().height);
    expect(tallest).toBeGreaterThan(before);
    expect(tallest).toBeLessThanOrEqual(Math.ceil(viewport * 0.3) + 1);
    await input.fill('   ');
    expect(await page.getByTestId('send-button').isDisabled()).toBe(true);

    await input.fill('How do chloroplasts use light energy in photosynthesis?');
    await watchReply(page);
    await page.getByTestId('send-button').click();
    await answerDone(page);
    expect(await seen(page)).toEqual({ typing: true, sendDisabledWhileStreaming: true });
    expect(await page.getByTestId('user-message').last().textContent()).toBe('How do chloroplasts use light energy in photosynthesis?');
    const citations = lastAnswer(page).getByTestId('citation');
    await expect.poll(() => citations.count()).toBeGreaterThan(0);
    for (const c of await citations.allTextContents()) expect(c).toMatch(CITATION);
    expect(((await lastAnswer(page).textContent()) ?? '').length).toBeGreaterThan(40);
    expect(await input.inputValue()).toBe('');

    // The generated title replaces 'New Chat', in the header and the saved list.
    await expect.poll(() => title(page), { timeout: 10_000 }).not.toBe(CHAT_MESSAGES.newChatTitle);
    const generated = (await title(page))!;
    expect(generated.length).toBeLessThanOrEqual(CHAT_LIMITS.maxTitleChars);
    expect(generated).toMatch(/Chloroplasts/);
    await expect.poll(() => savedTitles(page)).toEqual([generated]);
    await shot(page, 'aura-answer-desktop-light');

    // The citation opens its passage.
    await citations.first().click();
    const passage = page.getByRole('dialog');
    await passage.waitFor();
    await expect.poll(async () => (await passage.textContent())?.toLowerCase(), { timeout: 10_000 }).toContain('chloroplast');
    expect(await passage.textContent()).toMatch(CITATION_IN_TEXT);
    await shot(page, 'aura-passage');
    await page.keyboard.press('Escape');
    await passage.waitFor({ state: 'detached' });
  });

  it('renames the chat inline (an empty title cancels) and finds it again after a reload', async () => {
    const item = page.getByTestId('conversation').first();
    const original = (await item.locator('.aura-item-title').textContent())!;
    await item.getByTestId('rename-conversation').click();
    await page.getByTestId('rename-input').fill('   ');
    await page.getByTestId('rename-input').press('Enter');
    expect(await savedTitles(page)).toEqual([original]);
    await page.getByTestId('conversation').first().getByTestId('rename-conversation').click();
    await page.getByTestId('rename-input').fill('Photosynthesis notes');
    await page.getByTestId('rename-input').press('Enter');
    await expect.poll(() => savedTitles(page)).toEqual(['Photosynthesis notes']);
    expect(await title(page)).toBe('Photosynthesis notes');

    await page.reload();
    await page.getByTestId('chat-title').waitFor();
    await expect.poll(() => savedTitles(page)).toEqual(['Photosynthesis notes']);
    expect(await title(page)).toBe(CHAT_MESSAGES.newChatTitle);
    await page.getByTestId('conversation').first().locator('.aura-item-open').click();
    await expect.poll(() => title(page)).toBe('Photosynthesis notes');
    await expect.poll(() => page.getByTestId('user-message').count()).toBe(1);
    expect(await page.getByTestId('citation').first().textContent()).toMatch(CITATION);
    // A saved chat asks the books it started with.
    expect(await page.getByTestId('textbook-picker').textContent()).toContain(BIOLOGY);
  });

  it('looks right at 360 px and in the dark theme', async () => {
    await shot(page, 'aura-saved-desktop-light');
    await setTheme(page, 'dark');
    await page.getByTestId('conversation').first().locator('.aura-item-open').click();
    await expect.poll(() => page.getByTestId('assistant-message').count()).toBe(1);
    await shot(page, 'aura-saved-desktop-dark');
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    for (const theme of ['light', 'dark'] as const) {
      await phone.goto('/instructor/chat');
      await setTheme(phone, theme);
      // The textbook checklist opens on the screen.
      await phone.getByTestId('textbook-picker').click();
      const checklist = phone.getByRole('group', { name: 'Textbooks this chat asks' });
      const box = (await checklist.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      await shot(phone, `aura-phone-textbooks-${theme}`);
      await phone.keyboard.press('Escape');
      await checklist.waitFor({ state: 'detached' });
      // On a phone the chats panel starts hidden and opens over the chat.
      expect(await phone.getByTestId('conversation-panel').count()).toBe(0);
      await phone.getByTestId('show-chats').click();
      await phone.getByTestId('conversation').first().waitFor();
      await shot(phone, `aura-phone-panel-${theme}`);
      await phone.getByTestId('conversation').first().locator('.aura-item-open').click();
      await expect.poll(() => phone.getByTestId('conversation-panel').count()).toBe(0);
      await expect.poll(() => phone.getByTestId('assistant-message').count()).toBe(1);
      // Each citation shows its page in full (the chip wraps instead of cutting "p. N" off).
      const cut = await phone
        .getByTestId('citation')
        .evaluateAll((chips) => chips.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
      expect(cut).toEqual([]);
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(phone, `aura-phone-chat-${theme}`);
    }
    await phone.close();
    await setTheme(page, 'light');
  });

  it('deletes the chat after confirmation', async () => {
    await page.getByTestId('conversation').first().getByTestId('delete-conversation').click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Photosynthesis notes');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('conversation').count()).toBe(1);
    await page.getByTestId('conversation').first().getByTestId('delete-conversation').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByTestId('conversation').count()).toBe(0);
    await page.reload();
    await page.getByTestId('chat-title').waitFor();
    await expect.poll(() => page.getByText(`0 of ${CHAT_LIMITS.maxConversations} saved chats`).count()).toBe(1);
    expect(await page.getByTestId('conversation').count()).toBe(0);
  });

  it('keeps at most ten chats: the eleventh is refused with the message and the question stays in the box', async () => {
    const me = (await api(context, '/auth/validate-token')).json.data.userId as number;
    const existing = (await api(context, '/chatbot/get-conversations', { instructorId: me })).json as { conversation_id: number }[];
    for (const c of existing) await api(context, '/chatbot/delete-conversation', { conversationId: c.conversation_id, instructorId: me });
    for (let i = 1; i <= CHAT_LIMITS.maxConversations; i++) {
      const made = await api(context, '/chatbot/new-conversation', {
        title: `Planning ${i}`,
        instructorId: me,
        userType: 'instructor',
        subject: 'Biology',
        textbookIds: [biology.textbook_id],
      });
      expect(made.status).toBe(200);
    }
    await page.reload();
    await expect.poll(() => page.getByTestId('conversation').count()).toBe(CHAT_LIMITS.maxConversations);
    expect(await page.getByText(CHAT_MESSAGES.tooManyConversations).count()).toBe(1);
    await page.getByTestId('chat-input').fill('What is osmosis?');
    await page.getByTestId('send-button').click();
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(CHAT_MESSAGES.tooManyConversations);
    await shot(page, 'aura-ten-chats');
    await alert.getByRole('button', { name: 'OK' }).click();
    expect(await page.getByTestId('chat-input').inputValue()).toBe('What is osmosis?');
    expect(await page.getByTestId('send-button').isDisabled()).toBe(false);
    // Switching to a saved chat works; from there New Chat says why it cannot start another.
    await page.getByTestId('conversation').first().locator('.aura-item-open').click();
    await expect.poll(() => title(page)).toMatch(/^Planning/);
    await page.getByTestId('new-chat').click();
    expect(await page.getByRole('alertdialog').textContent()).toContain(CHAT_MESSAGES.tooManyConversations);
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  });
});
