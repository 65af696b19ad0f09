import { afterAll, describe, expect, it } from 'vitest';
import type { AiCompletionRequest, AiProvider } from '@evergrade/platform/ai';
import { createOcrEngine } from '../ocr/ocr-engine';
import { FIVE_QUESTIONS, makeMarkingSchemePdf, makeScannedPdf } from '../testing';
import { processMarkingScheme, type ProcessingProgress } from './process-marking-scheme';

const ocr = createOcrEngine();
afterAll(() => ocr.close());

const expected = FIVE_QUESTIONS.map((q, i) => ({
  question_number: i + 1,
  question: q.question,
  marks_possible: q.marks,
  answer: q.answer,
}));

/** A stand-in for a hosted model behind the same port: answers each request with `reply(request)`. */
function fakeAi(reply: (request: AiCompletionRequest) => string): AiProvider & { requests: AiCompletionRequest[] } {
  const requests: AiCompletionRequest[] = [];
  return {
    name: 'fake-model',
    offline: false,
    requests,
    async complete(request) {
      requests.push(request);
      return reply(request);
    },
  };
}

describe('processMarkingScheme', () => {
  it('normal mode: batches of 5 pages, progress for every page, questions by rules without AI', async () => {
    const pdf = await makeMarkingSchemePdf([...FIVE_QUESTIONS, ...FIVE_QUESTIONS.slice(0, 2)], { perPage: 1 });
    const seen: ProcessingProgress[] = [];
    const result = await processMarkingScheme(
      { kind: 'combined', scheme: pdf },
      {
        mode: 'normal',
        ocr,
        onProgress: (p) => {
          seen.push(p);
        },
      },
    );
    expect(result).toMatchObject({ pages: 7, method: 'rules', ocrPages: 0 });
    expect(result.questions).toHaveLength(7);
    expect(result.questions.slice(0, 5)).toMatchObject(expected);
    expect(seen[0]).toMatchObject({
      stage: 'reading',
      pages: 7,
      total_pages: 7,
      current_page: 0,
      total_batches: 2,
      current_batch: 0,
      batch_size: 5,
    });
    expect(seen.slice(1).map((p) => [p.current_page, p.current_batch, p.pages_in_current_batch])).toEqual([
      [1, 1, 5],
      [2, 1, 5],
      [3, 1, 5],
      [4, 1, 5],
      [5, 1, 5],
      [6, 2, 2],
      [7, 2, 2],
    ]);
  });

  it('express mode: one page per batch; the AI structures each page on its own', async () => {
    const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS.slice(0, 3), { perPage: 1 });
    const ai = fakeAi((request) => {
      const n = Number(/^(\d+)\./m.exec(request.user)?.[1]);
      return JSON.stringify({
        questions: [
          {
            question_number: n,
            question: `AI question ${n}`,
            marks_possible: '2',
            answer: `AI answer ${n}`,
            tags: ['Accuracy - Correctness', 'Not offered'],
          },
        ],
      });
    });
    const seen: ProcessingProgress[] = [];
    const result = await processMarkingScheme(
      { kind: 'combined', scheme: pdf },
      {
        mode: 'express',
        ocr,
        ai,
        rubrics: ['Accuracy - Correctness'],
        onProgress: (p) => {
          seen.push(p);
        },
      },
    );
    expect(ai.requests).toHaveLength(3);
    expect(ai.requests[0]!.json).toBe(true);
    expect(ai.requests[0]!.user).toContain('one page of the document');
    expect(result.method).toBe('ai');
    expect(result.questions).toEqual(
      [1, 2, 3].map((n) => ({
        question_number: n,
        question: `AI question ${n}`,
        marks_possible: 2,
        answer: `AI answer ${n}`,
        grading_instructions: '',
        tags: ['Accuracy - Correctness'],
      })),
    );
    expect(seen.filter((p) => p.stage === 'reading').at(-1)).toMatchObject({
      total_batches: 3,
      current_batch: 3,
      batch_size: 1,
      pages_in_current_batch: 1,
    });
    expect(seen.at(-1)).toMatchObject({ stage: 'structuring' });
  });

  it('a malformed AI reply falls back to the deterministic parse', async () => {
    const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS);
    for (const reply of ['not json', '{"questions": [{"question_number": "one"}]}', '{"items": []}']) {
      const result = await processMarkingScheme({ kind: 'combined', scheme: pdf }, { mode: 'normal', ocr, ai: fakeAi(() => reply) });
      expect(result.method).toBe('rules');
      expect(result.questions).toMatchObject(expected);
    }
    const failing: AiProvider = { name: 'down', offline: false, complete: () => Promise.reject(new Error('503')) };
    expect((await processMarkingScheme({ kind: 'combined', scheme: pdf }, { mode: 'normal', ocr, ai: failing })).method).toBe('rules');
  });

  it('separate paper and key: forced to normal mode, paired by number; the AI sees both together', async () => {
    const paper = await makeMarkingSchemePdf(FIVE_QUESTIONS, { layout: 'paper' });
    const key = await makeMarkingSchemePdf(FIVE_QUESTIONS, { layout: 'key' });
    const seen: ProcessingProgress[] = [];
    const rules = await processMarkingScheme(
      { kind: 'separate', paper, key },
      {
        mode: 'express',
        ocr,
        onProgress: (p) => {
          seen.push(p);
        },
      },
    );
    expect(rules.questions).toMatchObject(expected);
    expect(seen[0]).toMatchObject({ total_pages: 2, total_batches: 2, batch_size: 5 });

    const ai = fakeAi(() => '```json\n{"questions":[{"question_number":1,"question":"Q","marks_possible":3,"answer":"A"}]}\n```');
    const withAi = await processMarkingScheme({ kind: 'separate', paper, key }, { mode: 'normal', ocr, ai });
    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0]!.user).toContain('QUESTION PAPER TEXT');
    expect(ai.requests[0]!.user).toContain('ANSWER KEY TEXT');
    expect(withAi).toMatchObject({ method: 'ai', questions: [{ question_number: 1, marks_possible: 3, answer: 'A' }] });
  });

  it('a scanned scheme is read by OCR and counted', async () => {
    const pdf = await makeScannedPdf([['1. What is 6 x 7? [2 marks]', 'Answer: 42']]);
    const result = await processMarkingScheme({ kind: 'combined', scheme: pdf }, { mode: 'normal', ocr });
    expect(result).toMatchObject({ ocrPages: 1, questions: [{ question_number: 1, marks_possible: 2, answer: '42' }] });
  });

  it('stops when aborted', async () => {
    const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { perPage: 1 });
    const controller = new AbortController();
    await expect(
      processMarkingScheme(
        { kind: 'combined', scheme: pdf },
        {
          mode: 'normal',
          ocr,
          signal: controller.signal,
          onProgress: (p) => {
            if (p.current_page === 2) controller.abort();
          },
        },
      ),
    ).rejects.toThrow();
  });
});
