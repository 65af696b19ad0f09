import { useId } from 'react';
import { Link } from 'react-router';
import type { PracticeListItem } from '@evergrade/contracts';
import { formatDateTime, formatTotal, marksLabel } from '../../../lib/format';
import { subjectTone } from '../utils/assignment-lists';

/** A practice assignment on the Practice tab: created_at serves as its date; it opens the practice taking page. */
export function PracticeCard({ practice: p }: { practice: PracticeListItem }) {
  const titleId = useId();
  const tone = subjectTone(p.course);
  return (
    <li>
      <Link
        to={`/student/assignments/practice/${p.practice_assignment_id}`}
        className="assignment-card"
        aria-labelledby={titleId}
        data-testid={`practice-${p.practice_assignment_id}`}
      >
        <span className={`subject-stripe subject-${tone}`} aria-hidden="true" />
        <div className="assignment-card-main">
          <div className="assignment-card-top">
            <span className={`chip subject-${tone}`}>{p.course_code || p.course}</span>
            <span className="chip">Practice</span>
          </div>
          <h3 id={titleId} className="assignment-card-title">
            {p.title}
          </h3>
          <p className="assignment-card-meta">
            <span>{p.course}</span>
            <span aria-hidden="true">·</span>
            <span>
              Created <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
            </span>
            <span aria-hidden="true">·</span>
            <span>
              {p.answered_count}/{p.question_count} answered
            </span>
          </p>
        </div>
        <div className="assignment-card-side">
          <span className={`badge badge-${p.status === 'Submitted' ? 'accent' : 'info'}`} data-testid="status-badge">
            {p.status}
          </span>
          {p.marks_obtained != null ? (
            <span className="grade">
              <strong>{formatTotal(p.marks_obtained)}</strong> / {formatTotal(p.marks_total)}
            </span>
          ) : (
            <span className="text-muted small">{marksLabel(p.marks_total)}</span>
          )}
        </div>
      </Link>
    </li>
  );
}
