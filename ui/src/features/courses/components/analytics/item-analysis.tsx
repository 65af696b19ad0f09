import { useId } from 'react';
import { INSIGHT_CONSTANTS, INSIGHT_MESSAGES, type ReplyOf } from '@evergrade/contracts';
import { FlagIcon } from '../../../../components/icons';
import { Spinner } from '../../../../components/spinner';
import { formatDate } from '../../../../lib/format';

export type CourseItemAnalysis = ReplyOf<'getCourseItemAnalysis'>[number];

type Props = {
  /** Item analysis of the assignments in scope; undefined while loading. */
  data: readonly CourseItemAnalysis[] | undefined;
  failed: boolean;
  onRetry: () => void;
};

const signed = (n: number) => (n < 0 ? `−${Math.abs(n).toFixed(2)}` : n.toFixed(2));
const FLAG_REASON = { negative: 'negative discrimination', 'near-zero': 'discrimination near zero' } as const;

export const ITEM_ANALYSIS_LOAD_FAILED = "We couldn't load the item analysis.";
export const NOTHING_FLAGGED = 'No question is flagged for negative or near-zero discrimination.';

/** Flagged questions per assignment, with what facility and discrimination mean. */
export function ItemAnalysisCard({ data, failed, onRetry }: Props) {
  const id = useId();
  const withGrades = (data ?? []).filter((a) => a.graded > 0);
  const flagged = withGrades.filter((a) => a.questions.some((q) => q.flag));
  const thin = withGrades.filter((a) => a.item_analysis_unreliable);

  return (
    <section className="card analytics-card analytics-card-wide" aria-labelledby={id} data-testid="item-analysis-card">
      <h3 className="analytics-card-title" id={id}>
        Questions to review
      </h3>
      <dl className="item-analysis-help">
        <div>
          <dt>Facility</dt>
          <dd>
            The share of the marks students earned on the question, from 0 to 1. Near 1 almost everyone got it right (easy); near 0 almost
            no one did (hard).
          </dd>
        </div>
        <div>
          <dt>Discrimination</dt>
          <dd>
            Whether students who did well on the rest of the assignment also did well on this question, from −1 to 1. Above 0.3 it tells
            stronger and weaker students apart well. Near zero it tells them apart hardly at all; below zero weaker students did better on
            it than stronger ones, which often means a wrong answer key or confusing wording.
          </dd>
        </div>
      </dl>
      {failed ? (
        <p className="analytics-note" role="alert">
          {ITEM_ANALYSIS_LOAD_FAILED}{' '}
          <button type="button" className="button button-secondary button-sm" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : !data ? (
        <Spinner label="Loading item analysis" />
      ) : withGrades.length === 0 ? (
        <p className="analytics-note">No graded work in the chosen assignments yet.</p>
      ) : (
        <>
          {flagged.length === 0 && <p className="analytics-note">{NOTHING_FLAGGED}</p>}
          <ul className="item-analysis-list">
            {flagged.map((a) => (
              <li key={a.assignment_id} className="item-analysis-assignment">
                <p className="item-analysis-title">
                  <strong>{a.title}</strong> <span className="text-muted">· due {formatDate(a.due_date)}</span>
                </p>
                <ul>
                  {a.questions
                    .filter((q) => q.flag)
                    .map((q) => (
                      <li key={q.question_id} className="item-analysis-question">
                        <FlagIcon width={14} height={14} aria-hidden="true" />
                        <span>
                          <strong>Question {q.question_number}</strong>: {FLAG_REASON[q.flag!]} (
                          {q.discrimination == null ? 'n/a' : signed(q.discrimination)}), facility{' '}
                          {q.facility == null ? 'n/a' : q.facility.toFixed(2)}: {INSIGHT_MESSAGES.flaggedItem}.
                        </span>
                      </li>
                    ))}
                </ul>
              </li>
            ))}
          </ul>
          {thin.length > 0 && (
            <p className="analytics-note" data-testid="item-analysis-few">
              Too few students to rely on these figures for {thin.map((a) => `${a.title} (${a.graded} graded)`).join(', ')}: they need at
              least {INSIGHT_CONSTANTS.itemAnalysisMinStudents} graded submissions.
            </p>
          )}
        </>
      )}
    </section>
  );
}
