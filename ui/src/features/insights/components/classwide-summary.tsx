import { useState } from 'react';
import { INSIGHT_MESSAGES, type ClassSummary } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';
import { ContractError } from '../../../lib/api-client';
import { useClassSummary } from '../api/get-class-summary';
import { parseScore, performanceBand } from '../utils/score-bands';

type View = 'Performance' | 'Overview';
type Bar = { category: string; text: string; percent: number };

/** The rubric averages as bars; null when one of them is not a score string (the data cannot be processed). */
export function performanceBars(averages: ClassSummary['rubric_averages']): Bar[] | null {
  const bars: Bar[] = [];
  for (const [category, text] of Object.entries(averages)) {
    const s = parseScore(text);
    if (!s) return null;
    bars.push({ category, text, percent: s.possible > 0 ? Math.max(0, Math.min(100, (s.score / s.possible) * 100)) : 0 });
  }
  return bars;
}

const PERFORMANCE_LEGEND = [
  ['green', '80% or more'],
  ['orange', '60% to 80%'],
  ['darkorange', '40% to 60%'],
  ['red', 'below 40%'],
] as const;

function Writing({ what }: { what: string }) {
  return (
    <p className="ins-writing" role="status" data-testid="class-writing">
      <span className="spinner ins-spinner-sm" aria-hidden="true" /> {what}
    </p>
  );
}

function Performance({ bars, generating }: { bars: Bar[]; generating: boolean }) {
  if (bars.length === 0)
    return generating ? <Writing what="The rubric averages are being worked out…" /> : <p>{INSIGHT_MESSAGES.noClassInsights}</p>;
  return (
    <>
      <ul className="ins-bars" aria-label="Class average by rubric category" data-testid="performance-bars">
        {bars.map((b) => {
          const band = performanceBand(b.percent);
          return (
            <li key={b.category} className="ins-bar-row" data-band={band}>
              <span className="ins-bar-name">{b.category}</span>
              <span className="ins-bar-track" aria-hidden="true">
                <span className={`ins-bar-fill ins-perf-${band}`} style={{ width: `${b.percent}%` }} />
              </span>
              <span className="ins-bar-value">
                {b.text} <span className="text-muted">({Math.round(b.percent)}%)</span>
              </span>
            </li>
          );
        })}
      </ul>
      <ul className="ins-legend" aria-label="Bar colours">
        {PERFORMANCE_LEGEND.map(([band, text]) => (
          <li key={band}>
            <span className={`ins-swatch ins-perf-${band}`} aria-hidden="true" /> {text}
          </li>
        ))}
      </ul>
    </>
  );
}

function Overview({ data }: { data: ClassSummary }) {
  if (data.status === 'generating' && !data.summary) return <Writing what="The class summary is being written…" />;
  if (!data.summary) return <p>{INSIGHT_MESSAGES.noClassInsights}</p>;
  return (
    <div className="ins-class-overview" data-testid="class-overview">
      {data.status === 'generating' && <Writing what="The class summary is being rewritten…" />}
      {data.summary
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      {data.generator === 'offline' && <span className="badge badge-neutral ins-offline">Generated offline</span>}
    </div>
  );
}

/** Classwide tab: Performance (rubric averages as bars) and Overview (the class summary); polled every 3 s while written. */
export function ClasswideSummary({ assignmentId, courseCode }: { assignmentId: number; courseCode?: string }) {
  const summary = useClassSummary(assignmentId, courseCode);
  const [view, setView] = useState<View>('Performance');

  if (summary.isPending) return <Writing what="Loading class insights…" />;
  if (summary.isError)
    return (
      <div className="ins-error" role="alert">
        <p>{summary.error instanceof ContractError ? INSIGHT_MESSAGES.classProcessFailed : INSIGHT_MESSAGES.classLoadFailed}</p>
        <button type="button" className="button button-secondary button-sm" onClick={() => void summary.refetch()}>
          Try again
        </button>
      </div>
    );
  const data = summary.data;
  if (data.status === 'error')
    return (
      <div className="ins-error" role="alert">
        <p>{data.error || INSIGHT_MESSAGES.classGenerateFailed}</p>
      </div>
    );
  const bars = performanceBars(data.rubric_averages);
  if (!bars)
    return (
      <div className="ins-error" role="alert">
        <p>{INSIGHT_MESSAGES.classProcessFailed}</p>
      </div>
    );
  if (data.status === 'done' && !data.summary && bars.length === 0) return <EmptyState title={INSIGHT_MESSAGES.noClassInsights} />;

  return (
    <div className="ins-classwide">
      <div className="segmented" role="group" aria-label="Classwide view">
        {(['Performance', 'Overview'] as const).map((v) => (
          <button key={v} type="button" className="segmented-option" aria-pressed={view === v} onClick={() => setView(v)}>
            {v}
          </button>
        ))}
      </div>
      {view === 'Performance' ? <Performance bars={bars} generating={data.status === 'generating'} /> : <Overview data={data} />}
    </div>
  );
}
