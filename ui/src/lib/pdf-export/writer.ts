import type { jsPDF } from 'jspdf';
import type { Block, Run } from './rich-blocks';

/** Spec document 2, section 9: A4 portrait, 15 mm margins; writing lines 24 px high (CSS px: 0.75 pt). */
export const PT_PER_PX = 0.75;
export const MARGIN_PT = (15 / 25.4) * 72;
export const WRITING_LINE_PT = 24 * PT_PER_PX;

/** An image ready for the PDF: JPEG or PNG bytes as a data URL, with its size in CSS px. */
export type PdfImage = { data: string; format: 'JPEG' | 'PNG'; width: number; height: number };

/** Where formulas and images come from: in the browser KaTeX through html2canvas and fetch with time-outs. */
export type PdfAssets = {
  formula(tex: string, block: boolean): Promise<PdfImage | null>;
  image(src: string): Promise<PdfImage | null>;
};

export const IMAGE_FAILED = '[Image could not be loaded]';
export const FORMULA_FAILED = '[Formula could not be drawn]';

type Style = { size: number; bold?: boolean; italic?: boolean; color?: [number, number, number] };
type Item =
  { kind: 'text'; text: string; bold: boolean; italic: boolean; w: number } | { kind: 'image'; img: PdfImage; w: number; h: number };

const fontStyle = (bold: boolean, italic: boolean) => (bold && italic ? 'bolditalic' : bold ? 'bold' : italic ? 'italic' : 'normal');

/** A cursor over an A4 jsPDF document: wraps text as real PDF text, places images, breaks pages. */
export class PdfWriter {
  y = MARGIN_PT;
  readonly left = MARGIN_PT;
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly width: number;

  constructor(
    readonly doc: jsPDF,
    readonly assets: PdfAssets,
  ) {
    this.pageWidth = doc.internal.pageSize.getWidth();
    this.pageHeight = doc.internal.pageSize.getHeight();
    this.width = this.pageWidth - 2 * MARGIN_PT;
  }

  get bottom() {
    return this.pageHeight - MARGIN_PT;
  }

  /** Room for `height` on this page, or a new page. */
  ensure(height: number) {
    if (this.y + height > this.bottom && this.y > MARGIN_PT) {
      this.doc.addPage();
      this.y = MARGIN_PT;
    }
  }

  space(height: number) {
    this.y = Math.min(this.y + height, this.bottom);
  }

  private font(style: Style) {
    this.doc.setFont('helvetica', fontStyle(Boolean(style.bold), Boolean(style.italic)));
    this.doc.setFontSize(style.size);
    const [r, g, b] = style.color ?? [20, 20, 20];
    this.doc.setTextColor(r, g, b);
  }

  /** Plain text wrapped to the width (less `indent`), one line at a time so long text breaks across pages. */
  text(value: string, style: Style, indent = 0) {
    this.font(style);
    const lineHeight = style.size * 1.35;
    for (const line of this.doc.splitTextToSize(value, this.width - indent) as string[]) {
      this.ensure(lineHeight);
      this.doc.text(line, this.left + indent, this.y + style.size);
      this.y += lineHeight;
    }
  }

  /** Text at the right edge of the current line (marks beside a question heading). */
  textRight(value: string, style: Style, atY: number) {
    this.font(style);
    this.doc.text(value, this.left + this.width, atY + style.size, { align: 'right' });
  }

  /** Rich text blocks: words as PDF text, formulas as the editor draws them, images on their own lines. */
  async blocks(blocks: Block[], style: Style, indent = 0) {
    for (const block of blocks) {
      if (block.kind === 'image') await this.imageBlock(block, style, indent);
      else await this.paragraph(block.runs, style, indent);
    }
  }

  private async imageBlock(block: Extract<Block, { kind: 'image' }>, style: Style, indent: number) {
    const img = await this.assets.image(block.src);
    if (!img) return this.text(IMAGE_FAILED, { ...style, italic: true, color: [150, 40, 40] }, indent);
    const shown = { w: (block.width || img.width) * PT_PER_PX, h: (block.height || img.height) * PT_PER_PX };
    this.picture(img, shown.w, shown.h, indent);
  }

  /** An image scaled to fit the width and a page, on its own line. */
  picture(img: PdfImage, w: number, h: number, indent = 0, center = false) {
    const maxW = this.width - indent;
    const maxH = this.bottom - MARGIN_PT;
    const scale = Math.min(1, maxW / w, maxH / h);
    const [dw, dh] = [w * scale, h * scale];
    this.ensure(dh + 4);
    const x = center ? this.left + indent + (maxW - dw) / 2 : this.left + indent;
    this.doc.addImage(img.data, img.format, x, this.y + 2, dw, dh);
    this.y += dh + 4;
  }

  private async paragraph(runs: Run[], style: Style, indent: number) {
    const maxW = this.width - indent;
    let line: Item[] = [];
    let x = 0;
    let drewLine = false;
    const flush = () => {
      this.line(line, style, indent);
      line = [];
      x = 0;
      drewLine = true;
    };
    const place = (item: Item) => {
      const isSpace = item.kind === 'text' && item.text.trim() === '';
      if (x + item.w > maxW && line.length > 0) {
        flush();
        if (isSpace) return;
      }
      if (isSpace && line.length === 0) return;
      line.push(item);
      x += item.w;
    };
    for (const run of runs) {
      if (run.kind === 'break') {
        flush();
        continue;
      }
      if (run.kind === 'formula') {
        const img = await this.assets.formula(run.tex, run.block);
        if (run.block) {
          if (line.length > 0) flush();
          if (img) this.picture(img, img.width * PT_PER_PX, img.height * PT_PER_PX, indent, true);
          else this.text(FORMULA_FAILED, { ...style, italic: true }, indent);
          drewLine = true;
          continue;
        }
        if (img) place({ kind: 'image', img, w: img.width * PT_PER_PX, h: img.height * PT_PER_PX });
        else this.words(FORMULA_FAILED, false, true, style, maxW, place);
        continue;
      }
      this.words(run.text, run.bold, run.italic, style, maxW, place);
    }
    if (line.length > 0 || !drewLine) flush();
  }

  private words(value: string, bold: boolean, italic: boolean, style: Style, maxW: number, place: (item: Item) => void) {
    this.font({ ...style, bold: bold || style.bold, italic: italic || style.italic });
    for (const token of value.split(/(\s+)/)) {
      if (token === '') continue;
      const piece = (t: string) => ({ kind: 'text' as const, text: t, bold, italic, w: this.doc.getTextWidth(t) });
      const whole = piece(/^\s+$/.test(token) ? ' ' : token);
      if (whole.w <= maxW) place(whole);
      else for (const part of this.doc.splitTextToSize(token, maxW) as string[]) place(piece(part));
    }
  }

  private line(items: Item[], style: Style, indent: number) {
    const textHeight = style.size * 1.35;
    const height = Math.max(textHeight, ...items.map((i) => (i.kind === 'image' ? i.h + 4 : 0)));
    this.ensure(height);
    const baseline = this.y + height / 2 + style.size * 0.35;
    let x = this.left + indent;
    for (const item of items) {
      if (item.kind === 'text') {
        this.font({ ...style, bold: item.bold || style.bold, italic: item.italic || style.italic });
        this.doc.text(item.text, x, baseline);
      } else {
        this.doc.addImage(item.img.data, item.img.format, x, this.y + (height - item.h) / 2, item.w, item.h);
      }
      x += item.w;
    }
    this.y += height;
  }

  /** Ruled writing lines, each 24 px high; they continue on the next page when the page is full. */
  writingLines(count: number, indent = 0) {
    this.doc.setDrawColor(190, 190, 190);
    this.doc.setLineWidth(0.5);
    for (let i = 0; i < count; i++) {
      this.ensure(WRITING_LINE_PT);
      this.y += WRITING_LINE_PT;
      this.doc.line(this.left + indent, this.y, this.left + this.width, this.y);
    }
  }

  rule(color: [number, number, number] = [200, 200, 200], width = 0.75) {
    this.doc.setDrawColor(...color);
    this.doc.setLineWidth(width);
    this.doc.line(this.left, this.y, this.left + this.width, this.y);
  }

  /** "Page 1 of 3" at the foot of every page (inside the bottom margin). */
  pageNumbers() {
    const pages = this.doc.getNumberOfPages();
    for (let p = 1; p <= pages; p++) {
      this.doc.setPage(p);
      this.font({ size: 8, color: [120, 120, 120] });
      this.doc.text(`Page ${p} of ${pages}`, this.pageWidth / 2, this.pageHeight - MARGIN_PT / 2, { align: 'center' });
    }
  }
}
