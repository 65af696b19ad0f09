import { zipSync } from 'fflate';
import type { StudentGrading } from '@evergrade/contracts';
import { gradedFileName, gradedPdf, safeFileName, type GradedPdfVariant, type SchoolHeader } from './documents';
import type { PdfAssets } from './writer';

/** Every student's graded PDF in one zip; `onProgress(done, total)` after each PDF. Same names get " (2)", " (3)". */
export async function gradedZip(
  records: StudentGrading[],
  options: { variant: GradedPdfVariant; header: SchoolHeader; course: string },
  assets: PdfAssets,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  let done = 0;
  onProgress(0, records.length);
  for (const record of records) {
    const base = gradedFileName(record.grading.assignment_title, record.student_data.student_name, options.variant);
    let name = base;
    for (let n = 2; name in entries; n++) name = base.replace(/\.pdf$/, ` (${n}).pdf`);
    entries[name] = await gradedPdf(record, options, assets);
    onProgress(++done, records.length);
  }
  // PDFs are compressed already: stored, not deflated again.
  return zipSync(entries, { level: 0 });
}

const ZIP_SUFFIX: Record<GradedPdfVariant, string> = { complete: 'graded', feedback: 'feedback', feedback_grades: 'feedback_grades' };
export const zipFileName = (title: string, variant: GradedPdfVariant) => `${safeFileName(`${title}_${ZIP_SUFFIX[variant]}`)}.zip`;
