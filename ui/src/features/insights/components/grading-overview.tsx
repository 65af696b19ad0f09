import { useCallback, useEffect, useState } from 'react';
import type { AssignmentStats } from '@evergrade/contracts';
import { useCssColours } from '../../../components/echart/theme-colours';
import { EmptyState } from '../../../components/empty-state';
import { AlertIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { watchAssignment } from '../../../lib/socket';
import { useSummaryModal } from '../../../stores/summary-modal';
import { useAssignmentStats } from '../api/get-assignment-stats';
import { marks2 } from '../utils/item-analysis';
import { fullMarksOption, fullMarksPerQuestion, OVERVIEW_COLOURS, scoreDistributionOption } from '../utils/overview-charts';
import { ItemAnalysisTable } from './item-analysis';
import { LazyChart } from './lazy-chart';
import '../insights.css';

export const STATS_LOAD_FAILED = 'The statistics could not be loaded.';
export const NOTHING_GRADED = 'No graded submissions yet';

const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;
const fmt = (n: number | null) => (n == null ? '—' : marks2(n));

/** Names of the students at a max or min: the first three, then how many more. */
function Who({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, 3).join(', ');
  const more = names.length - 3;
  return (
    <span className="ins-figure-who" title={names.join(', ')}>
      {more > 0 ? `${shown} and ${more} more` : shown}
    </span>
  );
}

function Figures({ stats }: { stats: AssignmentStats }) {
  const of = `of ${marks2(stats.total_possible)}`;
  const items: { term: string; value: string; sub?: string; who?: string[] }[] = [
    { term: 'Submissions', value: String(stats.submissions) },
    { term: 'Graded', value: String(stats.graded), sub: `of ${stats.submissions}` },
    { term: 'Mean', value: fmt(stats.mean), sub: of },
    { term: 'Median', value: fmt(stats.median), sub: of },
    { term: 'Highest', value: fmt(stats.max.maxScore), sub: of, who: stats.max.maxScoreStudents },
    { term: 'Lowest', value: fmt(stats.min.minScore), sub: of, who: stats.min.minScoreStudents },
  ];
  return (
    <dl className="ins-figures" data-testid="overview-figures">
      {items.map((f) => (
        <div key={f.term} className="ins-figure">
          <dt>{f.term}</dt>
          <dd>
            <span className="ins-figure-value" data-testid={`figure-${f.term.toLowerCase()}`}>
              {f.value}
            </span>
            {f.sub && f.value !== '—' && <span className="ins-figure-sub"> {f.sub}</span>}
            {f.who && <Who names={f.who} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Charts({ stats }: { stats: AssignmentStats }) {
  const palette = useCssColours(OVERVIEW_COLOURS);
  const { scores, total_possible: possible, graded, questionCorrectFrequency: frequency } = stats;
  // Whoever asked their system for less motion gets the bars drawn at once.
  const [animation] = useState(() => !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);
  const distribution = useCallback(
    (w: number) => ({ ...scoreDistributionOption(scores, possible, palette, w), animation }),
    [scores, possible, palette, animation],
  );
  const fullMarks = useCallback(
    (w: number) => ({ ...fullMarksOption(frequency, graded, palette, w), animation }),
    [frequency, graded, palette, animation],
  );
  const questions = fullMarksPerQuestion(frequency);
  const only = questions.length === 1 ? questions[0] : undefined;
  return (
    <div className="ins-charts">
      <section className="ins-chart-card" aria-labelledby="ins-distribution-title">
        <h4 id="ins-distribution-title" className="ins-chart-title">
          Score distribution
        </h4>
        {scores.length < 2 ? (
          <p className="ins-chart-note" data-testid="distribution-note">
            Only 1 graded submission so far ({marks2(scores[0] ?? 0)} of {marks2(possible)}): the distribution appears from the second.
          </p>
        ) : (
          <LazyChart
            option={distribution}
            height={240}
            label={`Score distribution of ${students(scores.length)}`}
            testId="chart-distribution"
          />
        )}
      </section>
      <section className="ins-chart-card" aria-labelledby="ins-full-marks-title">
        <h4 id="ins-full-marks-title" className="ins-chart-title">
          Full marks per question
        </h4>
        {only ? (
          <p className="ins-chart-note" data-testid="full-marks-note">
            The assignment has one question: {only.count} of {students(graded)} got full marks on it.
          </p>
        ) : (
          <LazyChart
            option={fullMarks}
            height={240}
            label={`Students with full marks on each question, out of ${students(graded)}`}
            testId="chart-full-marks"
          />
        )}
        {graded === 1 && !only && <p className="ins-chart-note">Only 1 graded submission so far: each bar is 0 or 1.</p>}
      </section>
    </div>
  );
}

/** The grading overview's statistics, charts and item analysis (inside the assignment page's collapsible overview). */
export function GradingOverview({ assignmentId }: { assignmentId: number }) {
  const stats = useAssignmentStats(assignmentId);
  const openSummary = useSummaryModal((s) => s.openSummary);
  useEffect(() => watchAssignment(assignmentId), [assignmentId]);

  if (stats.isPending) return <Spinner label="Loading statistics" />;
  if (stats.isError)
    return (
      <EmptyState title={STATS_LOAD_FAILED} icon={<AlertIcon width={28} height={28} />}>
        <button type="button" className="button button-secondary" onClick={() => void stats.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  const s = stats.data;
  return (
    <div className="ins-overview" data-testid="grading-overview">
      <Figures stats={s} />
      <div className="ins-overview-actions">
        <button type="button" className="button button-secondary button-sm" onClick={() => openSummary(assignmentId, 'individual')}>
          Student summaries
        </button>
      </div>
      {s.graded === 0 ? (
        <EmptyState title={NOTHING_GRADED}>
          Statistics, charts and item analysis appear here once a submission has every question graded.
        </EmptyState>
      ) : (
        <>
          <Charts stats={s} />
          <ItemAnalysisTable stats={s} />
        </>
      )}
    </div>
  );
}
