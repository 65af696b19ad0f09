import { createRequire } from 'node:module';
import path from 'node:path';
import { sniffContentType } from '@evergrade/platform/blob';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';

/**
 * pdfjs-dist (legacy build, for Node) loaded on first use, never at server start. Fonts, CMaps and image
 * decoders come from the installed package, so nothing is fetched over the network.
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
const dir = (name: string) => `${path.join(root, name)}${path.sep}`;

export type PdfDocument = PDFDocumentProxy;

export class UnreadablePdfError extends Error {
  constructor(
    readonly reason: 'password' | 'invalid',
    cause?: unknown,
  ) {
    super(reason === 'password' ? 'This PDF is password-protected.' : 'This PDF could not be read. It may be damaged.', { cause });
    this.name = 'UnreadablePdfError';
  }
}

/** Opens a PDF from memory (the buffer is copied: pdfjs takes ownership of what it is given). */
export async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  const lib = await loadPdfJs();
  const task = lib.getDocument({
    data: new Uint8Array(data),
    standardFontDataUrl: dir('standard_fonts'),
    cMapUrl: dir('cmaps'),
    cMapPacked: true,
    wasmUrl: dir('wasm'),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    throw new UnreadablePdfError((err as { name?: string }).name === 'PasswordException' ? 'password' : 'invalid', err);
  }
}

/** A PDF by its magic bytes (`%PDF-` first), whatever name or type the sender gave it. */
export const looksLikePdf = (data: Uint8Array): boolean => sniffContentType(data) === 'application/pdf';

/** The page count, or an UnreadablePdfError. */
export async function countPdfPages(data: Uint8Array): Promise<number> {
  const doc = await openPdf(data);
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}
