import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CHAT_MESSAGES } from '@evergrade/contracts';
import { answerDone, lastAnswer, seen, setTheme, watchReply } from '../src/chat';
import { useJourney } from '../src/harness';
import { DEMO_GRADED, gradeQuadraticEquations } from '../src/insights-seed';
import { loginViaApi } from '../src/journeys';

/**
 * The student's study assistant (issue 13, spec document 1): the shipped textbooks, an example query answered over
 * the `message` socket event with a page citation, the passage it cites, and "Ask about my feedback" from graded work.
 */
const journey = useJourney();
let context: BrowserContext;
let page: Page;

const BIOLOGY = /Cells, Plants and the Human Body/;
const shot = (p: Page, name: string) => p.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: false });

/** The assistant page once the shipped books are indexed (they index at start-up). */
async function openAssistant(p: Page) {
  await p.goto('/student/assistant');
  const select = p.getByTestId('textbook-select');
  for (let i = 0; i < 60 && (await select.count()) === 0; i++) {
    await p.waitForTimeout(1000);
    if (i % 5 === 4) await p.reload();
  }
  await expect.poll(() => select.locator('option', { hasText: BIOLOGY }).count(), { timeout: 60_000 }).toBe(1);
}

beforeAll(async () => {
  context = await journey.newContext();
  await loginViaApi(context, journey.server.url, 'student');
  page = await context.newPage();
});

describe('student study assistant', () => {
  it('is in the student navigation', async () => {
    await page.goto('/student/assignments');
    await page.getByRole('link', { name: 'Study Assistant' }).click();
    await page.waitForURL('**/student/assistant');
  });

  it('picks a book, asks one of its example queries and reads the streamed, cited answer and the passage it cites', async () => {
    await openAssistant(page);
    const select = page.getByTestId('textbook-select');
    // only books ready to answer are offered
    const offered = await select.locator('option').allTextContents();
    expect(offered.length).toBeGreaterThanOrEqual(3);
    await select.selectOption({ label: offered.find((o) => BIOLOGY.test(o))! });
    const examples = page.getByTestId('example-query');
    await expect.poll(() => examples.count()).toBeGreaterThan(0);
    const question = (await examples.first().textContent())!;

    await page.getByTestId('chat-input').fill('typed while waiting');
    await watchReply(page);
    await examples.first().click();
    await expect.poll(() => page.getByTestId('user-message').last().textContent()).toBe(question);
    await answerDone(page);
    expect(await seen(page)).toEqual({ typing: true, sendDisabledWhileStreaming: true });
    // the text typed meanwhile is still there, and can be sent now
    expect(await page.getByTestId('chat-input').inputValue()).toBe('typed while waiting');
    expect(await page.getByTestId('send-button').isDisabled()).toBe(false);

    const answer = lastAnswer(page);
    const text = (await answer.locator('.chat-md').textContent())!;
    expect(text, 'the answer quotes the book').not.toContain('could not find');
    expect(text.length).toBeGreaterThan(40);
    const citations = answer.getByTestId('citation');
    expect(await citations.count()).toBeGreaterThan(0);
    const label = (await citations.first().textContent())!;
    expect(label).toMatch(/^Cells, Plants and the Human Body, p\. \d+$/);
    await shot(page, 'student-assistant-answer-light');

    await citations.first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('passage-dialog').locator('blockquote').count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.getByRole('heading').textContent()).toBe(label);
    expect((await dialog.locator('blockquote').textContent())!.length).toBeGreaterThan(40);
    await shot(page, 'student-assistant-passage-light');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('sends with Enter, never a whitespace-only message, and shows the speaker under each answer', async () => {
    const input = page.getByTestId('chat-input');
    const before = await page.getByTestId('user-message').count();
    await input.fill('   ');
    await input.press('Enter');
    expect(await page.getByTestId('user-message').count()).toBe(before);
    await input.fill('How do plants make glucose?');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('user-message').count()).toBe(before + 1);
    await answerDone(page);
    // read aloud: the server's audio/wav plays (the page's CSP allows blob: media)
    const speaker = lastAnswer(page).getByTestId('speak-button');
    const speech = page.waitForResponse((r) => r.url().endsWith('/chatbot/text-to-speech'));
    await speaker.click();
    const audio = await speech;
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toContain('audio/wav');
    await expect.poll(() => speaker.getAttribute('data-state'), { timeout: 15_000 }).toBe('playing');
    expect(await lastAnswer(page).locator('.chat-speak-error').count()).toBe(0);
    await speaker.click();
    expect(await speaker.getAttribute('data-state')).toBe('idle');
  });

  it('looks right in dark theme and at 360 px', async () => {
    await setTheme(page, 'dark');
    await openAssistant(page);
    await page.getByTestId('example-query').first().click();
    await answerDone(page);
    await shot(page, 'student-assistant-answer-dark');

    const phone = await journey.newContext(360);
    await loginViaApi(phone, journey.server.url, 'student');
    const p = await phone.newPage();
    await openAssistant(p);
    await p.getByTestId('example-query').first().click();
    await answerDone(p);
    // nothing wider than the screen
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(p, 'student-assistant-360-light');
    await setTheme(p, 'dark');
    await openAssistant(p);
    await shot(p, 'student-assistant-360-dark');
    await phone.close();
    await setTheme(page, 'light');
  });
});

describe('dictation', () => {
  const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

  it('tells Safari users it is not supported there, and says so where there is no speech recognition', async () => {
    const safari = await journey.browser.newContext({
      baseURL: journey.server.url,
      userAgent: SAFARI,
      viewport: { width: 1280, height: 900 },
    });
    await loginViaApi(safari, journey.server.url, 'student');
    const p = await safari.newPage();
    await openAssistant(p);
    await p.getByTestId('mic-button').click();
    expect(await p.getByRole('alertdialog').textContent()).toContain(CHAT_MESSAGES.dictationSafari);
    await safari.close();

    const none = await journey.newContext();
    await none.addInitScript(() => {
      delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
      delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    });
    await loginViaApi(none, journey.server.url, 'student');
    const q = await none.newPage();
    await openAssistant(q);
    await q.getByTestId('mic-button').click();
    expect(await q.getByRole('alertdialog').textContent()).toContain(CHAT_MESSAGES.dictationUnsupported);
    await none.close();
  });
});

describe('Ask about my feedback', () => {
  let assignmentId = 0;

  it('opens a focused chat about a graded question and its feedback, sent once', async () => {
    assignmentId = await gradeQuadraticEquations(journey.server.url, [DEMO_GRADED[0]!]);
    await page.goto(`/student/assignments/${assignmentId}`);
    const ask = page.locator('[data-testid^="ask-feedback-"]');
    await expect.poll(() => ask.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await shot(page, 'student-assistant-feedback-entry');
    await ask.first().click();
    await page.waitForURL('**/student/assistant/ask?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('assignmentId')).toBe(String(assignmentId));
    expect(url.searchParams.get('question')).toBe('1');
    expect(url.searchParams.get('message')).toContain('Question 1:');
    await expect.poll(() => page.getByTestId('user-message').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId('user-message').textContent()).toContain('Help me understand this feedback');
    // the question's formula is typeset (KaTeX loads on first use)
    await expect.poll(() => page.getByTestId('user-message').locator('.katex').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await answerDone(page);
    expect(await page.getByRole('heading', { name: 'Your feedback on question 1' }).count()).toBe(1);
    // sent once
    expect(await page.getByTestId('user-message').count()).toBe(1);
    await shot(page, 'student-assistant-isolated-light');
  });

  it("says 'No graded questions found' on submitted work not graded yet", async () => {
    const csrf = (await context.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
    const headers = { 'x-csrf-token': csrf, 'x-tenant': 'demo' };
    const list = (await (await context.request.get('/students/get-assignments', { headers })).json()) as Record<
      string,
      { assignment_id: number; title: string; status: string }
    >;
    const open = Object.values(list).find((a) => a.status === 'Incomplete' || a.status === 'In Progress')!;
    const res = await context.request.post('/students/submit-assignment', {
      data: { assignment_id: open.assignment_id, responses: {} },
      headers,
    });
    expect(res.status()).toBe(200);
    await page.goto(`/student/assignments/${open.assignment_id}`);
    await page.getByTestId('ask-feedback').click();
    expect(await page.getByRole('alertdialog').textContent()).toContain(CHAT_MESSAGES.noGradedQuestions);
  });
});
