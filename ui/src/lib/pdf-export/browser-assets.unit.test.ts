import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageTimeoutFor, loadImage, PDF_IMAGE_TIMEOUT_MS } from './browser-assets';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Resolves to 'pending' unless `promise` settled by now. */
const state = (promise: Promise<unknown>) => Promise.race([promise.then(() => 'settled'), Promise.resolve('pending')]);

describe('images in PDFs', () => {
  it('wait 15 s for API images and 10 s for blob images (spec document 2, section 9)', () => {
    expect(PDF_IMAGE_TIMEOUT_MS).toEqual({ api: 15_000, blob: 10_000 });
    expect(imageTimeoutFor('/editor/images/a.png')).toBe(15_000);
    expect(imageTimeoutFor('/document-processor/page.png')).toBe(15_000);
    expect(imageTimeoutFor('blob:http://localhost/123')).toBe(10_000);
  });

  it.each([
    ['/editor/images/a.png', 15_000],
    ['blob:http://localhost/123', 10_000],
  ])('give up on %s after its time-out, so the PDF notes it and goes on', async (src, ms) => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const loading = loadImage(src);
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(await state(loading)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await loading).toBeNull();
  });

  it('give up on an image the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', { status: 404 })),
    );
    expect(await loadImage('/editor/images/gone.png')).toBeNull();
  });
});
