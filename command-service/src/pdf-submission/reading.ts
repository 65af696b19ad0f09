import type { ResponseReading } from '@evergrade/contracts';
import {
  inkInPdfRegion,
  renderPdfRegionPng,
  responseStarts,
  type OcrEngine,
  type PageBox,
  type PageLine,
  type PdfPage,
} from '@evergrade/documents';

/**
 * How sure the reader was of each answer, and where it sits on the sheet. An answer whose space holds writing but
 * no text, or whose words OCR read with a mean confidence below UNREADABLE_BELOW, is unreadable: grading flags it
 * rather than giving a silent 0. A number OCR was unsure of, or one that lost its point ("05"), is a doubt.
 */
export const UNREADABLE_BELOW = 0.6;
/** A word with a digit read with less confidence than this may have lost a decimal point or fraction bar. */
export const DIGIT_DOUBT_BELOW = 0.8;
/** A share of dark pixels above this is writing (a blank answer space renders white; a scan has a few specks). */
export const INK_ABOVE = 0.004;

/** One line of the whole sheet, pages in order; an empty line (box null) between pages and paragraphs. */
export type SheetLine = Omit<PageLine, 'gapBefore' | 'box'> & { page: number; box: PageBox | null; method: Method };
type Method = 'text' | 'ocr' | 'ai';

/** A page's lines: from its text layer or OCR with their boxes; a model's transcription line by line, without boxes. */
export function pageLinesOf(page: PdfPage | { pageNumber: number; text: string; source: 'ai' }): SheetLine[] {
  const method: Method = page.source === 'ai' ? 'ai' : page.source === 'ocr' ? 'ocr' : 'text';
  if ('lines' in page && page.lines) {
    return page.lines.flatMap((line, i) => {
      const one: SheetLine = {
        text: line.text.replace(/\s+/g, ' '),
        page: page.pageNumber,
        box: line.box,
        confidence: line.confidence,
        words: line.words,
        method,
      };
      return line.gapBefore && i > 0 ? [{ ...blank(page.pageNumber), method }, one] : [one];
    });
  }
  return page.text.split('\n').map((text) => ({ text, page: page.pageNumber, box: null, confidence: null, words: null, method }));
}

const blank = (page: number): SheetLine => ({ text: '', page, box: null, confidence: null, words: null, method: 'text' });

/** What the vision model writes where it cannot read (its prompt asks for it). */
const ILLEGIBLE = /\[illegible\]/i;
const LABEL = /^(?:(?:question|ques\.?|qn\.?|q\.?|answer|ans\.?|a)\s*(?:no\.?\s*)?)?\(?\d{1,3}\s*[.):-]?$/i;
const MARGIN = 0.02;
/** Below an answer's last line (when no answer follows on its page), space where unread writing may sit. */
const SPACE_BELOW = 0.06;
/** Right of an answer's longest line, room for writing OCR missed; and the narrowest crop, as shares of the page. */
const SPACE_RIGHT = 0.15;
const MIN_WIDTH = 0.45;

/** The reading of every question asked, by number: method, confidence, page and region, unreadable or doubtful. */
export async function readingsOf(
  pdf: Buffer,
  sheet: readonly SheetLine[],
  numbers: readonly number[],
  responses: readonly { question_number: number; text: string }[],
): Promise<Map<number, ResponseReading>> {
  const starts = responseStarts(
    sheet.map((l) => l.text),
    numbers,
  );
  const linesOf = new Map<number, number[]>();
  starts.forEach((start, i) => {
    const end = starts[i + 1]?.line ?? sheet.length;
    const own = linesOf.get(start.number) ?? [];
    for (let k = start.line; k < end; k++) own.push(k);
    linesOf.set(start.number, own);
  });
  // One question and no numbering: the whole sheet answers it.
  if (starts.length === 0 && numbers.length === 1) linesOf.set(numbers[0]!, [...sheet.keys()]);
  const scanned = sheet.some((l) => l.method !== 'text');
  const text = new Map(responses.map((r) => [r.question_number, r.text.trim()]));
  const out = new Map<number, ResponseReading>();
  for (const n of numbers) {
    const indices = linesOf.get(n);
    if (!indices || indices.length === 0) {
      out.set(n, {
        method: scanned ? 'ocr' : 'text',
        confidence: null,
        page: null,
        ...(scanned ? { unreadable: true, doubt: 'Its number was not found on the scanned pages.' } : {}),
      });
      continue;
    }
    out.set(n, await readingOf(pdf, sheet, indices, starts.find((s) => s.number === n)?.line ?? indices[0]!, text.get(n) ?? ''));
  }
  return out;
}

async function readingOf(pdf: Buffer, sheet: readonly SheetLine[], indices: number[], startLine: number, text: string) {
  const lines = indices.map((k) => sheet[k]!).filter((l) => l.text.trim() !== '');
  const first = sheet[startLine]!;
  const method = lines.some((l) => l.method === 'ai') ? 'ai' : lines.some((l) => l.method === 'ocr') ? 'ocr' : first.method;
  const region = regionOf(sheet, indices, startLine, text === '');
  const words = lines.flatMap((l, i) => (l.words ?? []).filter((w, j) => !(i === 0 && l === first && j === 0 && LABEL.test(w.text))));
  const confidence = words.length > 0 ? round(words.reduce((sum, w) => sum + w.confidence, 0) / words.length) : null;
  const reading: ResponseReading = { method, confidence, page: first.page, ...(region ? { box: region } : {}) };
  if (text === '') {
    if (region && (await inkBelowLabel(pdf, first, region)) > INK_ABOVE)
      return { ...reading, unreadable: true, doubt: 'There is writing in this answer space but no text could be read from it.' };
    return reading;
  }
  if (ILLEGIBLE.test(text)) {
    const all = text.replace(new RegExp(ILLEGIBLE.source, 'gi'), '').trim() === '';
    return all
      ? { ...reading, unreadable: true, doubt: 'The model could not read the writing in this answer.' }
      : { ...reading, doubt: 'The model could not read part of this answer (marked [illegible]).' };
  }
  if (confidence !== null && confidence < UNREADABLE_BELOW)
    return { ...reading, unreadable: true, doubt: `OCR was unsure of this answer (confidence ${Math.round(confidence * 100)}%).` };
  const doubt = numberDoubt(words, method === 'text' ? '' : text);
  return doubt ? { ...reading, doubt } : reading;
}

/** A number read unsurely, or one with a leading zero ("05", often "0.5" without its point), read from a picture. */
export function numberDoubt(words: readonly { text: string; confidence: number }[], pictureText: string): string | null {
  const unsure = words.find((w) => /\d/.test(w.text) && w.confidence < DIGIT_DOUBT_BELOW);
  if (unsure)
    return `The reader was unsure of "${unsure.text}": check it on the page (a digit, decimal point or fraction bar may be misread).`;
  // A short number (not a time, date or code: "09:30", "0123 456") starting with 0.
  const zero = /(?<![\d.,/:-])0\d{1,2}(?![\d.,/:-]|\s\d)/.exec(pictureText);
  if (zero) return `"${zero[0]}" was read with a leading zero: check whether a decimal point is missing.`;
  return null;
}

/**
 * The answer's space on the page where it starts: the full width, from the top of its number to the start of the
 * next answer on that page or the page's foot. A transcription by a model has no boxes: the whole page.
 */
function regionOf(sheet: readonly SheetLine[], indices: number[], startLine: number, blank: boolean): PageBox | undefined {
  const first = sheet[startLine]!;
  if (!first.box) return undefined;
  const own = indices.map((k) => sheet[k]!).filter((l) => l.page === first.page && l.box && l.text.trim() !== '');
  const next = sheet.slice(Math.max(...indices) + 1).find((l) => l.text.trim() !== '' && l.box);
  const last = own.at(-1) ?? first;
  const top = Math.max(0, first.box.y - 0.005);
  const foot = Math.min(1 - MARGIN, last.box!.y + last.box!.h + SPACE_BELOW);
  const bottom = next && next.page === first.page && next.box ? next.box.y - 0.002 : foot;
  // Across the written lines and some room to their right (writing OCR missed); a blank read spans the page.
  const left = blank ? MARGIN : Math.max(MARGIN, Math.min(...own.map((l) => l.box!.x)) - 0.01);
  const written = Math.max(...own.map((l) => l.box!.x + l.box!.w));
  const right = blank ? 1 - MARGIN : Math.min(1 - MARGIN, Math.max(written + SPACE_RIGHT, left + MIN_WIDTH));
  return { x: round(left), y: round(top), w: round(right - left), h: round(Math.max(first.box.h, bottom - top)) };
}

/** Ink in the answer's space, leaving out what was read of the first line (its number). */
async function inkBelowLabel(pdf: Buffer, first: SheetLine, region: PageBox): Promise<number> {
  const box = first.box!;
  const lineBottom = box.y + box.h;
  const right = { x: box.x + box.w + 0.01, y: box.y, w: Math.max(0, 1 - MARGIN - box.x - box.w - 0.01), h: box.h };
  const below = { x: region.x, y: lineBottom + 0.003, w: region.w, h: Math.max(0, region.y + region.h - lineBottom - 0.003) };
  const area = (b: PageBox) => b.w * b.h;
  const parts = [right, below].filter((b) => area(b) > 0);
  if (parts.length === 0) return 0;
  const inks = await Promise.all(parts.map((b) => inkInPdfRegion(pdf, first.page, b)));
  return inks.reduce((sum, ink, i) => sum + ink * area(parts[i]!), 0) / parts.reduce((sum, b) => sum + area(b), 0);
}

const round = (n: number) => Math.round(n * 10000) / 10000;

/** The answer's own number at the start of what OCR read of its region ("2.", "Q2)", "Answer 2:"). */
const leadingLabel = (n: number) => new RegExp(`^\\s*(?:(?:question|q|answer|ans)\\.?\\s*)?${n}\\s*[.):-]?\\s*`, 'i');

/**
 * Answers on typed pages whose space holds writing but no text (ink, a pasted photo of handwriting): OCR reads the
 * region. What it reads with enough confidence becomes the answer (method 'ocr'); the rest stays unreadable.
 */
export async function readInkOnTypedPages(
  pdf: Buffer,
  ocr: OcrEngine,
  responses: readonly { question_number: number; text: string }[],
  readings: Map<number, ResponseReading>,
  signal?: AbortSignal,
): Promise<{ responses: { question_number: number; text: string }[]; ocr: boolean }> {
  const texts = new Map(responses.map((r) => [r.question_number, r.text]));
  let used = false;
  for (const [n, reading] of readings) {
    if (!reading.unreadable || reading.method !== 'text' || reading.page === null || !reading.box) continue;
    signal?.throwIfAborted();
    const read = await ocr.read(await renderPdfRegionPng(pdf, reading.page, reading.box, 2.5));
    const words = read.lines.flatMap((l) => l.words).filter((w, i) => !(i === 0 && LABEL.test(w.text)));
    const text = read.lines
      .map((l) => l.text)
      .join('\n')
      .replace(leadingLabel(n), '')
      .trim();
    if (text === '' || words.length === 0) continue;
    used = true;
    const confidence = round(words.reduce((sum, w) => sum + w.confidence, 0) / words.length);
    const base: ResponseReading = { method: 'ocr', confidence, page: reading.page, box: reading.box };
    const doubt = numberDoubt(words, text);
    texts.set(n, text);
    readings.set(
      n,
      confidence < UNREADABLE_BELOW
        ? { ...base, unreadable: true, doubt: `OCR was unsure of this answer (confidence ${Math.round(confidence * 100)}%).` }
        : { ...base, ...(doubt ? { doubt } : {}) },
    );
  }
  return {
    responses: responses.map((r) => ({ question_number: r.question_number, text: texts.get(r.question_number) ?? r.text })),
    ocr: used,
  };
}
