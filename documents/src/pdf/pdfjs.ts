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
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs').finally(keepNativeBuiltins));

/**
 * The legacy build carries core-js, which replaces built-ins of the whole process when its modules are evaluated (the
 * library on first use, its worker on the first document): JSON.stringify with a script version about 16 times slower
 * (it adds JSON.rawJSON, which Node 20 lacks), Array.prototype.push about 10 times slower, JSON.parse and
 * Function.prototype.toString. Every request, query and event of the server would pay for them from the first PDF on
 * (the standalone server reads its seeded textbooks at start). pdfjs needs none of what they add: the native ones are
 * put back after each load.
 */
const NATIVE = {
  stringify: JSON.stringify,
  parse: JSON.parse,
  push: Array.prototype.push,
  toString: Function.prototype.toString,
};
export function keepNativeBuiltins(): void {
  const put = <T extends object, K extends keyof T>(target: T, key: K, native: T[K]) => {
    if (target[key] !== native)
      Object.defineProperty(target, key, { value: native, writable: true, configurable: true, enumerable: false });
  };
  put(JSON, 'stringify', NATIVE.stringify);
  put(JSON, 'parse', NATIVE.parse);
  put(Array.prototype, 'push', NATIVE.push);
  put(Function.prototype, 'toString', NATIVE.toString);
}

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
  } finally {
    // The first document loads the worker's module (in this thread), which installs its own copies.
    keepNativeBuiltins();
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
