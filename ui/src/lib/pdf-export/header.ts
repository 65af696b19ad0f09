import type { PdfHeaderFormat } from '@evergrade/contracts';
import type { PdfImage, PdfWriter } from './writer';

/** What a header shows: the school, the assignment, and for a graded PDF the student and the score. */
export type HeaderInfo = {
  format: PdfHeaderFormat;
  schoolName: string;
  title: string;
  course: string;
  date: string;
  logo: PdfImage | null;
  lines?: string[];
};

const GREY: [number, number, number] = [90, 90, 90];

/** The school's header formats: standard, bordered (school, title, course, date in a box), logo-line (logo top right). */
export function drawHeader(w: PdfWriter, h: HeaderInfo) {
  const details = [h.course && `Course: ${h.course}`, h.date && `Due: ${h.date}`].filter(Boolean).join('    ');
  if (h.format === 'bordered') return bordered(w, h, details);
  const top = w.y;
  let textWidth = w.width;
  if (h.format === 'logo-line' && h.logo) {
    const height = 40;
    const width = Math.min(140, (h.logo.width / h.logo.height) * height);
    w.doc.addImage(h.logo.data, h.logo.format, w.left + w.width - width, top, width, height);
    textWidth = w.width - width - 12;
  }
  if (h.format === 'logo-line' && h.schoolName) w.text(h.schoolName, { size: 9, color: GREY });
  titleLines(w, h.title, textWidth);
  if (details) w.text(details, { size: 10, color: GREY });
  for (const line of h.lines ?? []) w.text(line, { size: 10, bold: true });
  if (h.format === 'logo-line' && h.logo) w.y = Math.max(w.y, top + 44);
  w.space(4);
  w.rule(h.format === 'logo-line' ? [40, 40, 40] : [200, 200, 200], h.format === 'logo-line' ? 1.5 : 0.75);
  w.space(14);
}

function titleLines(w: PdfWriter, title: string, width: number) {
  w.doc.setFont('helvetica', 'bold');
  w.doc.setFontSize(16);
  w.doc.setTextColor(20, 20, 20);
  for (const line of w.doc.splitTextToSize(title, width) as string[]) {
    w.ensure(22);
    w.doc.text(line, w.left, w.y + 16);
    w.y += 22;
  }
}

function bordered(w: PdfWriter, h: HeaderInfo, details: string) {
  const top = w.y;
  const pad = 10;
  w.y += pad;
  const inner = { left: w.left + pad, width: w.width - 2 * pad };
  const center = (text: string, size: number, bold: boolean, color: [number, number, number] = [20, 20, 20]) => {
    w.doc.setFont('helvetica', bold ? 'bold' : 'normal');
    w.doc.setFontSize(size);
    w.doc.setTextColor(...color);
    for (const line of w.doc.splitTextToSize(text, inner.width) as string[]) {
      w.doc.text(line, inner.left + inner.width / 2, w.y + size, { align: 'center' });
      w.y += size * 1.35;
    }
  };
  if (h.logo) {
    const height = 32;
    const width = Math.min(120, (h.logo.width / h.logo.height) * height);
    w.doc.addImage(h.logo.data, h.logo.format, inner.left, top + pad, width, height);
  }
  if (h.schoolName) center(h.schoolName, 12, true, GREY);
  center(h.title, 16, true);
  if (details) center(details, 10, false, GREY);
  for (const line of h.lines ?? []) center(line, 10, true);
  w.y = Math.max(w.y, top + pad + (h.logo ? 32 : 0)) + pad;
  w.doc.setDrawColor(40, 40, 40);
  w.doc.setLineWidth(1.2);
  w.doc.rect(w.left, top, w.width, w.y - top);
  w.space(16);
}
