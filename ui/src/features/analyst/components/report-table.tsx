import type { ReportComplete } from '@evergrade/contracts';
import { formatCell } from '../utils/report-table';

/** Rows the page draws; the CSV download holds all of them. */
export const MAX_TABLE_ROWS = 500;

export function ReportTable({ result, caption }: { result: ReportComplete; caption: string }) {
  const rows = result.rows.slice(0, MAX_TABLE_ROWS);
  const numeric = (type: string) => type === 'number' || type === 'integer';
  return (
    <div className="table-scroll">
      <table className="table report-table" data-testid="report-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {result.columns.map((c) => (
              <th key={c.key} scope="col" className={numeric(c.type) ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {result.columns.map((c) => (
                <td key={c.key} className={numeric(c.type) ? 'num' : undefined}>
                  {formatCell(row[c.key], c.type)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {result.rows.length > rows.length && (
        <p className="small text-muted table-note">
          Showing the first {rows.length} of {result.rows.length} rows; the CSV has every row.
        </p>
      )}
    </div>
  );
}
