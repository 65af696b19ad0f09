import html2canvas from 'html2canvas-pro';
import katex from 'katex';
import 'katex/dist/katex.min.css';
import { apiHeaders } from '../api-client';
import { wrapCurrency } from './rich-blocks';
import type { PdfAssets, PdfImage } from './writer';

/** Spec document 2, section 9: image load time-outs, JPEG quality and scale of rendered pieces. */
export const PDF_IMAGE_TIMEOUT_MS = { api: 15_000, blob: 10_000 } as const;
export const PDF_JPEG_QUALITY = 0.98;
export const PDF_RENDER_SCALE = 2;

const isApiImage = (src: string) => /^\/(editor|document-processor)\//.test(src);
const isBlobImage = (src: string) => src.startsWith('blob:') || src.startsWith('data:');

/** The time-out an image gets: API images 15 s, blob images 10 s. */
export const imageTimeoutFor = (src: string) => (isBlobImage(src) ? PDF_IMAGE_TIMEOUT_MS.blob : PDF_IMAGE_TIMEOUT_MS.api);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

function jpegOf(source: CanvasImageSource, width: number, height: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(source, 0, 0, width, height);
  return canvas.toDataURL('image/jpeg', PDF_JPEG_QUALITY);
}

/** An image fetched as a blob (API images with the session and tenant), decoded and re-encoded as JPEG; null on failure or time-out. */
export async function loadImage(src: string): Promise<PdfImage | null> {
  if (!src) return null;
  const controller = new AbortController();
  try {
    return await withTimeout(
      (async () => {
        const init: RequestInit = isApiImage(src) ? { credentials: 'include', headers: apiHeaders() } : {};
        const response = await fetch(src, { ...init, signal: controller.signal });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const bitmap = await createImageBitmap(await response.blob());
        const image = {
          data: jpegOf(bitmap, bitmap.width, bitmap.height),
          format: 'JPEG' as const,
          width: bitmap.width,
          height: bitmap.height,
        };
        bitmap.close();
        return image;
      })(),
      imageTimeoutFor(src),
    );
  } catch {
    controller.abort();
    return null;
  }
}

/** The text of every KaTeX rule the app has loaded (its font URLs are absolute, so they hold in any document). */
function katexCss(): string {
  const rules: string[] = [];
  for (const sheet of [...document.styleSheets]) {
    let list: CSSRuleList;
    try {
      list = sheet.cssRules;
    } catch {
      continue; // another origin's sheet
    }
    const texts = [...list].map((r) => r.cssText);
    if (texts.some((t) => t.includes('katex') || t.includes('KaTeX'))) rules.push(...texts);
  }
  return rules.join('\n');
}

/**
 * A blank page of our own, in a hidden frame, holding KaTeX's styles inline and its fonts loaded: html2canvas
 * clones the document of what it draws, and this one is small and needs nothing fetched again, so each formula is
 * cheap and drawn with its own fonts and layout.
 */
let formulaFrame: Promise<Document> | null = null;
function formulaDocument(): Promise<Document> {
  formulaFrame ??= (async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:1200px;height:400px;border:0;visibility:hidden;';
    document.body.appendChild(frame);
    const doc = frame.contentDocument;
    if (!doc) throw new Error('no frame document');
    doc.open();
    doc.write('<!doctype html><html><head></head><body style="margin:0;background:#fff"></body></html>');
    doc.close();
    const style = doc.createElement('style');
    style.textContent = katexCss();
    doc.head.appendChild(style);
    await Promise.all([...doc.fonts].map((face) => face.load().catch(() => null)));
    return doc;
  })();
  return formulaFrame;
}

/** A formula drawn as the editor draws it (KaTeX), captured at scale 2 as a JPEG. */
export async function renderFormulaImage(tex: string, block: boolean): Promise<PdfImage | null> {
  const doc = await formulaDocument().catch(() => document);
  const host = doc.createElement('div');
  host.style.cssText = 'display:inline-block;padding:1px 2px;background:#fff;color:#000;font-size:13px;line-height:1.2;';
  try {
    host.innerHTML = katex.renderToString(wrapCurrency(tex), {
      displayMode: block,
      throwOnError: false,
      errorColor: '#b00020',
      strict: 'ignore',
      trust: false,
      output: 'html',
    });
    doc.body.appendChild(host);
    void host.offsetWidth;
    await doc.fonts.ready;
    const canvas = await html2canvas(host, { scale: PDF_RENDER_SCALE, backgroundColor: '#ffffff', logging: false });
    if (canvas.width === 0 || canvas.height === 0) return null;
    return {
      data: canvas.toDataURL('image/jpeg', PDF_JPEG_QUALITY),
      format: 'JPEG',
      width: canvas.width / PDF_RENDER_SCALE,
      height: canvas.height / PDF_RENDER_SCALE,
    };
  } catch {
    return null;
  } finally {
    host.remove();
  }
}

/** The browser's assets for one export: each formula and image loaded once. */
export function browserAssets(): PdfAssets {
  const formulas = new Map<string, Promise<PdfImage | null>>();
  const images = new Map<string, Promise<PdfImage | null>>();
  return {
    formula(tex, block) {
      const key = `${block ? 'B' : 'I'}${tex}`;
      if (!formulas.has(key)) formulas.set(key, renderFormulaImage(tex, block));
      return formulas.get(key)!;
    },
    image(src) {
      if (!images.has(src)) images.set(src, loadImage(src));
      return images.get(src)!;
    },
  };
}
