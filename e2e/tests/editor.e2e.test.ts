import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { useJourney } from '../src/harness';
import { png } from '../src/png';
import { loginViaApi } from '../src/journeys';

const EM_SPACES = '\u2003'.repeat(4);
const SHOTS = 'e2e/screenshots';

/** A real PNG: light blue with a darker square, so the browser decodes something visible. */
const squarePng = (width: number, height: number) =>
  png(width, height, (x, y) =>
    x > width / 4 && x < width / 2 && y > height / 4 && y < (3 * height) / 4 ? [11, 122, 92] : [180, 220, 245],
  );

type Node = {
  type: string;
  children?: Node[];
  text?: string;
  equation?: string;
  inline?: boolean;
  src?: string;
  width?: number;
  height?: number;
  altText?: string;
};
const flatten = (n: Node): Node[] => [n, ...(n.children ?? []).flatMap(flatten)];

const journey = useJourney();
let context: BrowserContext;
let page: Page;
let box: Locator;
let editor: Locator;

beforeAll(async () => {
  context = await journey.newContext();
  await loginViaApi(context, journey.server.url, 'student');
  page = await context.newPage();
});

async function naturalSize(img: Locator) {
  return img.evaluate((el: HTMLImageElement) => ({
    naturalWidth: el.naturalWidth,
    naturalHeight: el.naturalHeight,
    width: el.getBoundingClientRect().width,
    height: el.getBoundingClientRect().height,
  }));
}

describe('the rich-text editor in a student answer', () => {
  it('renders formulas typed between dollar signs, Tab em-spaces and the Ctrl+Shift+E placeholder', async () => {
    await page.goto('/student/assignments');
    await page
      .getByRole('link', { name: /Quadratic Equations/ })
      .first()
      .click();
    await page.waitForURL(/\/student\/assignments\/\d+$/);
    box = page.getByRole('textbox', { name: 'Answer to question 1' });
    editor = page.getByTestId('rich-text-editor').filter({ has: box });
    await box.click();
    await page.keyboard.type('Roots: $x = 2$ and $$x = 3$$');
    await expect.poll(() => box.locator('.katex').count()).toBe(2);
    await expect.poll(() => box.locator('.katex-display').count()).toBe(1);

    await page.keyboard.press('Tab');
    await page.keyboard.type('so');
    await page.keyboard.press('Control+Shift+E');
    const formula = page.getByRole('textbox', { name: 'Formula (LaTeX)' });
    await expect.poll(() => formula.inputValue()).toBe('Type your equation here');
    await editor.screenshot({ path: `${SHOTS}/editor-formula-input.png` });
    // the placeholder is selected: typing replaces it
    await page.keyboard.type('\\frac{b}{2a}');
    await page.keyboard.press('Enter');
    await expect.poll(() => formula.count()).toBe(0);
    await expect.poll(() => box.locator('.katex').count()).toBe(3);
    expect(await box.innerText()).toContain(`${EM_SPACES}so`);
  });

  it('uploads an image file and shows it from its api_url, scaled to fit 600 x 400', async () => {
    const ticket = page.waitForResponse((r) => r.url().includes('/editor/get-image-upload-url'));
    const shown = page.waitForResponse((r) => /\/editor\/images\//.test(r.url()) && r.request().method() === 'GET');
    await editor.locator('input[type=file]').setInputFiles({ name: 'graph.png', mimeType: 'image/png', buffer: squarePng(900, 300) });
    const { api_url: apiUrl } = (await (await ticket).json()) as { api_url: string };
    expect(apiUrl).toMatch(/^\/editor\/images\//);
    expect((await shown).status()).toBe(200);
    const img = box.locator(`img[data-src="${apiUrl}"]`);
    await expect.poll(() => img.count(), { timeout: 10_000 }).toBe(1);
    const size = await naturalSize(img);
    expect(size).toMatchObject({ naturalWidth: 900, naturalHeight: 300, width: 600, height: 200 });
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
  });

  it('refuses a file that is not an image', async () => {
    await editor.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const alert = editor.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('"notes.txt" is not an image. Only image files can be inserted.');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await page.screenshot({ path: `${SHOTS}/editor-answer.png`, fullPage: false });
  });

  it('draws on the pad and saves the drawing as a cropped PNG named by its timestamp', async () => {
    await box.click();
    await page.keyboard.press('Control+End');
    await editor.getByRole('button', { name: 'Open drawing pad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Drawing pad' });
    const canvas = dialog.getByRole('img', { name: 'Drawing canvas' });
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([700, 450]);
    const slider = dialog.getByLabel('Brush size');
    expect([await slider.inputValue(), await slider.getAttribute('min'), await slider.getAttribute('max')]).toEqual(['5', '1', '20']);
    expect(await dialog.getByRole('radio').count()).toBe(7);
    await slider.fill('8');
    await dialog.getByRole('radio', { name: 'Red' }).click();

    const rect = (await canvas.boundingBox())!;
    const scale = rect.width / 700; // the canvas is drawn at its CSS size
    const at = (x: number, y: number) => [rect.x + x * scale, rect.y + y * scale] as const;
    await page.mouse.move(...at(200, 150));
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(...at(200 + i * 10, 150 + i * 5));
    await page.mouse.up();
    await page.screenshot({ path: `${SHOTS}/editor-drawing-pad.png` });

    const ticket = page.waitForRequest((r) => r.url().includes('/editor/get-image-upload-url'));
    const put = page.waitForRequest((r) => r.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save drawing' }).click();
    const query = new URL((await ticket).url()).searchParams;
    expect(query.get('file_name')).toMatch(/^drawing-\d{13}\.png$/);
    expect(query.get('content_type')).toBe('image/png');
    const putRequest = await put;
    expect(await putRequest.headerValue('content-type')).toBe('image/png');
    expect(await putRequest.headerValue('x-csrf-token')).toBeNull();
    await expect.poll(() => dialog.count()).toBe(0);

    const drawing = box.getByRole('img', { name: 'Drawing' });
    await expect.poll(() => drawing.count(), { timeout: 10_000 }).toBe(1);
    // drawn from (200,150) to (400,250) with an 8 px brush: bounds 196..404 x 146..254, plus the 10 px margin
    const size = await naturalSize(drawing);
    expect(size).toMatchObject({ naturalWidth: 228, naturalHeight: 128 });
    const corner = await drawing.evaluate((img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    });
    expect(corner).toEqual([255, 255, 255, 255]);
  });

  it('saves the serialised editor state and loads it back after a reload', async () => {
    const storedAnswer = async () => {
      const assignmentId = Number(new URL(page.url()).pathname.split('/').pop());
      const csrf = (await context.cookies()).find((c) => c.name === 'csrf_access_token')?.value ?? '';
      const reply = await page.request.post('/students/get-assignment-questions', {
        data: { assignment_id: assignmentId },
        headers: { 'x-csrf-token': csrf, 'x-tenant': 'demo' },
      });
      expect(reply.ok()).toBe(true);
      const { questions } = (await reply.json()) as { questions: { question_number: number; response_content: string | null }[] };
      return questions.find((q) => q.question_number === 1)!.response_content ?? '';
    };
    // autosave runs 2 s after the last edit (the drawing)
    await expect.poll(async () => (await storedAnswer()).split('"type":"image"').length - 1, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.getByText('Saved', { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/editor-saved.png`, fullPage: true });
    const stored = await storedAnswer();
    const nodes = flatten((JSON.parse(stored) as { root: Node }).root);
    expect(nodes.filter((n) => n.type === 'equation').map((n) => [n.equation, n.inline])).toEqual([
      ['x = 2', true],
      ['x = 3', false],
      ['\\frac{b}{2a}', true],
    ]);
    const images = nodes.filter((n) => n.type === 'image');
    expect(images.map((n) => [n.altText, n.width, n.height])).toEqual([
      ['graph.png', 600, 200],
      ['Drawing', 228, 128],
    ]);
    expect(images.every((n) => n.src!.startsWith('/editor/images/'))).toBe(true);
    expect(nodes.some((n) => n.type === 'text' && n.text!.includes(`${EM_SPACES}so`))).toBe(true);

    await page.reload();
    const again = page.getByRole('textbox', { name: 'Answer to question 1' });
    await expect.poll(() => again.locator('.katex').count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => again.locator('img[src^="blob:"]').count(), { timeout: 10_000 }).toBe(2);
  });

  it('resizes an image with its handle, keeping the aspect ratio', async () => {
    const img = page.getByRole('textbox', { name: 'Answer to question 1' }).getByRole('img', { name: 'graph.png' });
    await img.click();
    const handle = page.getByRole('slider', { name: 'Resize image' });
    const h = (await handle.boundingBox())!;
    const [cx, cy] = [h.x + h.width / 2, h.y + h.height / 2];
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - 300, cy, { steps: 5 });
    await page.mouse.up();
    const size = await naturalSize(img);
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([300, 100]);
    const h2 = (await handle.boundingBox())!;
    await page.mouse.move(h2.x + h2.width / 2, h2.y + h2.height / 2);
    await page.mouse.down();
    await page.mouse.move(h2.x - 900, h2.y, { steps: 5 });
    await page.mouse.up();
    const small = await naturalSize(img);
    expect([Math.round(small.width), Math.round(small.height)]).toEqual([60, 20]);
  });

  it('shows question text read-only with formulas in dark theme too', async () => {
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await page.getByRole('textbox', { name: 'Answer to question 1' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/editor-dark.png` });
  });
});
