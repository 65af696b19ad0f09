import { afterAll, describe, expect, it } from 'vitest';
import type { AiProvider } from '@evergrade/platform/ai';
import { PDFDocument, rgb } from 'pdf-lib';
import { createOcrEngine } from '@evergrade/documents';
import { renderPdfRegionPng } from '@evergrade/documents';
import { makeScannedPdf, makeTextPdf } from '@evergrade/documents/testing';
import { gradedAsRead, UNREADABLE_FLAG } from './grade-as-read';
import { readSubmissionAnswers } from './read-answers';
import { numberDoubt } from './reading';

/** How answers were read (real pdfjs and tesseract on generated PDFs): unreadable writing, kept decimal points, regions. */
const ocr = createOcrEngine();
afterAll(() => ocr.close());

const questions = (n: number) => Array.from({ length: n }, (_, i) => ({ number: i + 1, text: `Question ${i + 1}` }));

/** A scanned sheet where answer 2 is a scribble no OCR can read (drawn on the page image, no text layer). */
async function scribbledScan(): Promise<Buffer> {
  const doc = await PDFDocument.load(await makeScannedPdf([['1. Paris', '2.', '', '', '3. x = 4']]));
  doc.getPage(0).drawSvgPath('M 0 0 C 20 -25 40 25 60 0 C 80 -25 100 20 120 -5 M 10 12 L 110 -14 M 5 -10 C 40 10 70 -20 115 8', {
    x: 80,
    y: 752,
    borderColor: rgb(0.1, 0.1, 0.2),
    borderWidth: 2.5,
  });
  return Buffer.from(await doc.save());
}

describe('reading answers from an uploaded PDF', () => {
  it('an answer space with writing but no readable text is unreadable, with its page and region; a blank one is not', async () => {
    const result = await readSubmissionAnswers(await scribbledScan(), { questions: questions(3), ocr, ai: null, batchSize: 5 });
    expect(result.responses.map((r) => r.text)).toEqual(['Paris', '', 'x = 4']);
    const second = result.readings.get(2)!;
    expect(second).toMatchObject({ method: 'ocr', page: 1, unreadable: true });
    expect(second.box!.y).toBeGreaterThan(result.readings.get(1)!.box!.y);
    expect(second.box!.y + second.box!.h).toBeLessThan(result.readings.get(3)!.box!.y + 0.01);
    expect(result.readings.get(1)).toMatchObject({ method: 'ocr', page: 1 });
    expect(result.readings.get(1)!.confidence).toBeGreaterThan(0.8);
    expect(result.readings.get(1)!.unreadable).toBeUndefined();

    const blank = await readSubmissionAnswers(await makeScannedPdf([['1. Paris', '2.', '', '', '3. x = 4']]), {
      questions: questions(3),
      ocr,
      ai: null,
      batchSize: 5,
    });
    expect(blank.responses[1]!.text).toBe('');
    expect(blank.readings.get(2)!.unreadable).toBeUndefined();
  });

  it('keeps decimal points and fraction bars from a scan, also where OCR glues the number to the answer ("1.0.5")', async () => {
    const pdf = await makeScannedPdf([['1. 0.5', '2. 1/2', '3. 3/4', '4. The answer is 0.25 metres', '5.', '6. x = 4']]);
    const result = await readSubmissionAnswers(pdf, { questions: questions(6), ocr, ai: null, batchSize: 5 });
    expect(result.responses).toEqual([
      { question_number: 1, text: '0.5' },
      { question_number: 2, text: '1/2' },
      { question_number: 3, text: '3/4' },
      { question_number: 4, text: 'The answer is 0.25 metres' },
      { question_number: 5, text: '' },
      { question_number: 6, text: 'x = 4' },
    ]);
    for (const n of [1, 2, 3, 4, 5, 6]) expect(result.readings.get(n)).toMatchObject({ method: 'ocr', page: 1 });
    expect([...result.readings.values()].some((r) => r.unreadable || r.doubt)).toBe(false);
  });

  it('a "0.5" that OCR reads as "05" is never silent: the reading says to check the decimal point', async () => {
    const pdf = await makeScannedPdf([['1. 0.5', '2. 1/2', '3. 3/4', '4. 0.25 m']]);
    const result = await readSubmissionAnswers(pdf, { questions: questions(4), ocr, ai: null, batchSize: 5 });
    const first = result.responses.find((r) => r.question_number === 1)!;
    // This page reproduces the issue: tesseract drops the point (its "5" box takes the point's place).
    expect(first.text).toBe('05');
    expect(result.readings.get(1)!.doubt).toMatch(/"05" was read with a leading zero/);
    expect(result.responses.slice(1).map((r) => r.text)).toEqual(['1/2', '3/4', '0.25 m']);
  });

  it('the text layer is exact: no confidence, and regions follow the answers down the page', async () => {
    const pdf = await makeTextPdf([['1. 0.5 litres of water', '', '2. one half of the cake', '', '', '3. 05']]);
    const result = await readSubmissionAnswers(pdf, { questions: questions(3), ocr, ai: null, batchSize: 5 });
    expect(result.method).toBe('text');
    expect(result.responses.map((r) => r.text)).toEqual(['0.5 litres of water', 'one half of the cake', '05']);
    const boxes = [1, 2, 3].map((n) => result.readings.get(n)!);
    expect(boxes.every((r) => r.method === 'text' && r.confidence === null && r.page === 1 && !r.doubt)).toBe(true);
    expect(boxes[0]!.box!.y).toBeLessThan(boxes[1]!.box!.y);
    expect(boxes[1]!.box!.y).toBeLessThan(boxes[2]!.box!.y);
  });

  it('what a vision model marks [illegible] is unreadable (all of it) or a doubt (part of it); its pages have no region', async () => {
    const model: AiProvider = {
      name: 'stand-in',
      offline: false,
      complete: async () => '{"pages":[{"page":1,"text":"1. Paris\\n2. [illegible]\\n3. x = [illegible] 4"}]}',
    };
    const pdf = await makeTextPdf([['']]);
    const result = await readSubmissionAnswers(pdf, { questions: questions(3), ocr, ai: model, batchSize: 5 });
    expect(result.responses.map((r) => r.text)).toEqual(['Paris', '[illegible]', 'x = [illegible] 4']);
    expect(result.readings.get(1)).toEqual({ method: 'ai', confidence: null, page: 1 });
    expect(result.readings.get(2)).toMatchObject({ method: 'ai', page: 1, unreadable: true });
    expect(result.readings.get(3)!.unreadable).toBeUndefined();
    expect(result.readings.get(3)!.doubt).toMatch(/\[illegible\]/);
  });

  it('writing pasted onto a typed page (no text layer for it) is read by OCR from its region', async () => {
    const doc = await PDFDocument.load(
      await makeTextPdf([['1. The capital of France is Paris', '2.', '', '', '3. x = 4 is the solution of it']]),
    );
    const photo = await renderPdfRegionPng(await makeTextPdf([['Carbon dioxide']]), 1, { x: 0.08, y: 0.05, w: 0.3, h: 0.03 }, 2.5);
    doc.getPage(0).drawImage(await doc.embedPng(photo), { x: 75, y: 742, width: 178, height: 25 });
    const result = await readSubmissionAnswers(Buffer.from(await doc.save()), { questions: questions(3), ocr, ai: null, batchSize: 5 });
    expect(result.responses.map((r) => r.text)).toEqual([
      'The capital of France is Paris',
      'Carbon dioxide',
      'x = 4 is the solution of it',
    ]);
    expect(result.method).toBe('ocr');
    expect(result.readings.get(1)).toMatchObject({ method: 'text', confidence: null });
    expect(result.readings.get(2)).toMatchObject({ method: 'ocr', page: 1 });
    expect(result.readings.get(2)!.confidence).toBeGreaterThan(0.8);
    expect(result.readings.get(2)!.unreadable).toBeUndefined();
  });

  it('a number read unsurely, or with a lost point ("05"), is a doubt to check', () => {
    expect(numberDoubt([{ text: '0.5', confidence: 0.42 }], '0.5')).toMatch(/unsure of "0.5"/);
    expect(numberDoubt([{ text: '05', confidence: 0.95 }], '05')).toMatch(/"05" was read with a leading zero/);
    expect(numberDoubt([{ text: '0.5', confidence: 0.95 }], '0.5')).toBeNull();
    expect(numberDoubt([{ text: '105', confidence: 0.95 }], '105')).toBeNull();
    expect(numberDoubt([{ text: '09:30', confidence: 0.95 }], 'at 09:30')).toBeNull();
    expect(numberDoubt([{ text: '05', confidence: 0.95 }], 'x = 05 m')).toMatch(/"05"/);
  });

  it('an unreadable answer is graded 0 and flagged "Could not read this answer.", a doubt keeps the grade and adds a flag', () => {
    const grade = { pointsObtained: 2, feedback: 'Correct.', flaggedForReview: '', confidence: 0.9 };
    const unread = gradedAsRead({ method: 'ocr', confidence: 0.3, page: 1, unreadable: true, doubt: 'OCR was unsure.' }, grade);
    expect(unread).toMatchObject({ pointsObtained: 0, confidence: 0 });
    expect(unread.flaggedForReview).toBe(`${UNREADABLE_FLAG} OCR was unsure.`);
    expect(unread.feedback).toMatch(/^Could not read this answer/);
    const doubted = gradedAsRead({ method: 'ocr', confidence: 0.9, page: 1, doubt: '"05" was read with a leading zero.' }, grade);
    expect(doubted).toMatchObject({ pointsObtained: 2, feedback: 'Correct.' });
    expect(doubted.flaggedForReview).toMatch(/^Check the reading: "05"/);
    expect(gradedAsRead(null, grade)).toBe(grade);
  });
});
