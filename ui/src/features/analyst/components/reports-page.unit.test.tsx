import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportSummary, RunReportLine } from '@evergrade/contracts';
import { renderRoutes } from '../../../testing/render';
import { json, ndjson } from '../../../testing/replies';
import { ReportsPage } from './reports-page';

// jsdom draws no canvas: the chart stands in as its labelled element with the option it was given.
vi.mock('../../../components/echart/echart', () => ({
  EChart: ({ label, testId, option }: { label: string; testId?: string; option: unknown }) => {
    const o = typeof option === 'function' ? (option as (w: number) => unknown)(720) : option;
    return <div role="img" aria-label={label} data-testid={testId} data-option={JSON.stringify(o)} />;
  },
}));

const REPORTS: ReportSummary[] = [
  { id: 'grade-changes', title: 'Grade changes over time', description: 'Automatic marks against changes by hand.' },
  { id: 'time-on-task', title: 'Time on task', description: 'Minutes per assignment and student, from saves.' },
];

const COMPLETE: RunReportLine = {
  status: 'complete',
  report: 'time-on-task',
  from: '2026-03-01T00:00:00.000Z',
  to: '2026-03-31T23:59:59.999Z',
  columns: [
    { key: 'assignment', label: 'Assignment', type: 'string' },
    { key: 'student', label: 'Student', type: 'string' },
    { key: 'minutes', label: 'Minutes', type: 'number' },
  ],
  rows: [
    { assignment: 'Quadratic Equations', student: 'Student 1', minutes: 12.5 },
    { assignment: 'Quadratic Equations', student: 'Student 2', minutes: 30 },
  ],
  chart: { kind: 'bar', x: 'assignment', y: ['minutes'], series: 'student' },
  events: 42,
  pseudonymised: true,
};

const readText = (b: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(b);
  });

type Calls = { key: string; body: unknown }[];

/** GET /analyst/reports answers `reports`; POST /analyst/run-report answers with `run()` (each call, a new reply). */
function network(reports: unknown, run: () => Response | Promise<Response>) {
  const calls: Calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (key === 'GET /analyst/reports') return typeof reports === 'number' ? json({ message: 'down' }, reports) : json(reports);
      if (key === 'POST /analyst/run-report') return run();
      return json({ message: `no handler for ${key}` }, 404);
    }),
  );
  return calls;
}

const show = () => renderRoutes([{ path: '/analyst', element: <ReportsPage /> }], '/analyst');
const setWindow = (from: string, to: string) => {
  fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
};

describe('the Reports page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('runs the chosen report over the window: a progress bar while the server replays, then the chart and the table', async () => {
    const stream = ndjson<RunReportLine>();
    const calls = network(REPORTS, () => stream.response);
    show();
    const select = await screen.findByTestId('report-select');
    expect(screen.getByTestId('report-description').textContent).toBe(REPORTS[0]!.description);
    fireEvent.change(select, { target: { value: 'time-on-task' } });
    expect(screen.getByTestId('report-description').textContent).toBe(REPORTS[1]!.description);
    setWindow('2026-03-01', '2026-03-31');
    expect(screen.getByText('No report run yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Download the school's events/ }).getAttribute('href')).toBe(
      '/analyst/events?from=2026-03-01&to=2026-03-31',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Run report' }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('POST /analyst/run-report'));
    expect(calls.find((c) => c.key === 'POST /analyst/run-report')!.body).toEqual({
      report: 'time-on-task',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(screen.getByRole('button', { name: 'Running…' }).hasAttribute('disabled')).toBe(true);
    stream.send({ status: 'progress', done: 21, total: 42 });
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Report progress' }).getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByTestId('report-progress').textContent).toContain('21 / 42');
    stream.send(COMPLETE);
    stream.end();

    const table = await screen.findByTestId('report-table');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'AssignmentStudentMinutes',
      'Quadratic EquationsStudent 112.5',
      'Quadratic EquationsStudent 230',
    ]);
    expect(screen.getByTestId('report-names').textContent).toBe('Names pseudonymised');
    const chart = await screen.findByTestId('report-chart');
    const option = JSON.parse(chart.dataset.option!) as { series: { name: string; type: string; data: number[] }[] };
    expect(option.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['Student 1 · Minutes', 'bar', [12.5]],
      ['Student 2 · Minutes', 'bar', [30]],
    ]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('downloads the table as CSV', async () => {
    network(REPORTS, () => new Response(`${JSON.stringify(COMPLETE)}\n`, { headers: { 'Content-Type': 'application/x-ndjson' } }));
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => undefined }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    const text = await readText(created[0]!);
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Assignment,Student,Minutes',
      'Quadratic Equations,Student 1,12.5',
      'Quadratic Equations,Student 2,30',
    ]);
    expect(clicked).toHaveBeenCalled();
    clicked.mockRestore();
  });

  it('says so when the window holds nothing', async () => {
    const empty = { ...COMPLETE, rows: [], events: 3 };
    network(REPORTS, () => new Response(`${JSON.stringify(empty)}\n`));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
    expect((await screen.findByText('Nothing in this window')).closest('[data-testid="empty-state"]')!.textContent).toContain(
      '3 events replayed',
    );
    expect(screen.queryByTestId('report-table')).toBeNull();
  });

  it("shows the server's error line, and a refusal before the stream, with a way to try again", async () => {
    let attempt = 0;
    network(REPORTS, () => {
      attempt += 1;
      return attempt === 1
        ? new Response(
            `${JSON.stringify({ status: 'progress', done: 1, total: 9 })}\n${JSON.stringify({ status: 'error', message: 'The log could not be read.' })}\n`,
          )
        : json({ message: 'from must not be after to', field: 'from' }, 400);
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Run report' }));
    expect((await screen.findByTestId('report-error')).textContent).toContain('The log could not be read.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('report-error').textContent).toContain('from must not be after to'));
  });

  it('will not run a window that ends before it starts', async () => {
    const calls = network(REPORTS, () => json({}));
    show();
    await screen.findByTestId('report-select');
    setWindow('2026-04-02', '2026-04-01');
    expect(screen.getByRole('alert').textContent).toBe('from must not be after to');
    expect(screen.getByRole('button', { name: 'Run report' }).hasAttribute('disabled')).toBe(true);
    expect(calls.some((c) => c.key === 'POST /analyst/run-report')).toBe(false);
  });

  it('offers a retry when the reports cannot be listed, and says when there are none', async () => {
    network(503, () => json({}));
    show();
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load the reports.");
    cleanup();
    network([], () => json({}));
    show();
    expect(await screen.findByText('No reports are available')).toBeTruthy();
  });
});
