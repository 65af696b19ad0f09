import { extractPdfPages, type PdfPage } from '@evergrade/documents';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETRIEVAL_QUESTIONS, SEED_BOOKS, makeBookPdf, pageOfHeading, type SeedBook } from './index';

const texts = (book: SeedBook) => [
  book.title,
  book.subject,
  book.author,
  book.description,
  ...book.chapters.flatMap((c) => [c.title, ...c.sections.flatMap((s) => [s.heading, ...s.paragraphs])]),
];
const headings = (book: SeedBook) => book.chapters.flatMap((c) => c.sections.map((s) => s.heading));

describe.each(SEED_BOOKS.map((book) => [book.title, book] as const))('%s', (_title, book) => {
  let pdf: Uint8Array;
  let pages: PdfPage[];
  beforeAll(async () => {
    pdf = await makeBookPdf(book);
    pages = await extractPdfPages(pdf, { ocr: false });
  });

  it('is a short book: 10 to 16 pages, 3 or 4 chapters of 2 to 4 numbered sections, in plain ASCII', () => {
    expect(pages.length).toBeGreaterThanOrEqual(10);
    expect(pages.length).toBeLessThanOrEqual(16);
    expect(book.chapters.length).toBeGreaterThanOrEqual(3);
    expect(book.chapters.length).toBeLessThanOrEqual(4);
    book.chapters.forEach((chapter, c) => {
      expect(chapter.sections.length).toBeGreaterThanOrEqual(2);
      expect(chapter.sections.length).toBeLessThanOrEqual(4);
      chapter.sections.forEach((s, i) => expect(s.heading.startsWith(`${c + 1}.${i + 1} `)).toBe(true));
    });
    for (const text of texts(book)) expect(text).toMatch(/^[\x20-\x7e]+$/);
  });

  it('has a text layer: every page reads back as text, the title page first, page numbers in the footer', () => {
    expect(pages.every((p) => p.source === 'text')).toBe(true);
    expect(pages[0]!.text).toContain(book.title.split(' ')[0]);
    expect(pages[0]!.text).toContain(book.author);
    for (const p of pages.slice(1)) expect(p.text.split('\n').at(-1)).toBe(String(p.pageNumber));
  });

  it('prints each section heading on one line, in order, on the page with the start of its first paragraph', () => {
    const at = headings(book).map((h) => pageOfHeading(pages, h));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(at[0]).toBeGreaterThan(1);
    for (const section of book.chapters.flatMap((c) => c.sections)) {
      const page = pages[pageOfHeading(pages, section.heading) - 1]!;
      const firstWords = section.paragraphs[0]!.split(' ').slice(0, 5).join(' ');
      const lastWords = section.paragraphs[0]!.split(' ').slice(-3).join(' ');
      const flat = page.text.replace(/\s+/g, ' ');
      expect(flat).toContain(firstWords);
      expect(flat).toContain(lastWords);
    }
  });

  it('is the same bytes every time it is made', async () => {
    expect(Buffer.from(await makeBookPdf(book)).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe('RETRIEVAL_QUESTIONS', () => {
  it('asks at least 8 questions of each book, about sections it has, not in the heading words', () => {
    for (const book of SEED_BOOKS) {
      const asked = RETRIEVAL_QUESTIONS.filter((q) => q.book === book.title);
      expect(asked.length).toBeGreaterThanOrEqual(8);
      for (const q of asked) {
        expect(headings(book)).toContain(q.heading);
        const words = q.heading.replace(/^\d+\.\d+ /, '').toLowerCase();
        expect(q.question.toLowerCase()).not.toContain(words);
      }
    }
    expect(new Set(RETRIEVAL_QUESTIONS.map((q) => q.book))).toEqual(new Set(SEED_BOOKS.map((b) => b.title)));
  });
});

describe('pageOfHeading', () => {
  const pages = ['Title\nAuthor', 'Chapter 1\n1.1 First\ntext', 'more text\n1.2  Second  \n3'];

  it('finds the page a heading line is on, from plain texts or extracted pages', () => {
    expect(pageOfHeading(pages, '1.2 Second')).toBe(3);
    expect(pageOfHeading(pages.map((text, i) => ({ pageNumber: i + 1, text })), '1.1 First')).toBe(2);
    expect(pageOfHeading([{ page: 7, text: '1.1 First' }], '1.1 First')).toBe(7);
  });

  it('matches a whole line only, and throws when no page has it', () => {
    expect(() => pageOfHeading(pages, '1.1 Fir')).toThrow(/not found/);
    expect(() => pageOfHeading(pages, '1.3 Third')).toThrow(/not found/);
  });
});
