import { afterAll, describe, expect, it } from 'vitest';
import { createOcrEngine } from '@evergrade/documents';
import { makeScannedPdf, makeTextPdf } from '@evergrade/documents/testing';
import type { AiCompletionRequest, AiProvider } from '@evergrade/platform/ai';
import { readSubmissionAnswers, type ReadProgress } from './read-answers';

/** Reading answer sheets with real pdfjs and tesseract; the vision model behind the AI port is a stand-in. */
const ocr = createOcrEngine();
afterAll(() => ocr.close());

const questions = [1, 2, 3].map((number) => ({ number, text: `Question ${number}` }));

function modelReplying(reply: (request: AiCompletionRequest) => string): AiProvider & { requests: AiCompletionRequest[] } {
  const requests: AiCompletionRequest[] = [];
  return {
    name: 'stand-in',
    offline: false,
    requests,
    async complete(request) {
      requests.push(request);
      return reply(request);
    },
  };
}

describe('readSubmissionAnswers', () => {
  it('reads typed pages from their text layer, in batches, reporting every page', async () => {
    // (each page has at least 20 letters and digits: a page with fewer is treated as a picture)
    const pages = [
      '1. the first answer starts here',
      'and the first answer goes on here',
      '2. the second answer is on page three',
      '3. the third answer begins on page four',
      'more of the third answer on page five',
      'the end of the third answer on page six',
    ];
    const pdf = await makeTextPdf(pages.map((line) => [line]));
    const progress: ReadProgress[] = [];
    const result = await readSubmissionAnswers(pdf, { questions, ocr, ai: null, batchSize: 5, onProgress: (p) => progress.push(p) });
    expect(result.method).toBe('text');
    expect(result.responses).toEqual([
      { question_number: 1, text: 'the first answer starts here\nand the first answer goes on here' },
      { question_number: 2, text: 'the second answer is on page three' },
      {
        question_number: 3,
        text: 'the third answer begins on page four\nmore of the third answer on page five\nthe end of the third answer on page six',
      },
    ]);
    expect(progress[0]).toMatchObject({ pages: 6, total_pages: 6, current_page: 0, total_batches: 2, current_batch: 0 });
    expect(progress.at(-1)).toMatchObject({ current_page: 6, current_batch: 2, pages_in_current_batch: 1, batch_size: 5 });
    expect(progress.map((p) => p.current_page)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('sends only the pages without text to the model, all of a batch in one request, and takes a fenced JSON reply', async () => {
    const pdf = await makeTextPdf([['1. typed on the first page, long enough to count as text'], [''], ['']]);
    const model = modelReplying(
      () => '```json\n{"pages":[{"page":2,"text":"2. read by the model"},{"page":3,"text":"3) also the model"}]}\n```',
    );
    const result = await readSubmissionAnswers(pdf, { questions, ocr, ai: model, batchSize: 5 });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.images).toHaveLength(2);
    expect(model.requests[0]!.images![0]!.mimeType).toBe('image/png');
    expect(model.requests[0]!.user).toContain('pages 2, 3');
    expect(model.requests[0]!.json).toBe(true);
    expect(result).toMatchObject({ method: 'ai', pages: 3 });
    expect(result.responses).toEqual([
      { question_number: 1, text: 'typed on the first page, long enough to count as text' },
      { question_number: 2, text: 'read by the model' },
      { question_number: 3, text: 'also the model' },
    ]);
  });

  it('an offline provider is never asked: scanned pages go to OCR', async () => {
    const pdf = await makeScannedPdf([['1. Scanned answer one', '2. Scanned answer two']]);
    const offline = { ...modelReplying(() => '{}'), offline: true };
    const result = await readSubmissionAnswers(pdf, { questions, ocr, ai: offline, batchSize: 5 });
    expect(offline.requests).toHaveLength(0);
    expect(result.method).toBe('ocr');
    expect(result.responses.map((r) => r.question_number)).toEqual([1, 2]);
    expect(result.responses[1]!.text).toMatch(/Scanned answer two/);
  });

  it('a model that fails is reported and its pages read by OCR', async () => {
    const pdf = await makeScannedPdf([['1. Written by hand', '3. The last one']]);
    const failures: unknown[] = [];
    const model = modelReplying(() => {
      throw new Error('model is down');
    });
    const result = await readSubmissionAnswers(pdf, { questions, ocr, ai: model, batchSize: 5, onAiFailure: (err) => failures.push(err) });
    expect(failures).toHaveLength(1);
    expect(result.method).toBe('ocr');
    expect(result.responses.map((r) => r.question_number)).toEqual([1, 3]);
  });

  it('stops when the request is aborted', async () => {
    const pdf = await makeTextPdf([['1. a'], ['2. b']]);
    const abort = new AbortController();
    abort.abort();
    await expect(readSubmissionAnswers(pdf, { questions, ocr, ai: null, batchSize: 5, signal: abort.signal })).rejects.toThrow();
  });
});
