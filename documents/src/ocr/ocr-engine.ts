import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';

/** Optical character recognition of a page image. One lazily created tesseract worker, reused, ended by close. */
export interface OcrEngine {
  recognize(image: Buffer): Promise<string>;
  /** The text with its lines: where each sits on the image and how sure tesseract was of each word. */
  read(image: Buffer): Promise<OcrRead>;
  close(): Promise<void>;
}

/** A box in image pixels, top-left origin. */
export type PixelBox = { x0: number; y0: number; x1: number; y1: number };
/**
 * One recognised line; confidences are 0..1. A word is split where its symbols stand apart (its confidence then the
 * lowest of its symbols'). `paragraphStart`: the first line of a paragraph.
 */
export type OcrLine = {
  text: string;
  box: PixelBox;
  confidence: number;
  words: { text: string; confidence: number }[];
  paragraphStart: boolean;
};
export type OcrRead = { text: string; width: number; height: number; lines: OcrLine[] };

const require = createRequire(import.meta.url);

/**
 * English LSTM data from the @tesseract.js-data/eng package. Read from disk and never cached elsewhere
 * (cacheMethod none): no download, no files written at run time.
 */
export const englishLangPath = path.join(path.dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');

export function createOcrEngine(options: { langPath?: string } = {}): OcrEngine {
  let worker: Promise<Worker> | null = null;
  const start = async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    return createWorker('eng', OEM.LSTM_ONLY, {
      langPath: options.langPath ?? englishLangPath,
      gzip: true,
      cacheMethod: 'none',
    });
  };
  const ready = () =>
    (worker ??= start().catch((err: unknown) => {
      worker = null;
      throw err;
    }));
  return {
    async recognize(image) {
      const { data } = await (await ready()).recognize(image);
      return data.text;
    },
    async read(image) {
      const { data } = await (await ready()).recognize(image, {}, { text: true, blocks: true });
      const lines = (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) => paragraph.lines.map((line, i) => toLine(line, i === 0))),
      );
      const { width, height } = imageSize(image);
      return { text: data.text, width, height, lines: lines.filter((l) => l.text !== '') };
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await (await current.catch(() => null))?.terminate();
    },
  };
}

type TesseractLine = import('tesseract.js').Line;

/**
 * A line as read, with a space put back wherever tesseract glued two symbols that stand apart on the page (a gap of
 * at least GAP_OF_HEIGHT line heights): "1. 0.5" comes back from tesseract as the one word "1.0.5".
 */
function toLine(line: TesseractLine, paragraphStart: boolean): OcrLine {
  const height = Math.max(1, line.bbox.y1 - line.bbox.y0);
  const words = line.words.flatMap((word) => {
    const symbols = word.symbols ?? [];
    if (symbols.length === 0) return [{ text: word.text, confidence: word.confidence / 100 }];
    const pieces: { text: string; confidence: number }[] = [];
    let end: number | null = null;
    for (const symbol of symbols) {
      const piece = pieces.at(-1);
      if (!piece || (end !== null && symbol.bbox.x0 - end >= height * GAP_OF_HEIGHT))
        pieces.push({ text: symbol.text, confidence: symbol.confidence / 100 });
      else {
        piece.text += symbol.text;
        piece.confidence = Math.min(piece.confidence, symbol.confidence / 100);
      }
      end = symbol.bbox.x1;
    }
    // A piece mixing letters and digits ("2o0rx") is where tesseract's doubt about the word lies: it keeps the word's.
    return pieces.map((p) =>
      /\p{L}/u.test(p.text) && /\d/.test(p.text) ? { ...p, confidence: Math.min(p.confidence, word.confidence / 100) } : p,
    );
  });
  return {
    text: words
      .map((w) => w.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
    box: line.bbox,
    confidence: line.confidence / 100,
    words,
    paragraphStart,
  };
}

const GAP_OF_HEIGHT = 0.45;

/** Width and height of a PNG (from its IHDR chunk); 0 for anything else. */
function imageSize(image: Buffer): { width: number; height: number } {
  const png = image.length >= 24 && image.readUInt32BE(12) === 0x49484452;
  return png ? { width: image.readUInt32BE(16), height: image.readUInt32BE(20) } : { width: 0, height: 0 };
}
