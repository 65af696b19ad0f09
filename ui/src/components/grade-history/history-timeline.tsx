import { richTextToPlainText, type AuditHistoryEntry, type ResponseHistoryEntry } from '@evergrade/contracts';
import { entryTitle, formatInstant, justBefore, reasonOf, valueChange } from '../../lib/audit-format';

type Entry = ResponseHistoryEntry & Partial<Pick<AuditHistoryEntry, 'graded' | 'flag_resolved' | 'detail'>>;

type Props = {
  entries: Entry[];
  /** Offered on changes of value: open the grade book as it stood just before this change. */
  onBookBefore?: ((asOf: string) => void) | undefined;
};

/** A response's chain, oldest first: what happened, who or what did it, when, the value before and after, and why. */
export function HistoryTimeline({ entries, onBookBefore }: Props) {
  if (entries.length === 0) return <p className="text-muted">Nothing has been recorded for this response yet.</p>;
  return (
    <ol className="audit-timeline" data-testid="grade-history">
      {entries.map((e) => {
        const plain = (v: string) => richTextToPlainText(v).trim();
        const change = valueChange(e.previous_points, e.points);
        const reason = reasonOf(e);
        const changesValue = e.kind === 'ResponseGraded' || e.kind === 'ResponseMarkEdited';
        return (
          <li
            key={`${e.position}-${e.version}`}
            className={`audit-entry audit-entry-${e.actor_kind}`}
            data-kind={e.kind}
            data-testid="history-entry"
          >
            <div className="audit-entry-head">
              <span className="audit-entry-title strong">{entryTitle(e)}</span>
              <time className="audit-entry-time text-muted" dateTime={e.at}>
                {formatInstant(e.at)}
              </time>
            </div>
            <dl className="audit-facts">
              {change !== null && (
                <>
                  <dt>Mark</dt>
                  <dd data-testid="history-mark">{change}</dd>
                </>
              )}
              {e.confidence !== null && e.actor_kind !== 'instructor' && (
                <>
                  <dt>Confidence</dt>
                  <dd>{Math.round(e.confidence * 100)}%</dd>
                </>
              )}
              {reason && (
                <>
                  <dt>{reason.label}</dt>
                  <dd data-testid="history-reason">{reason.text}</dd>
                </>
              )}
              {e.kind === 'ResponseGraded' && e.flagged_for_review && (
                <>
                  <dt>Flag raised</dt>
                  <dd className="text-warning">{e.flagged_for_review}</dd>
                </>
              )}
              {e.kind === 'ResponseFlagResolved' && (
                <>
                  <dt>Flag resolved</dt>
                  <dd>{e.flagged_for_review || 'yes'}</dd>
                </>
              )}
              {changesValue && e.previous_feedback !== null && e.previous_feedback !== e.feedback && e.previous_feedback !== '' && (
                <>
                  <dt>Feedback before</dt>
                  <dd className="audit-feedback">{plain(e.previous_feedback)}</dd>
                </>
              )}
              {changesValue && e.feedback !== null && (
                <>
                  <dt>Feedback</dt>
                  <dd className="audit-feedback">{plain(e.feedback) || '—'}</dd>
                </>
              )}
              {e.detail && (
                <>
                  <dt>Details</dt>
                  <dd>{e.detail}</dd>
                </>
              )}
              {e.graded !== undefined && (
                <>
                  <dt>After this</dt>
                  <dd>
                    {e.graded ? 'graded' : 'not graded'}
                    {e.flag_resolved ? ', flag resolved' : ''}
                  </dd>
                </>
              )}
            </dl>
            {onBookBefore && changesValue && (
              <button type="button" className="button button-ghost button-sm" onClick={() => onBookBefore(justBefore(e.at))}>
                Grade book before this change
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
