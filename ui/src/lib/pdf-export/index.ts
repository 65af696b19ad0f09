/**
 * Client-side PDF and zip exports (spec document 2, sections 7 and 9): loaded with `import()` when a download is
 * chosen, so jspdf, html2canvas and fflate never weigh on the main chunk.
 */
import type { AssignmentSheet, PdfHeaderFormat, PdfHeaders, StudentGrading } from '@evergrade/contracts';
import { browserAssets, loadImage } from './browser-assets';
import {
  assignmentFileName,
  assignmentPdf,
  gradedFileName,
  gradedPdf,
  type AssignmentPdfVariant,
  type GradedPdfVariant,
  type SchoolHeader,
} from './documents';
import { gradedZip, zipFileName } from './zip';

export { ASSIGNMENT_PDF_VARIANTS, GRADED_PDF_VARIANTS } from './documents';

async function schoolHeader(headers: PdfHeaders, format: PdfHeaderFormat): Promise<SchoolHeader> {
  const logo = headers.logo_url && format !== 'standard' ? await loadImage(headers.logo_url) : null;
  return { format, schoolName: headers.school_name, logo };
}

/** Hands bytes to the browser as a file download. */
export function saveFile(bytes: Uint8Array, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function downloadAssignmentPdf(
  sheet: AssignmentSheet,
  options: { variant: AssignmentPdfVariant; showMarks: boolean; headers: PdfHeaders; format: PdfHeaderFormat },
) {
  const header = await schoolHeader(options.headers, options.format);
  const bytes = await assignmentPdf(sheet, { variant: options.variant, showMarks: options.showMarks, header }, browserAssets());
  saveFile(bytes, assignmentFileName(sheet.title, options.variant), 'application/pdf');
}

export async function downloadGradedPdf(
  record: StudentGrading,
  options: { variant: GradedPdfVariant; headers: PdfHeaders; course: string },
) {
  const header = await schoolHeader(options.headers, options.headers.default_format);
  const bytes = await gradedPdf(record, { variant: options.variant, header, course: options.course }, browserAssets());
  saveFile(bytes, gradedFileName(record.grading.assignment_title, record.student_data.student_name, options.variant), 'application/pdf');
}

export async function downloadGradedZip(
  records: StudentGrading[],
  options: { variant: GradedPdfVariant; headers: PdfHeaders; course: string },
  onProgress: (done: number, total: number) => void,
) {
  const header = await schoolHeader(options.headers, options.headers.default_format);
  const bytes = await gradedZip(records, { variant: options.variant, header, course: options.course }, browserAssets(), onProgress);
  const title = records[0]?.grading.assignment_title ?? 'assignment';
  saveFile(bytes, zipFileName(title, options.variant), 'application/zip');
}
