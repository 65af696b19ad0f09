import { useState, type FormEvent } from 'react';
import { ANALYST_MESSAGES, type ReportComplete, type ReportId, type ReportSummary } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';
import { ChartIcon } from '../../../components/icons';
import { QueryBoundary } from '../../../components/query-boundary';
import { useReports } from '../api/get-reports';
import { eventsExportHref } from '../api/run-report';
import { useReportRun, type ReportRun } from '../hooks/use-report-run';
import { downloadText } from '../../../lib/download-text';
import { localDay, reportCsv, reportFileName } from '../utils/report-table';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';
import { ProgressTrack } from '../../../components/progress-track';
import '../analyst.css';

/** The analyst's home: pick a report and a window, run it (the server replays the school's events), read the result. */
export function ReportsPage() {
  const reports = useReports();
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Reports</h2>
          <p className="text-muted">
            Each run replays your school&apos;s events from the log into a throwaway projection: nothing is precomputed, nothing is kept.
          </p>
        </div>
      </div>
      <QueryBoundary query={reports} label="the reports">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No reports are available" icon={<ChartIcon width={28} height={28} />}>
              The server offers no reports yet.
            </EmptyState>
          ) : (
            <ReportRunner reports={list} />
          )
        }
      </QueryBoundary>
    </div>
  );
}

function ReportRunner({ reports }: { reports: ReportSummary[] }) {
  const [report, setReport] = useState<ReportId>(reports[0]!.id);
  const [from, setFrom] = useState(() => localDay(-30));
  const [to, setTo] = useState(() => localDay(0));
  const { run, start } = useReportRun();
  const chosen = reports.find((r) => r.id === report) ?? reports[0]!;
  const windowError = !from || !to ? 'Choose both dates.' : from > to ? ANALYST_MESSAGES.range : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!windowError) void start({ report, from, to });
  };

  return (
    <>
      <section className="card report-form-card" aria-labelledby="report-form-heading">
        <h3 className="card-title" id="report-form-heading">
          Run a report
        </h3>
        <form className="report-form" onSubmit={submit} noValidate>
          <label className="field report-pick">
            <span className="field-label">Report</span>
            <select className="input" value={report} onChange={(e) => setReport(e.target.value as ReportId)} data-testid="report-select">
              {reports.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">From</span>
            <input className="input" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="field">
            <span className="field-label">To</span>
            <input className="input" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
          </label>
          <button type="submit" className="button button-primary report-run" disabled={!!windowError || run.phase === 'running'}>
            {run.phase === 'running' ? 'Running…' : 'Run report'}
          </button>
        </form>
        <p className="text-muted small report-description" data-testid="report-description">
          {chosen.description}
        </p>
        {windowError && (
          <p className="field-error" role="alert">
            {windowError}
          </p>
        )}
        <p className="small report-export">
          <a
            href={windowError ? undefined : eventsExportHref(from, to)}
            download={`events_${from}_${to}.ndjson`}
            aria-disabled={!!windowError}
          >
            Download the school&apos;s events in this window (NDJSON)
          </a>
        </p>
      </section>
      <RunResult run={run} title={chosen.title} onRetry={() => void start({ report, from, to })} />
    </>
  );
}

function RunResult({ run, title, onRetry }: { run: ReportRun; title: string; onRetry: () => void }) {
  switch (run.phase) {
    case 'idle':
      return (
        <EmptyState title="No report run yet" icon={<ChartIcon width={28} height={28} />}>
          Pick a report and a window, then run it.
        </EmptyState>
      );
    case 'running':
      return <RunProgress done={run.done} total={run.total} />;
    case 'error':
      return (
        <div className="card error-card" role="alert" data-testid="report-error">
          <p>The report could not be run: {run.message}</p>
          <div>
            <button type="button" className="button button-secondary" onClick={onRetry}>
              Try again
            </button>
          </div>
        </div>
      );
    case 'complete':
      return <ReportResult result={run.result} title={title} />;
  }
}

const COUNT = new Intl.NumberFormat();
const plural = (n: number, noun: string) => `${COUNT.format(n)} ${noun}${n === 1 ? '' : 's'}`;

function RunProgress({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <section className="card report-progress" aria-live="polite" data-testid="report-progress">
      <div className="progress">
        <div className="progress-head">
          <span className="progress-label">Replaying events</span>
          <span className="progress-text">{total > 0 ? `${COUNT.format(done)} / ${COUNT.format(total)}` : 'Starting…'}</span>
        </div>
        <ProgressTrack label="Report progress" value={percent} max={100} />
      </div>
    </section>
  );
}

function ReportResult({ result, title }: { result: ReportComplete; title: string }) {
  const [busy, setBusy] = useState(false);
  const span = `${result.from.slice(0, 10)} to ${result.to.slice(0, 10)}`;
  if (result.rows.length === 0) {
    return (
      <EmptyState title="Nothing in this window" icon={<ChartIcon width={28} height={28} />}>
        {`${title}: no rows from ${span} (${plural(result.events, 'event')} replayed). Try a wider window.`}
      </EmptyState>
    );
  }
  const download = async () => {
    setBusy(true);
    try {
      downloadText(reportFileName(result.report, result.from, result.to), await reportCsv(result));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card report-result" aria-labelledby="report-result-heading" data-testid="report-result">
      <div className="report-result-head">
        <div>
          <h3 className="card-title" id="report-result-heading">
            {title}
          </h3>
          <p className="small text-muted">
            {span} · {plural(result.rows.length, 'row')} · {plural(result.events, 'event')} replayed{' '}
            <span className={`badge ${result.pseudonymised ? 'badge-neutral' : 'badge-info'}`} data-testid="report-names">
              {result.pseudonymised ? 'Names pseudonymised' : 'Names shown'}
            </span>
          </p>
        </div>
        <button type="button" className="button button-secondary" onClick={() => void download()} disabled={busy}>
          Download CSV
        </button>
      </div>
      {result.chart && <ReportChart result={result} label={`${title}, chart`} />}
      <ReportTable result={result} caption={title} />
    </section>
  );
}
