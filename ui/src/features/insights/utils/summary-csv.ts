import { INSIGHT_CONSTANTS, type StudentSummaryRow } from '@evergrade/contracts';

/** The summary table as CSV cells: a header row, then one row per student (rubric categories in the given order). */
export function summaryTable(students: readonly StudentSummaryRow[], categories: readonly string[]): string[][] {
  const header = ['Student', ...categories, 'Total', 'Summary'];
  return [header, ...students.map((s) => [s.student_name, ...categories.map((c) => s.rubrics[c] ?? ''), s.grade, s.summary])];
}

/**
 * Spec section 9: the CSV's file name is sanitised and cut to 50 characters: letters, digits, '-' and '_' kept,
 * anything else one '_', no leading or trailing '_'; then '.csv'.
 */
export function csvFileName(title: string): string {
  const safe = `${title}_student_summaries`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+/, '');
  const cut = safe.slice(0, INSIGHT_CONSTANTS.csvFileNameMax).replace(/_+$/, '');
  return `${cut || 'student_summaries'}.csv`;
}

/** The CSV text (papaparse, loaded on first use: it stays out of the main chunk). */
export async function summaryCsv(students: readonly StudentSummaryRow[], categories: readonly string[]): Promise<string> {
  const { unparse } = await import('papaparse');
  return unparse(summaryTable(students, categories), { newline: '\r\n' });
}
