import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';

/** Optical character recognition of a page image. One lazily created tesseract worker, reused, ended by close. */
export interface OcrEngine {
  recognize(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

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
  return {
    async recognize(image) {
      worker ??= start().catch((err: unknown) => {
        worker = null;
        throw err;
      });
      const { data } = await (await worker).recognize(image);
      return data.text;
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await (await current.catch(() => null))?.terminate();
    },
  };
}
