import { z } from 'zod';
import type { ResponseReading } from '@evergrade/contracts';
import { openPdfReader, renderPdfPagePng, splitResponsesByQuestion, type OcrEngine, type PdfPage } from '@evergrade/documents';
import type { AiProvider } from '@evergrade/platform/ai';
import { pageLinesOf, readInkOnTypedPages, readingsOf, type SheetLine } from './reading';

/**
 * A student's answers read from a submission PDF. Each page's text layer is used when it has one (typed
 * answers); a page without one (a scan, a phone photo of handwriting) goes to the vision model when one is
 * configured, else to OCR. The text of all pages is then split into answers by the question numbering.
 */
export type ReadProgress = {
  pages: number;
  total_pages: number;
  current_page: number;
  total_batches: number;
  current_batch: number;
  batch_size: number;
  pages_in_current_batch: number;
};

export type ReadOptions = {
  questions: { number: number; text: string }[];
  ocr: OcrEngine;
  /** Reads handwriting when present and not offline. */
  ai: AiProvider | null;
  batchSize: number;
  signal?: AbortSignal;
  onProgress?: (progress: ReadProgress) => void;
  /** Told why a model reply was not used (the batch is then read by OCR). */
  onAiFailure?: (err: unknown) => void;
};

export type ReadResult = {
  pages: number;
  /** One per question number found (empty text when the number stands alone), in question order. */
  responses: { question_number: number; text: string }[];
  /** How each question's answer was read, by question number (every question asked, found or not). */
  readings: Map<number, ResponseReading>;
  method: 'ai' | 'ocr' | 'text';
};

/** A page whose text layer has fewer letters and digits than this is a picture (the documents library's rule). */
const MIN_TEXT_CHARS = 20;
/** Pixels per PDF point for the model (about 144 dpi): enough for handwriting, small enough to send. */
const AI_SCALE = 2;

export async function readSubmissionAnswers(pdf: Buffer, o: ReadOptions): Promise<ReadResult> {
  const reader = await openPdfReader(pdf);
  const sheet: SheetLine[] = [];
  const sources = new Set<PdfPage['source'] | 'ai'>();
  try {
    const total = reader.numPages;
    const batches = chunk(
      Array.from({ length: total }, (_, i) => i + 1),
      o.batchSize,
    );
    const base = { pages: total, total_pages: total, total_batches: batches.length, batch_size: o.batchSize };
    o.onProgress?.({ ...base, current_page: 0, current_batch: 0, pages_in_current_batch: 0 });
    let done = 0;
    for (const [index, batch] of batches.entries()) {
      const progress = () =>
        o.onProgress?.({ ...base, current_page: done, current_batch: index + 1, pages_in_current_batch: batch.length });
      const useAi = o.ai && !o.ai.offline ? o.ai : null;
      const read = new Map<number, SheetLine[]>();
      const pictures: number[] = [];
      for (const n of batch) {
        o.signal?.throwIfAborted();
        const page = await reader.readPage(n, { ocr: useAi ? null : o.ocr, minTextChars: MIN_TEXT_CHARS, lines: true });
        if (useAi && alnum(page.text) < MIN_TEXT_CHARS) pictures.push(n);
        else {
          read.set(n, pageLinesOf(page));
          sources.add(page.source);
          done += 1;
          progress();
        }
      }
      if (useAi && pictures.length > 0) {
        const transcribed = await transcribeWithAi(useAi, pdf, pictures, o).catch((err: unknown) => {
          if (o.signal?.aborted) throw err;
          o.onAiFailure?.(err);
          return null;
        });
        for (const n of pictures) {
          o.signal?.throwIfAborted();
          if (transcribed) {
            read.set(n, pageLinesOf({ pageNumber: n, text: transcribed.get(n) ?? '', source: 'ai' }));
            sources.add('ai');
          } else {
            const page = await reader.readPage(n, { ocr: o.ocr, minTextChars: MIN_TEXT_CHARS, lines: true });
            read.set(n, pageLinesOf(page));
            sources.add(page.source);
          }
          done += 1;
          progress();
        }
      }
      for (const n of batch)
        sheet.push(...(read.get(n) ?? []), { text: '', page: n, box: null, confidence: null, words: null, method: 'text' });
    }
    const numbers = o.questions.map((q) => q.number);
    const joined = sheet.map((line) => line.text).join('\n');
    const split = splitResponsesByQuestion(joined, numbers);
    let responses = split.responses;
    // One question and no numbering: the whole sheet answers it.
    if (responses.length === 0 && numbers.length === 1 && joined.trim())
      responses = [{ question_number: numbers[0]!, text: joined.trim() }];
    const order = new Map(numbers.map((n, i) => [n, i]));
    responses = [...responses].sort((a, b) => (order.get(a.question_number) ?? 0) - (order.get(b.question_number) ?? 0));
    const method = sources.has('ai') ? 'ai' : sources.has('ocr') ? 'ocr' : 'text';
    const readings = await readingsOf(pdf, sheet, numbers, responses);
    // Writing on a typed page (ink, a pasted photo) has no text layer: OCR reads that answer's region.
    const read = await readInkOnTypedPages(pdf, o.ocr, responses, readings, o.signal);
    return { pages: total, responses: read.responses, method: read.ocr ? (method === 'ai' ? 'ai' : 'ocr') : method, readings };
  } finally {
    await reader.close();
  }
}

const alnum = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').length;

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const TranscriptionSchema = z.object({
  pages: z.array(z.object({ page: z.coerce.number().int(), text: z.string() })).min(1),
});

const SYSTEM = [
  "You read a student's handwritten answer sheet from page images and transcribe it exactly.",
  'Reply with JSON only: {"pages":[{"page":<page number>,"text":"<transcription>"}]}, one entry per image, in order.',
  'Start each answer on its own line with its question number as the student wrote it (for example "1.", "2)", "Q3").',
  'If an answer has no number but clearly answers one of the listed questions, start it with that number and a dot.',
  'Write mathematics in plain text or LaTeX between dollar signs. Do not correct, complete or grade anything.',
  'Where writing is there but cannot be read, write [illegible] in its place; never guess a word or a digit.',
].join(' ');

/** The model's transcription of the given pages, by page number; throws when the reply is not the JSON asked for. */
async function transcribeWithAi(ai: AiProvider, pdf: Buffer, pageNumbers: number[], o: ReadOptions): Promise<Map<number, string>> {
  const images = [];
  for (const n of pageNumbers) {
    o.signal?.throwIfAborted();
    images.push({ mimeType: 'image/png', base64: (await renderPdfPagePng(pdf, n, AI_SCALE)).toString('base64') });
  }
  const user = [
    `The images are pages ${pageNumbers.join(', ')} of the sheet, in that order.`,
    'The questions of the assignment:',
    ...o.questions.map((q) => `${q.number}. ${q.text.slice(0, 500)}`),
  ].join('\n');
  const reply = await ai.complete({ system: SYSTEM, user, images, json: true, temperature: 0 });
  const parsed = TranscriptionSchema.safeParse(parseJson(reply));
  if (!parsed.success) throw new Error('The model reply is not the JSON asked for');
  const byPage = new Map<number, string>();
  parsed.data.pages.forEach((p, i) => {
    // Trust the page number when it is one of ours; otherwise the position in the list.
    const n = pageNumbers.includes(p.page) ? p.page : pageNumbers[i];
    if (n !== undefined) byPage.set(n, [byPage.get(n), p.text].filter(Boolean).join('\n'));
  });
  return byPage;
}

/** JSON, also when wrapped in a ```json fence. */
function parseJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text);
  try {
    return JSON.parse((fenced ? fenced[1]! : text).trim());
  } catch {
    return null;
  }
}
