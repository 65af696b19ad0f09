import type { ReportCell, ReportColumn, ReportComplete } from '@evergrade/contracts';

const NUMBER = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const DATETIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A cell as the table shows it. */
export function formatCell(value: ReportCell | undefined, type: ReportColumn['type']): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if ((type === 'number' || type === 'integer') && typeof value === 'number') return NUMBER.format(value);
  if (type === 'datetime' && typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? value : DATETIME.format(t);
  }
  return String(value);
}

/** The report as CSV cells: the column labels, then each row's raw values (ISO dates, plain numbers). */
export function reportCells(result: Pick<ReportComplete, 'columns' | 'rows'>): string[][] {
  const header = result.columns.map((c) => c.label);
  const body = result.rows.map((row) => result.columns.map((c) => (row[c.key] == null ? '' : String(row[c.key]))));
  return [header, ...body];
}

/** `grade-changes_2026-03-01_2026-03-31.csv` */
export function reportFileName(report: string, from: string, to: string): string {
  const day = (s: string) => s.slice(0, 10);
  return `${report}_${day(from)}_${day(to)}.csv`.replace(/[^A-Za-z0-9_.-]+/g, '_');
}

/** The CSV text (papaparse, loaded on first use: it stays out of the main chunk). */
export async function reportCsv(result: Pick<ReportComplete, 'columns' | 'rows'>): Promise<string> {
  const { unparse } = await import('papaparse');
  return unparse(reportCells(result), { newline: '\r\n' });
}

/** YYYY-MM-DD of a local day, `days` from today. */
export function localDay(days = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
