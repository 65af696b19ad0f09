import { useMemo, useState } from 'react';
import { PROBLEM_CATEGORIES, type ProblemReport } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';
import { FlagIcon } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';

const ROLE_BADGE: Record<string, string> = { student: 'badge-info', instructor: 'badge-accent' };

/** What people at the school reported with "Report a problem", newest first, filterable by kind. */
export function ProblemReports({ reports }: { reports: ProblemReport[] }) {
  const [kind, setKind] = useState<string>('all');
  const shown = useMemo(() => reports.filter((r) => kind === 'all' || r.category === kind), [reports, kind]);
  if (reports.length === 0) {
    return (
      <section className="card">
        <EmptyState title="No problem reports yet" icon={<FlagIcon width={28} height={28} />}>
          When someone at your school uses "Report a problem" in the top bar, their report appears here.
        </EmptyState>
      </section>
    );
  }
  return (
    <section className="card card-flush" data-testid="problem-reports">
      <div className="table-toolbar">
        <div className="segmented segmented-inline" role="group" aria-label="Show">
          {['all', ...PROBLEM_CATEGORIES].map((c) => (
            <button key={c} type="button" className="segmented-option" aria-pressed={kind === c} onClick={() => setKind(c)}>
              {c === 'all' ? 'All' : c}{' '}
              <span className="count">{c === 'all' ? reports.length : reports.filter((r) => r.category === c).length}</span>
            </button>
          ))}
        </div>
      </div>
      <ul className="report-list" aria-label="Problem reports">
        {shown.map((r) => (
          <li key={r.report_id} className="report-item" data-testid={`problem-report-${r.report_id}`}>
            <div className="report-head">
              <span className="strong">{r.category}</span>
              <time className="text-muted small" dateTime={r.reported_at}>
                {formatDateTime(r.reported_at)}
              </time>
            </div>
            <p className="report-message">{r.message}</p>
            <p className="report-meta small text-muted">
              <span>{r.reporter.name || r.reporter.email}</span>
              <span className={`badge ${ROLE_BADGE[r.reporter.role] ?? 'badge-neutral'}`}>{r.reporter.role}</span>
              <a className="mono" href={`mailto:${r.reporter.email}`}>
                {r.reporter.email}
              </a>
              {r.page && (
                <span>
                  on <span className="mono">{r.page}</span>
                </span>
              )}
            </p>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="text-muted report-none">No reports of this kind.</p>}
    </section>
  );
}
