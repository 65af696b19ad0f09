import type { OcrEngine, OcrLine } from '../ocr/ocr-engine';
import { groupIntoLines, type TextItem, type TextLine } from './text-lines';
import { openPdf, type PdfDocument } from './pdfjs';

export type PdfPage = {
  pageNumber: number;
  text: string;
  /** 'text' from the PDF's text layer, 'ocr' from the rendered page, 'empty' when neither gave text. */
  source: 'text' | 'ocr' | 'empty';
  /** The lines the text came from, where each sits on the page; when `lines` was asked for. */
  lines?: PageLine[];
};

/** A region of a page as fractions of its width and height (0..1), top-left origin, as the page is shown. */
export type PageBox = { x: number; y: number; w: number; h: number };

/**
 * One line of a page. `confidence` (0..1) and `words` when OCR read it (null for the text layer, which is exact);
 * `gapBefore`: a paragraph starts here.
 */
export type PageLine = {
  text: string;
  box: PageBox;
  confidence: number | null;
  words: { text: string; confidence: number }[] | null;
  gapBefore: boolean;
};

export type ReadPageOptions = {
  /** Null: no OCR; pages without a text layer come back empty. */
  ocr: OcrEngine | null;
  /** A page whose text layer has fewer letters and digits than this is read by OCR. */
  minTextChars?: number;
  /** Also report the page's lines with their boxes (and, from OCR, confidences). */
  lines?: boolean;
};

/** Pixels per PDF point when rendering for OCR (about 180 dpi), kept under a size tesseract handles quickly. */
const OCR_SCALE = 2.5;
const OCR_MAX_SIDE = 3000;

/** An open PDF read page by page (progress is reported between pages). Close it when done. */
export type PdfReader = {
  numPages: number;
  readPage(pageNumber: number, options: ReadPageOptions): Promise<PdfPage>;
  close(): Promise<void>;
};

export async function openPdfReader(pdf: Uint8Array): Promise<PdfReader> {
  const doc = await openPdf(pdf);
  return {
    numPages: doc.numPages,
    readPage: (pageNumber, options) => readPage(doc, pageNumber, options),
    close: () => doc.destroy(),
  };
}

async function readPage(doc: PdfDocument, pageNumber: number, options: ReadPageOptions): Promise<PdfPage> {
  const page = await doc.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem & typeof item => 'str' in item);
    const textLines = groupIntoLines(items);
    const text = textLines.map((line) => line.text).join('\n');
    const usable = text.replace(/[^\p{L}\p{N}]/gu, '').length >= (options.minTextChars ?? 20);
    const layer = (): PdfPage => ({
      pageNumber,
      text,
      source: text.trim() ? 'text' : 'empty',
      ...(options.lines ? { lines: textLines.map((l) => layerLine(page, l)) } : {}),
    });
    if (usable || !options.ocr) return layer();

    const png = await renderPng(doc, page, OCR_SCALE);
    if (options.lines) {
      const read = await options.ocr.read(png);
      const lines = read.lines.map((l) => ocrLine(l, read.width, read.height));
      const ocrText = read.text.replace(/\n{3,}/g, '\n\n').trim();
      return ocrText ? { pageNumber, text: ocrText, source: 'ocr', lines } : layer();
    }
    const ocrText = (await options.ocr.recognize(png)).replace(/\n{3,}/g, '\n\n').trim();
    return ocrText ? { pageNumber, text: ocrText, source: 'ocr' } : layer();
  } finally {
    page.cleanup();
  }
}

type PdfPageProxy = Awaited<ReturnType<PdfDocument['getPage']>>;

/** A text-layer line's box: from its start to its end, from above its baseline by its size to a little below it. */
function layerLine(page: PdfPageProxy, line: TextLine): PageLine {
  const viewport = page.getViewport({ scale: 1 });
  const [ax, ay] = viewport.convertToViewportPoint(line.x, line.y + line.size);
  const [bx, by] = viewport.convertToViewportPoint(line.right, line.y - line.size * 0.3);
  const box = {
    x: Math.min(ax!, bx!) / viewport.width,
    y: Math.min(ay!, by!) / viewport.height,
    w: Math.abs(bx! - ax!) / viewport.width,
    h: Math.abs(by! - ay!) / viewport.height,
  };
  return { text: line.text, box, confidence: null, words: null, gapBefore: false };
}

function ocrLine(line: OcrLine, width: number, height: number): PageLine {
  const w = Math.max(1, width);
  const h = Math.max(1, height);
  const box = { x: line.box.x0 / w, y: line.box.y0 / h, w: (line.box.x1 - line.box.x0) / w, h: (line.box.y1 - line.box.y0) / h };
  return { text: line.text, box, confidence: line.confidence, words: line.words, gapBefore: line.paragraphStart };
}

async function renderPng(doc: PdfDocument, page: PdfPageProxy, preferredScale: number): Promise<Buffer> {
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(preferredScale, OCR_MAX_SIDE / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  const factory = doc.canvasFactory as unknown as {
    create(w: number, h: number): { canvas: { toBuffer(mime: 'image/png'): Buffer }; context: unknown };
  };
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  // White behind the page: a transparent background reads as black to OCR.
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport, background: 'white' }).promise;
  return canvas.toBuffer('image/png');
}

/** One page as a PNG image (what OCR sees). */
export async function renderPdfPagePng(pdf: Uint8Array, pageNumber: number, scale = OCR_SCALE): Promise<Buffer> {
  const doc = await openPdf(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    return await renderPng(doc, page, scale);
  } finally {
    await doc.destroy();
  }
}

export type ExtractOptions = {
  /** Omitted: a worker is started for this call when a page needs it and ended after. False: no OCR. */
  ocr?: OcrEngine | false;
  minTextChars?: number;
  onPage?: (page: PdfPage, totalPages: number) => void | Promise<void>;
};

/** Every page's text: the text layer with its line structure, or OCR where a page has none. */
export async function extractPdfPages(pdf: Uint8Array, options: ExtractOptions = {}): Promise<PdfPage[]> {
  const reader = await openPdfReader(pdf);
  const own = options.ocr === undefined ? await import('../ocr/ocr-engine').then((m) => m.createOcrEngine()) : null;
  const ocr = options.ocr === false ? null : (options.ocr ?? own);
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= reader.numPages; n++) {
      const page = await reader.readPage(n, { ocr, ...(options.minTextChars !== undefined ? { minTextChars: options.minTextChars } : {}) });
      pages.push(page);
      await options.onPage?.(page, reader.numPages);
    }
    return pages;
  } finally {
    await reader.close();
    await own?.close();
  }
}
