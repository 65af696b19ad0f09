import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { formatReport, parseCli } from './cli';
import type { ReportComplete } from '@evergrade/contracts';

describe('npm run report: arguments and output', () => {
  it('reads a report, a window, a format and a school', () => {
    expect(parseCli(['time-on-task', '--from', '2026-03-01', '--to', '2026-03-31', '--format', 'ndjson', '--school', 'demo'])).toEqual({
      report: 'time-on-task',
      from: '2026-03-01',
      to: '2026-03-31',
      format: 'ndjson',
      school: 'demo',
    });
    expect(parseCli(['grade-changes', '--from', '2026-03-01', '--to', '2026-03-02'])).toMatchObject({ format: 'csv', school: undefined });
  });

  it('says what is wrong', () => {
    expect(parseCli(['--from', '2026-03-01', '--to', '2026-03-02'])).toEqual({ error: 'name a report' });
    expect(parseCli(['time-on-task', '--from', '2026-03-05', '--to', '2026-03-01'])).toEqual({ error: 'from must not be after to' });
    expect(parseCli(['time-on-task', '--from', '2026-03-05', '--to', '2026-03-06', '--format', 'xlsx'])).toEqual({
      error: '--format must be csv or ndjson',
    });
    expect(parseCli(['time-on-task', '--to', '2026-03-06'])).toEqual({ error: 'from is required' });
  });

  it('writes CSV with a header of column keys, formulas escaped, and NDJSON one row a line', () => {
    const report: ReportComplete = {
      status: 'complete',
      report: 'time-on-task',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T23:59:59.999Z',
      columns: [
        { key: 'student', label: 'Student', type: 'string' },
        { key: 'minutes', label: 'Minutes', type: 'number' },
      ],
      rows: [
        { student: 'Smith, "Al"', minutes: 1.5 },
        { student: '=HYPERLINK("x")', minutes: null },
      ],
      events: 2,
      pseudonymised: true,
    };
    const csv = formatReport(report, 'csv');
    expect(csv).toBe('student,minutes\r\n"Smith, ""Al""",1.5\r\n"\'=HYPERLINK(""x"")",\r\n');
    expect(Papa.parse(csv.trim(), { header: true }).data).toEqual([
      { student: 'Smith, "Al"', minutes: '1.5' },
      { student: '\'=HYPERLINK("x")', minutes: '' },
    ]);
    expect(formatReport(report, 'ndjson')).toBe(
      '{"student":"Smith, \\"Al\\"","minutes":1.5}\n{"student":"=HYPERLINK(\\"x\\")","minutes":null}\n',
    );
  });
});
