import { jsPDF } from 'jspdf';
import type { AssignmentSheet, PdfHeaderFormat, StudentGrading } from '@evergrade/contracts';
import { formatDate, marksLabel } from '../format';
import { drawHeader } from './header';
import { richBlocks } from './rich-blocks';
import { PdfWriter, type PdfAssets, type PdfImage } from './writer';

/** Spec document 2, section 9: the four assignment downloads and the three graded PDF types. */
export const ASSIGNMENT_PDF_VARIANTS = ['questions', 'writing', 'answers', 'complete'] as const;
export type AssignmentPdfVariant = (typeof ASSIGNMENT_PDF_VARIANTS)[number];
export const GRADED_PDF_VARIANTS = ['complete', 'feedback', 'feedback_grades'] as const;
export type GradedPdfVariant = (typeof GRADED_PDF_VARIANTS)[number];

export type SchoolHeader = { format: PdfHeaderFormat; schoolName: string; logo: PdfImage | null };

const CONTENT_UNAVAILABLE = 'Content unavailable.';
const BODY = { size: 11 };
const LABEL = { size: 10, bold: true, color: [70, 70, 70] as [number, number, number] };
const INDENT = 14;

/** Writing lines per question: max(1, round(2 × marks)). */
export const writingLinesFor = (marks: number) => Math.max(1, Math.round(2 * marks));
/** Scores with 2 decimals. */
export const score = (n: number) => n.toFixed(2);

const newDoc = () => new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });

async function section(w: PdfWriter, label: string, value: string) {
  w.space(4);
  w.text(label, LABEL, INDENT);
  const blocks = richBlocks(value);
  if (blocks.length === 0) w.text(CONTENT_UNAVAILABLE, { ...BODY, italic: true }, INDENT);
  else await w.blocks(blocks, BODY, INDENT);
}

function questionHeading(w: PdfWriter, n: number, right: string | null) {
  w.ensure(40);
  w.space(6);
  const top = w.y;
  w.text(`Question ${n}`, { size: 12, bold: true });
  if (right) w.textRight(right, { size: 10, bold: true, color: [70, 70, 70] }, top);
}

/** An assignment as a PDF, from the preview's Download menu. */
export async function assignmentPdf(
  sheet: AssignmentSheet,
  options: { variant: AssignmentPdfVariant; showMarks: boolean; header: SchoolHeader },
  assets: PdfAssets,
): Promise<Uint8Array> {
  const doc = newDoc();
  const w = new PdfWriter(doc, assets);
  const total = sheet.questions.reduce((sum, q) => sum + q.marks_possible, 0);
  drawHeader(w, {
    ...options.header,
    title: sheet.title,
    course: sheet.course_name || sheet.course_code,
    date: sheet.due_date ? formatDate(sheet.due_date) : '',
    lines: options.showMarks ? [`Total: ${marksLabel(total)}`] : [],
  });
  for (const q of sheet.questions) {
    questionHeading(w, q.question_number, options.showMarks ? marksLabel(q.marks_possible) : null);
    const blocks = richBlocks(q.question);
    if (blocks.length === 0) w.text(CONTENT_UNAVAILABLE, { ...BODY, italic: true });
    else await w.blocks(blocks, BODY);
    if (options.variant === 'writing') {
      w.space(4);
      w.writingLines(writingLinesFor(q.marks_possible));
    }
    if (options.variant === 'answers' || options.variant === 'complete') await section(w, 'Answer', q.answer);
    if (options.variant === 'complete') await section(w, 'Grading instructions', q.grading_instructions);
    w.space(10);
  }
  w.pageNumbers();
  return new Uint8Array(doc.output('arraybuffer'));
}

/** One student's graded PDF: complete (questions, answers, feedback), feedback only, or feedback with grades. */
export async function gradedPdf(
  record: StudentGrading,
  options: { variant: GradedPdfVariant; header: SchoolHeader; course: string },
  assets: PdfAssets,
): Promise<Uint8Array> {
  const doc = newDoc();
  const w = new PdfWriter(doc, assets);
  const grades = options.variant !== 'feedback';
  const { obtained, possible, assignment_title } = record.grading;
  drawHeader(w, {
    ...options.header,
    title: assignment_title,
    course: options.course,
    date: '',
    lines: [`Student: ${record.student_data.student_name}`, ...(grades ? [`Score: ${score(obtained)} / ${score(possible)}`] : [])],
  });
  for (const q of record.questions) {
    questionHeading(w, q.question_number, grades ? `${score(q.points_obtained)} / ${score(q.points_possible)}` : null);
    if (options.variant === 'complete') {
      const blocks = richBlocks(q.question);
      if (blocks.length === 0) w.text(CONTENT_UNAVAILABLE, { ...BODY, italic: true });
      else await w.blocks(blocks, BODY);
      await section(w, "Student's answer", q.response);
      await section(w, 'Model answer', q.answer);
    }
    await section(w, 'Feedback', q.feedback);
    w.space(10);
  }
  w.pageNumbers();
  return new Uint8Array(doc.output('arraybuffer'));
}

/** A name safe in any file system: no path separators or reserved characters. */
export const safeFileName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim() || 'untitled';

const GRADED_SUFFIX: Record<GradedPdfVariant, string> = { complete: '_graded', feedback: '_feedback', feedback_grades: '_feedback_grades' };

/** `{title}_{student}_graded.pdf`, `_feedback.pdf`, `_feedback_grades.pdf` (spec document 2, section 9). */
export const gradedFileName = (title: string, student: string, variant: GradedPdfVariant) =>
  `${safeFileName(`${title}_${student}${GRADED_SUFFIX[variant]}`)}.pdf`;

const ASSIGNMENT_SUFFIX: Record<AssignmentPdfVariant, string> = {
  questions: '',
  writing: '_writing_space',
  answers: '_answers',
  complete: '_complete',
};
export const assignmentFileName = (title: string, variant: AssignmentPdfVariant) =>
  `${safeFileName(`${title}${ASSIGNMENT_SUFFIX[variant]}`)}.pdf`;
