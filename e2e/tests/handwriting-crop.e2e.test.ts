import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PDFDocument, rgb } from 'pdf-lib';
import { makeScannedPdf } from '@evergrade/documents/testing';
import { useJourney } from '../src/harness';
import { DEMO_USERS, loginWithForm } from '../src/journeys';

/**
 * An instructor uploads Ada Lovelace's handwritten (scanned) sheet for 'Quadratic Equations' and grades it: beside
 * each answer as read sits the crop of her page; the answer that is only a scribble is flagged "Could not read this
 * answer." rather than given a silent 0. Looked at on a desktop and at 360 px, light and dark.
 */
let context: BrowserContext;
let page: Page;
const journey = useJourney();
const shot = (name: string) => page.screenshot({ path: `e2e/screenshots/handwriting-${name}.png`, fullPage: true });

/** A scan (page images only): answer 2 is a scribble no OCR can read. */
async function adaScan(): Promise<Buffer> {
  const doc = await PDFDocument.load(
    await makeScannedPdf([['Quadratic Equations', '', '1. x = 2 or x = 3', '2.', '', '', '3. It tells how many real roots there are.']]),
  );
  doc.getPage(0).drawSvgPath('M 0 0 C 20 -25 40 25 60 0 C 80 -25 100 20 120 -5 M 10 12 L 110 -14 M 5 -10 C 40 10 70 -20 115 8', {
    x: 80,
    y: 716,
    scale: 0.7,
    borderColor: rgb(0.1, 0.1, 0.25),
    borderWidth: 2.5,
  });
  return Buffer.from(await doc.save());
}

const dialog = () => page.getByRole('dialog', { name: /submissions/ });
const questionCard = (n: number) => page.getByTestId(`graded-question-${n}`);
const cropOf = (n: number) => questionCard(n).getByTestId('answer-crop');

beforeAll(async () => {
  context = await journey.newContext();
  page = await context.newPage();
});

describe("the student's page beside a handwritten answer", () => {
  it('uploads and grades a scanned sheet', async () => {
    await loginWithForm(page, DEMO_USERS.instructor, 'Instructor');
    await page.waitForURL('**/instructor/assignments');
    await page.getByRole('link', { name: 'Quadratic Equations' }).first().click();
    await page.waitForURL(/\/instructor\/assignments\/\d+$/);
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await page.getByRole('button', { name: /Upload Submissions/ }).click();
    await dialog().waitFor();
    await dialog()
      .getByLabel('PDF files')
      .setInputFiles([{ name: 'Ada Lovelace.pdf', mimeType: 'application/pdf', buffer: await adaScan() }]);
    await expect
      .poll(() => dialog().getByTestId('upload-file-Ada_Lovelace').getByTestId('mapped-student').textContent())
      .toBe('Ada Lovelace · matched automatically');
    await dialog().getByRole('button', { name: 'Upload All' }).click();
    await expect
      .poll(() => dialog().getByTestId('upload-file-Ada_Lovelace').getAttribute('data-phase'), { timeout: 120_000, interval: 250 })
      .toBe('complete');
    await dialog().getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: /Grade 1 ungraded/ }).click();
    await expect.poll(() => page.getByRole('img', { name: 'Graded' }).count(), { timeout: 90_000 }).toBe(1);
  });

  it('shows the crop of her page beside the text read from it', async () => {
    await expect.poll(() => questionCard(1).locator('.gr-response').textContent(), { timeout: 20_000 }).toMatch(/x ?= ?2/);
    const image = cropOf(1).getByRole('img', { name: "Question 1 on the student's page" });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => cropOf(1).getAttribute('data-state'), { timeout: 20_000 }).toBe('loaded');
    // A live refresh may swap the image for a newer version's: wait until the one shown has its pixels.
    const sizeOf = () => image.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
    await expect.poll(async () => (await sizeOf()).w, { timeout: 20_000 }).toBeGreaterThan(0);
    const size = await sizeOf();
    expect(size.w).toBeGreaterThan(size.h);
    // Beside, not below, on a desktop: the crop starts to the right of the read text, at the same height.
    const text = (await questionCard(1).locator('.gr-response').boundingBox())!;
    const crop = (await cropOf(1).boundingBox())!;
    expect(crop.x).toBeGreaterThanOrEqual(text.x + text.width);
    expect(Math.abs(crop.y - text.y)).toBeLessThan(4);
    await shot('desktop-light');
  });

  it('flags the scribble "Could not read this answer." and shows its crop for the instructor to read', async () => {
    await questionCard(2).scrollIntoViewIfNeeded();
    expect(await questionCard(2).getByTestId('flag').textContent()).toMatch(/Could not read this answer\./);
    await expect.poll(() => cropOf(2).getAttribute('data-state'), { timeout: 20_000 }).toBe('loaded');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await shot('desktop-dark');
  });

  it('at 360 px the crop goes below the read text, within the width', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await questionCard(1).scrollIntoViewIfNeeded();
    const text = (await questionCard(1).locator('.gr-response').boundingBox())!;
    const crop = (await cropOf(1).boundingBox())!;
    expect(crop.y).toBeGreaterThanOrEqual(text.y + text.height);
    expect(crop.x + crop.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot('phone-dark');
    // The theme button sits in the phone's menu: choose light the way the app keeps it, and load the page again.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByRole('button', { name: 'View Submissions' }).click();
    await questionCard(2).scrollIntoViewIfNeeded();
    await expect.poll(() => cropOf(2).getAttribute('data-state'), { timeout: 20_000 }).toBe('loaded');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    await shot('phone-light');
  });
});
