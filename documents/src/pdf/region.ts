import type { PageBox } from './extract';
import { openPdf, type PdfDocument } from './pdfjs';

type Canvas = { width: number; height: number; toBuffer(mime: 'image/png'): Buffer };
type Context = { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
type CanvasFactory = { create(w: number, h: number): { canvas: Canvas; context: Context } };

/** Largest side of a rendered region, in pixels: sharp enough to read handwriting, small enough to send. */
const MAX_SIDE = 1600;

/** Only the region of a page (fractions of the page, top-left origin), rendered at `scale` pixels per point. */
async function renderRegion(doc: PdfDocument, pageNumber: number, box: PageBox, scale: number) {
  const page = await doc.getPage(pageNumber);
  try {
    const base = page.getViewport({ scale: 1 });
    const region = clampBox(box);
    const fit = Math.min(scale, MAX_SIDE / Math.max(1, region.w * base.width, region.h * base.height));
    const full = page.getViewport({ scale: fit });
    const width = Math.max(1, Math.round(region.w * full.width));
    const height = Math.max(1, Math.round(region.h * full.height));
    const viewport = page.getViewport({ scale: fit, offsetX: -region.x * full.width, offsetY: -region.y * full.height });
    const { canvas, context } = (doc.canvasFactory as unknown as CanvasFactory).create(width, height);
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport, background: 'white' }).promise;
    return { canvas, context, width, height };
  } finally {
    page.cleanup();
  }
}

/** A region kept inside the page. */
export function clampBox(box: PageBox): PageBox {
  const x = Math.min(Math.max(box.x, 0), 1);
  const y = Math.min(Math.max(box.y, 0), 1);
  return { x, y, w: Math.min(Math.max(box.w, 0), 1 - x), h: Math.min(Math.max(box.h, 0), 1 - y) };
}

/** A region of a page as a PNG image (the student's own writing, for the instructor to check what was read). */
export async function renderPdfRegionPng(pdf: Uint8Array, pageNumber: number, box: PageBox, scale = 2): Promise<Buffer> {
  const doc = await openPdf(pdf);
  try {
    const { canvas } = await renderRegion(doc, pageNumber, box, scale);
    return canvas.toBuffer('image/png');
  } finally {
    await doc.destroy();
  }
}

/** The share (0..1) of dark pixels in a region of a page: writing, or a blank space. */
export async function inkInPdfRegion(pdf: Uint8Array, pageNumber: number, box: PageBox): Promise<number> {
  const doc = await openPdf(pdf);
  try {
    const { context, width, height } = await renderRegion(doc, pageNumber, box, 1);
    const { data } = context.getImageData(0, 0, width, height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]! < 140) dark += 1;
    return dark / (width * height);
  } finally {
    await doc.destroy();
  }
}
