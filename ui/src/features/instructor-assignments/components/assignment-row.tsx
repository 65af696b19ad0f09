import { useId } from 'react';
import { Link } from 'react-router';
import type { InstructorAssignment } from '@evergrade/contracts';
import { CalendarIcon } from '../../../components/icons';
import { formatDateTime, marksLabel, relativeTime } from '../../../lib/format';
import { courseLabel, deriveStatus, formatAverage, subjectTone } from '../utils/assignment-lists';
import { StatusBadge } from '../../../components/status-badge';
import { TrashIcon } from './trash-icon';

type Props = { assignment: InstructorAssignment; now: Date; onDelete: (a: InstructorAssignment) => void };

/** One assignment: opens its detail page; the delete button sits beside the link, not inside it. */
export function AssignmentRow({ assignment: a, now, onDelete }: Props) {
  const titleId = useId();
  const detailsId = useId();
  const course = courseLabel(a);
  const tone = subjectTone(a.subject || course);
  return (
    <li className="ia-row" data-testid={`instructor-assignment-${a.assignment_id}`}>
      <Link
        to={`/instructor/assignments/${a.assignment_id}`}
        className="ia-row-link"
        aria-labelledby={titleId}
        aria-describedby={detailsId}
      >
        <span className={`subject-stripe subject-${tone}`} aria-hidden="true" />
        <div className="ia-row-main">
          <div className="ia-row-top">
            {a.course_code && <span className={`chip subject-${tone}`}>{a.course_code}</span>}
            <StatusBadge status={deriveStatus(a, now)} />
          </div>
          <h3 id={titleId} className="ia-row-title">
            {a.title}
          </h3>
          <p id={detailsId} className="ia-row-meta">
            <span>{course}</span>
            <span aria-hidden="true">·</span>
            <span className="ia-row-due">
              <CalendarIcon width={14} height={14} /> Due <time dateTime={a.due_date}>{formatDateTime(a.due_date)}</time>
              <span className="text-muted"> ({relativeTime(a.due_date, now)})</span>
            </span>
            <span aria-hidden="true">·</span>
            <span>
              {a.question_count} {a.question_count === 1 ? 'question' : 'questions'}, {marksLabel(a.marks_total)}
            </span>
          </p>
        </div>
        <dl className="ia-row-stats">
          <div>
            <dt>Submissions</dt>
            <dd data-testid="submissions">{a.submissions}</dd>
          </div>
          <div>
            <dt>Average</dt>
            <dd data-testid="average">{formatAverage(a.average)}</dd>
          </div>
        </dl>
      </Link>
      <button
        type="button"
        className="icon-button ia-row-delete"
        aria-label={`Delete ${a.title}`}
        title="Delete assignment"
        onClick={() => onDelete(a)}
      >
        <TrashIcon />
      </button>
    </li>
  );
}
