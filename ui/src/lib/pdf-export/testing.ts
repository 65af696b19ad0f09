import { createRequire } from 'node:module';
import path from 'node:path';
import type { PdfAssets, PdfImage } from './writer';

/** Test helper (Node): a PDF's pages as pdf.js reads them back: size in points, the text drawn and the images painted. */
export type ReadPdf = { pages: { width: number; height: number; text: string; images: number }[]; text: string };

const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve('pdfjs-dist/package.json'));

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pages: ReadPdf['pages'] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
    const ops = await page.getOperatorList();
    const images = ops.fnArray.filter((f) => f === pdfjs.OPS.paintImageXObject || f === pdfjs.OPS.paintInlineImageXObject).length;
    pages.push({ width: x1 - x0, height: y1 - y0, text, images });
  }
  await doc.destroy();
  return { pages, text: pages.map((p) => p.text).join('\n') };
}

/** A 1×1 PNG standing in for a rendered formula or a fetched image (Node has no canvas). */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
export const pixel = (width: number, height: number): PdfImage => ({ data: PIXEL, format: 'PNG', width, height });

/** Assets that record what was asked: formulas drawn as a 60×20 picture, images from `images` (missing: failed). */
export function fakeAssets(images: Record<string, PdfImage> = {}) {
  const formulas: { tex: string; block: boolean }[] = [];
  const asked: string[] = [];
  const assets: PdfAssets = {
    formula: async (tex, block) => (formulas.push({ tex, block }), pixel(60, block ? 30 : 20)),
    image: async (src) => (asked.push(src), images[src] ?? null),
  };
  return { assets, formulas, asked };
}
