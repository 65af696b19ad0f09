import type { AiProvider } from '@evergrade/platform/ai';
import { mergeByNumber, structureWithAi } from '../ai/structure';
import type { OcrEngine } from '../ocr/ocr-engine';
import { openPdfReader, type PdfPage, type PdfReader } from '../pdf/extract';
import { parseMarkingScheme, parseQuestionPaperAndKey } from '../parse/marking-scheme';
import { joinPages } from '../parse/normalise';
import type { ParsedQuestion } from '../types';

/**
 * A marking scheme (or a question paper and its answer key) turned into questions, reporting progress
 * page by page. Normal mode reads pages in batches (5 by default) and, with an AI provider, structures
 * each batch; express mode treats every page as its own batch, each question being on one page.
 */
export type ProcessingMode = 'normal' | 'express';

export type MarkingSchemeInput = { kind: 'combined'; scheme: Uint8Array } | { kind: 'separate'; paper: Uint8Array; key: Uint8Array };

/** The spec's upload-progress fields (document 3 section 3), plus what is happening in words. */
export type ProcessingProgress = {
  stage: 'reading' | 'structuring';
  message: string;
  /** Pages in the document(s): 0 until they are opened. */
  pages: number;
  total_pages: number;
  /** Pages read so far. */
  current_page: number;
  total_batches: number;
  /** 1-based; 0 before the first batch starts. */
  current_batch: number;
  batch_size: number;
  /** How many pages the current batch holds (the last one may be short). */
  pages_in_current_batch: number;
};

export type ProcessingOptions = {
  mode: ProcessingMode;
  ocr: OcrEngine | null;
  ai?: AiProvider | null | undefined;
  /** Labels 'rubric name - criterion' the AI may tag questions with. */
  rubrics?: readonly string[];
  batchSize?: number;
  onProgress?: (progress: ProcessingProgress) => void | Promise<void>;
  signal?: AbortSignal;
};

export type ProcessingResult = {
  questions: ParsedQuestion[];
  pages: number;
  /** 'ai' when the provider's structured reply was used, 'rules' for the deterministic parser. */
  method: 'ai' | 'rules';
  /** Pages read by OCR (no usable text layer). */
  ocrPages: number;
};

export const DEFAULT_BATCH_SIZE = 5;

type Role = 'scheme' | 'paper' | 'key';
type Batch = { role: Role; reader: PdfReader; pageNumbers: number[] };

export async function processMarkingScheme(input: MarkingSchemeInput, options: ProcessingOptions): Promise<ProcessingResult> {
  // Separate documents are paired across pages, so they are always read in normal mode.
  const mode: ProcessingMode = input.kind === 'separate' ? 'normal' : options.mode;
  const batchSize = mode === 'express' ? 1 : Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const documents: { role: Role; pdf: Uint8Array }[] =
    input.kind === 'combined'
      ? [{ role: 'scheme', pdf: input.scheme }]
      : [
          { role: 'paper', pdf: input.paper },
          { role: 'key', pdf: input.key },
        ];

  const readers: { role: Role; reader: PdfReader }[] = [];
  try {
    for (const d of documents) readers.push({ role: d.role, reader: await openPdfReader(d.pdf) });
    const batches: Batch[] = readers.flatMap(({ role, reader }) =>
      chunk(range(1, reader.numPages), batchSize).map((pageNumbers) => ({ role, reader, pageNumbers })),
    );
    const totalPages = readers.reduce((n, r) => n + r.reader.numPages, 0);
    const progress = (p: Partial<ProcessingProgress> & Pick<ProcessingProgress, 'stage' | 'message'>) =>
      options.onProgress?.({
        pages: totalPages,
        total_pages: totalPages,
        current_page: 0,
        total_batches: batches.length,
        current_batch: 0,
        batch_size: batchSize,
        pages_in_current_batch: 0,
        ...p,
      });
    await progress({ stage: 'reading', message: `Reading ${totalPages} ${totalPages === 1 ? 'page' : 'pages'}` });

    const ai = options.ai && !options.ai.offline ? options.ai : null;
    const rubrics = options.rubrics ?? [];
    const pages: Record<Role, PdfPage[]> = { scheme: [], paper: [], key: [] };
    const aiBatches: Promise<ParsedQuestion[] | null>[] = [];
    let done = 0;
    for (const [index, batch] of batches.entries()) {
      const batchPages: PdfPage[] = [];
      for (const pageNumber of batch.pageNumbers) {
        options.signal?.throwIfAborted();
        const page = await batch.reader.readPage(pageNumber, { ocr: options.ocr });
        batchPages.push(page);
        done += 1;
        await progress({
          stage: 'reading',
          message: `Read page ${done} of ${totalPages}${page.source === 'ocr' ? ' (OCR)' : ''}`,
          current_page: done,
          current_batch: index + 1,
          pages_in_current_batch: batch.pageNumbers.length,
        });
      }
      pages[batch.role].push(...batchPages);
      // Each batch of a scheme goes to the model as soon as it is read; a paper and key go together at the end.
      if (ai && input.kind === 'combined') {
        const note =
          mode === 'express'
            ? 'This is one page of the document; each question is complete on its page.'
            : `These are pages ${batch.pageNumbers[0]}-${batch.pageNumbers.at(-1)} of ${totalPages}; a question may continue from the previous pages or on the next ones.`;
        aiBatches.push(structureWithAi(ai, { kind: 'combined', text: joinPages(batchPages.map((p) => p.text)), note }, { rubrics }));
      }
    }

    const text = (role: Role) => joinPages(pages[role].map((p) => p.text));
    const ocrPages = [...pages.scheme, ...pages.paper, ...pages.key].filter((p) => p.source === 'ocr').length;
    const byRules = () =>
      input.kind === 'separate'
        ? parseQuestionPaperAndKey(text('paper'), text('key'))
        : mode === 'express'
          ? mergeByNumber(pages.scheme.flatMap((p) => parseMarkingScheme(joinPages([p.text]))))
          : parseMarkingScheme(text('scheme'));

    if (ai) {
      await progress({
        stage: 'structuring',
        message: 'Structuring the questions',
        current_page: totalPages,
        current_batch: batches.length,
        pages_in_current_batch: batches.at(-1)?.pageNumbers.length ?? 0,
      });
      if (input.kind === 'separate')
        aiBatches.push(structureWithAi(ai, { kind: 'separate', paperText: text('paper'), keyText: text('key') }, { rubrics }));
      const results = await Promise.all(aiBatches);
      options.signal?.throwIfAborted();
      // One unusable reply and the whole document is read by rules: mixing both would number inconsistently.
      if (results.length > 0 && results.every((r): r is ParsedQuestion[] => r !== null)) {
        const questions = mergeByNumber(results.flat());
        if (questions.length > 0) return { questions, pages: totalPages, method: 'ai', ocrPages };
      }
    }
    return { questions: byRules(), pages: totalPages, method: 'rules', ocrPages };
  } finally {
    await Promise.all(readers.map((r) => r.reader.close()));
  }
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
