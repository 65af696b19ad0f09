import { richTextToPlainText } from '@evergrade/contracts';
import { chains, rowKey, type AuditLogRow } from './audit-fold';

export const GRADE_HISTORY_CSV_HEADER = [
  'recorded_at',
  'event',
  'assignment_id',
  'assignment_title',
  'student_id',
  'student_name',
  'question_number',
  'response_id',
  'actor_kind',
  'actor',
  'actor_id',
  'previous_points',
  'points',
  'points_possible',
  'previous_feedback',
  'feedback',
  'flagged_for_review',
  'flag_resolved',
  'graded',
  'confidence',
  'reason',
  'detail',
  'position',
] as const;

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. A text field that a spreadsheet
 * would run as a formula (= + - @, tab, carriage return first) gets a leading apostrophe (OWASP's CSV injection
 * advice); numbers are written as numbers.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Feedback kept as editor state (bold, italic) goes into the spreadsheet as its words. */
const words = (feedback: string | null) => (feedback === null ? null : richTextToPlainText(feedback));

/** Pure: an assignment's grade history, oldest first, one line per (event, response), CRLF line ends. */
export function gradeHistoryCsv(
  rows: readonly AuditLogRow[],
  a: { assignmentId: number; title: string; studentName: (id: number) => string },
): string {
  const { byRow } = chains(rows);
  const ordered = [...rows].sort((x, y) => (x.position < y.position ? -1 : x.position > y.position ? 1 : x.seq - y.seq));
  const lines = ordered.map((r) => {
    const e = byRow.get(rowKey(r))!;
    return [
      e.at,
      e.kind,
      a.assignmentId,
      a.title,
      r.student_id,
      a.studentName(r.student_id),
      r.question_number,
      r.response_id,
      e.actor_kind,
      e.actor,
      e.actor_id,
      e.previous_points,
      e.points,
      r.points_possible === null ? null : Number(r.points_possible),
      words(e.previous_feedback),
      words(e.feedback),
      e.flagged_for_review,
      e.flag_resolved,
      e.graded,
      e.confidence,
      e.reason,
      e.detail,
      e.position,
    ]
      .map(csvField)
      .join(',');
  });
  return `${[GRADE_HISTORY_CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}

/** grade-history-12-quadratic-roots-quiz.csv (ASCII only, so the header needs no encoding). */
export function csvFileName(assignmentId: number, title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `grade-history-${assignmentId}${slug ? `-${slug}` : ''}.csv`;
}
