import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { renderPdfPagePng } from '../pdf/extract';

/**
 * PDFs made on the spot for tests and browser journeys: typed marking schemes, question papers, answer
 * keys, and "scanned" pages that hold only an image of text.
 */
export { FIVE_QUESTIONS } from './fixtures';
export type SchemeQuestion = { question: string; marks: number; answer: string; grading_instructions?: string };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const SIZE = 12;
const LEADING = 17;

/** A text PDF: each page a list of lines (long lines wrap). Lines that do not fit go on to a new page. */
export async function makeTextPdf(pages: readonly (readonly string[])[], options: { title?: string } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title ?? 'Evergrade test document');
  doc.setCreator('Evergrade tests');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    let page = doc.addPage(A4);
    let y = A4[1] - MARGIN;
    for (const line of lines.flatMap((l) => wrap(l, font, A4[0] - 2 * MARGIN))) {
      if (y < MARGIN) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      if (line !== '') page.drawText(line, { x: MARGIN, y, size: SIZE, font });
      y -= LEADING;
    }
  }
  return Buffer.from(await doc.save());
}

function wrap(line: string, font: PDFFont, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, SIZE) > width) {
      out.push(current);
      current = word;
    } else current = next;
  }
  out.push(current);
  return out;
}

export type SchemeLayout = 'combined' | 'paper' | 'key';

/** The lines of a marking scheme ("1. question [n marks]", "Answer: ...", "Grading: ..."), a paper or a key. */
export function schemeLines(questions: readonly SchemeQuestion[], layout: SchemeLayout = 'combined'): string[][] {
  return questions.map((q, i) => {
    const n = i + 1;
    const marks = `[${q.marks} ${q.marks === 1 ? 'mark' : 'marks'}]`;
    if (layout === 'paper') return [`${n}. ${q.question} ${marks}`, ''];
    if (layout === 'key') return [`${n}. ${q.answer}`, ...(q.grading_instructions ? [`Grading: ${q.grading_instructions}`] : []), ''];
    return [
      `${n}. ${q.question} ${marks}`,
      `Answer: ${q.answer}`,
      ...(q.grading_instructions ? [`Grading: ${q.grading_instructions}`] : []),
      '',
    ];
  });
}

/**
 * A typed marking scheme, question paper or answer key. `perPage` puts that many questions on each page
 * (express mode wants each question on one page); otherwise questions flow from page to page.
 */
export async function makeMarkingSchemePdf(
  questions: readonly SchemeQuestion[],
  options: { title?: string; layout?: SchemeLayout; perPage?: number } = {},
): Promise<Buffer> {
  const layout = options.layout ?? 'combined';
  const heading = { combined: 'Marking Scheme', paper: 'Question Paper', key: 'Answer Key' }[layout];
  const blocks = schemeLines(questions, layout);
  const title = [`${options.title ?? 'Evergrade Test'} - ${heading}`, ''];
  if (!options.perPage) return makeTextPdf([[...title, ...blocks.flat()]], { title: options.title ?? heading });
  const pages: string[][] = [];
  for (let i = 0; i < blocks.length; i += options.perPage)
    pages.push([...(i === 0 ? title : []), ...blocks.slice(i, i + options.perPage).flat()]);
  return makeTextPdf(pages, { title: options.title ?? heading });
}

/**
 * A "scanned" PDF: each page is only a picture of the given lines (rendered from a text PDF), with no
 * text layer, as a scanner or phone camera would produce.
 */
export async function makeScannedPdf(pages: readonly (readonly string[])[]): Promise<Buffer> {
  const source = await makeTextPdf(pages);
  const sourceDoc = await PDFDocument.load(source);
  const doc = await PDFDocument.create();
  for (let n = 1; n <= sourceDoc.getPageCount(); n++) {
    const png = await doc.embedPng(await renderPdfPagePng(source, n, 2.5));
    const page = doc.addPage(A4);
    page.drawImage(png, { x: 0, y: 0, width: A4[0], height: A4[1] });
  }
  return Buffer.from(await doc.save());
}
