import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Helpers of the study assistant's journeys (student, AURA, the landing page's guest chat). */

/** Stores the theme and reloads the page in it. */
export const setTheme = async (p: Page, theme: 'light' | 'dark') => {
  await p.evaluate((t) => localStorage.setItem('theme', t), theme);
  await p.reload();
};

type Seen = { typing: boolean; sendDisabledWhileStreaming: boolean };

/** Records, from the moment it is installed, whether the typing indicator showed and whether send was disabled mid-reply. */
export const watchReply = (p: Page) =>
  p.evaluate(() => {
    const w = window as unknown as { seen: { typing: boolean; sendDisabledWhileStreaming: boolean } };
    w.seen = { typing: false, sendDisabledWhileStreaming: false };
    const check = () => {
      if (document.querySelector('[data-testid="typing-indicator"]')) w.seen.typing = true;
      const send = document.querySelector<HTMLButtonElement>('[data-testid="send-button"]');
      if (document.querySelector('[data-streaming="true"]') && send?.disabled) w.seen.sendDisabledWhileStreaming = true;
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
export const seen = (p: Page): Promise<Seen> => p.evaluate(() => (window as unknown as { seen: Seen }).seen);

export const lastAnswer = (p: Page) => p.getByTestId('assistant-message').last();

/** Waits until an answer is there and has stopped streaming. */
export const answerDone = async (p: Page) => {
  await expect.poll(() => p.getByTestId('assistant-message').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => lastAnswer(p).getAttribute('data-streaming'), { timeout: 30_000 }).toBeNull();
};
