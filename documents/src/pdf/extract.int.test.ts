import { afterAll, describe, expect, it } from 'vitest';
import { createOcrEngine } from '../ocr/ocr-engine';
import { parseMarkingScheme, parseQuestionPaperAndKey } from '../parse/marking-scheme';
import { joinPages } from '../parse/normalise';
import { FIVE_QUESTIONS, makeMarkingSchemePdf, makeScannedPdf, makeTextPdf } from '../testing';
import { countPdfPages, looksLikePdf, UnreadablePdfError } from './pdfjs';
import { extractPdfPages } from './extract';

const ocr = createOcrEngine();
afterAll(() => ocr.close());

const expected = FIVE_QUESTIONS.map((q, i) => ({
  question_number: i + 1,
  question: q.question,
  marks_possible: q.marks,
  answer: q.answer,
}));

describe('extractPdfPages', () => {
  it('a typed marking scheme with 5 questions comes back as those 5 questions, marks and answers', async () => {
    const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { title: 'Science Quiz' });
    const seen: number[] = [];
    const pages = await extractPdfPages(pdf, {
      ocr,
      onPage: (page, total) => {
        seen.push(page.pageNumber, total);
      },
    });
    expect(pages.map((p) => p.source)).toEqual(['text']);
    expect(seen).toEqual([1, 1]);
    expect(pages[0]!.text.split('\n').slice(0, 3)).toEqual([
      'Science Quiz - Marking Scheme',
      '1. Solve 2x + 3 = 11 for x. [3 marks]',
      'Answer: x = 4',
    ]);
    const questions = parseMarkingScheme(joinPages(pages.map((p) => p.text)));
    expect(questions).toMatchObject(expected);
    expect(questions[0]!.grading_instructions).toBe('Award 1 mark for each correct step.');
    expect(questions.every((q) => !q.flagged_for_review)).toBe(true);
  });

  it('questions spread over pages, one per page, with progress per page', async () => {
    const pdf = await makeMarkingSchemePdf(FIVE_QUESTIONS, { perPage: 1 });
    const seen: string[] = [];
    const pages = await extractPdfPages(pdf, {
      ocr: false,
      onPage: (page, total) => {
        seen.push(`${page.pageNumber}/${total}`);
      },
    });
    expect(seen).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
    expect(parseMarkingScheme(joinPages(pages.map((p) => p.text)))).toMatchObject(expected);
  });

  it('a separate question paper and answer key pair up', async () => {
    const paper = await extractPdfPages(await makeMarkingSchemePdf(FIVE_QUESTIONS, { layout: 'paper' }), { ocr: false });
    const key = await extractPdfPages(await makeMarkingSchemePdf(FIVE_QUESTIONS, { layout: 'key' }), { ocr: false });
    const questions = parseQuestionPaperAndKey(joinPages(paper.map((p) => p.text)), joinPages(key.map((p) => p.text)));
    expect(questions).toMatchObject(expected);
    expect(questions[3]!.grading_instructions).toBe('Accept the formula alone for 3 marks.');
  });

  it('a scanned page (an image, no text layer) is read by OCR', async () => {
    const pdf = await makeScannedPdf([
      [
        'Chemistry Marking Scheme',
        '1. What is the chemical symbol for gold? [2 marks]',
        'Answer: Au',
        '2. How many protons does carbon have? [3 marks]',
        'Answer: Six',
      ],
    ]);
    const withoutOcr = await extractPdfPages(pdf, { ocr: false });
    expect(withoutOcr[0]).toMatchObject({ source: 'empty', text: '' });
    const [page] = await extractPdfPages(pdf, { ocr });
    expect(page!.source).toBe('ocr');
    expect(page!.text).toContain('chemical symbol for gold');
    expect(parseMarkingScheme(page!.text).map((q) => [q.question_number, q.marks_possible, q.answer])).toEqual([
      [1, 2, 'Au'],
      [2, 3, 'Six'],
    ]);
  });

  it('pages without text and no OCR come back empty; other files are refused', async () => {
    const blank = await makeTextPdf([[]]);
    expect(await extractPdfPages(blank, { ocr: false })).toEqual([{ pageNumber: 1, text: '', source: 'empty' }]);
    expect(await countPdfPages(await makeTextPdf([['a'], ['b'], ['c']]))).toBe(3);
    expect(looksLikePdf(blank)).toBe(true);
    expect(looksLikePdf(Buffer.from('<html>not a pdf</html>'))).toBe(false);
    await expect(extractPdfPages(Buffer.from('%PDF-1.7 garbage'), { ocr: false })).rejects.toBeInstanceOf(UnreadablePdfError);
  });
});
