import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { SeedBook } from './types';

/** A5, a common size for short textbooks. */
const PAGE: [number, number] = [419.53, 595.28];
const MARGIN_X = 50;
const TOP = PAGE[1] - 60;
const BOTTOM = 60;
const WIDTH = PAGE[0] - 2 * MARGIN_X;
const BODY = { size: 11.5, leading: 16 };
const SECTION = { size: 13, leading: 18 };
const CHAPTER = { size: 18, leading: 24 };
/** Fixed, so the same book always gives the same bytes. */
const DATE = new Date('2026-01-01T00:00:00.000Z');
const INK = rgb(0.1, 0.1, 0.12);
const ACCENT = rgb(0.05, 0.3, 0.45);

type Fonts = { body: PDFFont; bold: PDFFont; sans: PDFFont };

/**
 * The book as a PDF with a real text layer (standard fonts, so plain ASCII text): a title page, then each
 * chapter from a new page, numbered section headings on one line each and kept with their first paragraph,
 * wrapped paragraphs, and the page number in the footer (the PDF page number, so a citation's page is the
 * printed one). Deterministic: the same book gives the same bytes.
 */
export async function makeBookPdf(book: SeedBook): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(book.title);
  doc.setAuthor(book.author);
  doc.setSubject(book.subject);
  doc.setCreator('Evergrade');
  doc.setProducer('Evergrade');
  doc.setCreationDate(DATE);
  doc.setModificationDate(DATE);
  const fonts: Fonts = {
    body: await doc.embedFont(StandardFonts.TimesRoman),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    sans: await doc.embedFont(StandardFonts.Helvetica),
  };

  titlePage(doc, book, fonts);
  for (const chapter of book.chapters) {
    const writer = new Writer(doc);
    writer.lines(wrap(chapter.title, fonts.bold, CHAPTER.size), fonts.bold, CHAPTER, ACCENT);
    writer.gap(10);
    for (const section of chapter.sections) {
      const [first = '', ...rest] = section.paragraphs;
      if (wrap(section.heading, fonts.bold, SECTION.size).length > 1) throw new Error(`Heading too long for one line: ${section.heading}`);
      const firstLines = wrap(first, fonts.body, BODY.size);
      writer.keepTogether(8 + SECTION.leading + 4 + firstLines.length * BODY.leading);
      writer.gap(8);
      writer.lines([section.heading], fonts.bold, SECTION, ACCENT);
      writer.gap(4);
      writer.lines(firstLines, fonts.body, BODY, INK);
      for (const paragraph of rest) {
        writer.gap(6);
        writer.lines(wrap(paragraph, fonts.body, BODY.size), fonts.body, BODY, INK);
      }
    }
  }
  doc.getPages().forEach((page, i) => {
    if (i === 0) return;
    const label = String(i + 1);
    const w = fonts.sans.widthOfTextAtSize(label, 9);
    page.drawText(label, { x: (PAGE[0] - w) / 2, y: 32, size: 9, font: fonts.sans, color: INK });
  });
  return doc.save({ useObjectStreams: false });
}

function titlePage(doc: PDFDocument, book: SeedBook, fonts: Fonts): void {
  const writer = new Writer(doc);
  writer.gap(120, true);
  writer.lines(wrap(book.title, fonts.bold, 22), fonts.bold, { size: 22, leading: 28 }, ACCENT);
  writer.gap(14);
  writer.lines([book.subject], fonts.sans, { size: 13, leading: 18 }, INK);
  writer.lines([book.author], fonts.sans, { size: 13, leading: 18 }, INK);
  writer.gap(30);
  writer.lines(wrap(book.description, fonts.body, BODY.size), fonts.body, BODY, INK);
  writer.gap(14);
  const note = 'Original text written for the Evergrade demo school. Free to use in class.';
  writer.lines(wrap(note, fonts.body, 10), fonts.body, { size: 10, leading: 14 }, INK);
}

/** Writes lines top to bottom, starting a new page when one is full. */
class Writer {
  private page: PDFPage;
  private y = TOP;

  constructor(private readonly doc: PDFDocument) {
    this.page = doc.addPage(PAGE);
  }

  /** Space before the next line; none at the top of a page unless `atTop`. */
  gap(points: number, atTop = false): void {
    if (atTop || this.y !== TOP) this.y -= points;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  keepTogether(height: number): void {
    if (this.y - height < BOTTOM && this.y !== TOP) this.newPage();
  }

  lines(lines: readonly string[], font: PDFFont, style: { size: number; leading: number }, color: ReturnType<typeof rgb>): void {
    for (const line of lines) {
      if (this.y - style.size < BOTTOM) this.newPage();
      this.y -= style.size;
      if (line) this.page.drawText(line, { x: MARGIN_X, y: this.y, size: style.size, font, color });
      this.y -= style.leading - style.size;
    }
  }

  private newPage(): void {
    this.page = this.doc.addPage(PAGE);
    this.y = TOP;
  }
}

function wrap(text: string, font: PDFFont, size: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > WIDTH) {
      out.push(current);
      current = word;
    } else current = next;
  }
  if (current) out.push(current);
  return out;
}
