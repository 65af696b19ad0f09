import { useId } from 'react';
import { Link } from 'react-router';
import { gradePercent, type StudentAssignment } from '@evergrade/contracts';
import { ClockIcon } from '../../../components/icons';
import { formatDateTime, formatTotal, marksLabel, relativeTime } from '../../../lib/format';
import { subjectTone } from '../utils/assignment-lists';
import { gradeTone } from '../../../components/grade-badge';
import { StatusBadge } from '../../../components/status-badge';

export function AssignmentCard({ assignment: a, now }: { assignment: StudentAssignment; now: Date }) {
  const titleId = useId();
  const detailsId = useId();
  const pct = gradePercent(a.marks_obtained, a.marks_total);
  const overdue = new Date(a.due).getTime() < now.getTime() && (a.status === 'Incomplete' || a.status === 'In Progress');
  return (
    <li>
      <Link
        to={`/student/assignments/${a.assignment_id}`}
        className="assignment-card"
        aria-labelledby={titleId}
        aria-describedby={detailsId}
        data-testid={`assignment-${a.assignment_id}`}
      >
        <span className={`subject-stripe subject-${subjectTone(a.course)}`} aria-hidden="true" />
        <div className="assignment-card-main">
          <div className="assignment-card-top">
            <span className={`chip subject-${subjectTone(a.course)}`}>{a.course_code || a.course}</span>
            {a.timed && (
              <span className="chip chip-timed" title="Timed assignment">
                <ClockIcon width={14} height={14} /> Timed{a.time_limit ? ` · ${Math.round(a.time_limit / 60)} min` : ''}
              </span>
            )}
          </div>
          <h3 id={titleId} className="assignment-card-title">
            {a.title}
          </h3>
          <p id={detailsId} className="assignment-card-meta">
            <span>{a.course}</span>
            <span aria-hidden="true">·</span>
            <span>
              Due <time dateTime={a.due}>{formatDateTime(a.due)}</time>{' '}
              <span className={overdue ? 'text-danger' : 'text-muted'}>({relativeTime(a.due, now)})</span>
            </span>
            <span aria-hidden="true">·</span>
            <span>
              {a.question_count} {a.question_count === 1 ? 'question' : 'questions'}
            </span>
          </p>
        </div>
        <div className="assignment-card-side">
          <StatusBadge status={a.status} marks={{ obtained: a.marks_obtained, possible: a.marks_total }} />
          {a.marks_obtained != null ? (
            <span className="grade" data-testid="grade">
              <strong>{formatTotal(a.marks_obtained)}</strong> / {formatTotal(a.marks_total)}
              {pct != null && (
                <span className={`grade-pct grade-pct-${gradeTone(a.marks_obtained, a.marks_total)}`}> · {pct.toFixed(1)}%</span>
              )}
            </span>
          ) : (
            <span className="text-muted small">{marksLabel(a.marks_total)}</span>
          )}
        </div>
      </Link>
    </li>
  );
}
