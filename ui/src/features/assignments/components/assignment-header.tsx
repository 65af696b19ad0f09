import { gradePercent, MESSAGES, type StudentAssignment } from '@evergrade/contracts';
import { CalendarIcon, ClockIcon } from '../../../components/icons';
import { formatDateTime, formatTotal, relativeTime } from '../../../lib/format';
import { subjectTone } from '../utils/assignment-lists';
import { PdfUpload, type TypedAnswer } from './pdf-upload';
import { ProgressBar } from './progress-bar';
import { StatusBadge } from '../../../components/status-badge';

type Props = {
  assignment: StudentAssignment;
  now: Date;
  locked: boolean;
  answered: number;
  total: number;
  submitting: boolean;
  onSubmit: () => void;
  /** Upload PDF: save pending edits first; then told which questions the PDF filled. */
  onBeforePdfUpload?: () => Promise<void>;
  onPdfFilled?: (questionIds: number[], replaced: TypedAnswer[]) => void;
  /** The answers in the boxes now: the upload lists them before it may replace them. */
  typedAnswers?: TypedAnswer[];
};

export function AssignmentHeader({
  assignment: a,
  now,
  locked,
  answered,
  total,
  submitting,
  onSubmit,
  onBeforePdfUpload,
  onPdfFilled,
  typedAnswers,
}: Props) {
  const pct = gradePercent(a.marks_obtained, a.marks_total);
  const lockedTitle = locked ? MESSAGES.lockedTooltip : undefined;
  return (
    <section className="card assignment-hero" aria-label="Assignment details">
      <div className="assignment-hero-top">
        <div>
          <div className="chip-row">
            <span className={`chip subject-${subjectTone(a.course)}`}>{a.course_code || a.course}</span>
            <StatusBadge status={a.status} marks={{ obtained: a.marks_obtained, possible: a.marks_total }} />
            {a.timed && (
              <span className="chip chip-timed">
                <ClockIcon width={14} height={14} /> Timed
              </span>
            )}
          </div>
          <h2 className="assignment-title">{a.title}</h2>
          <p className="text-muted">{a.course}</p>
        </div>
        <div className="assignment-actions">
          <PdfUpload
            assignmentId={a.assignment_id}
            locked={locked}
            typed={typedAnswers}
            onBeforeUpload={onBeforePdfUpload}
            onFilled={onPdfFilled}
          />
          <span title={lockedTitle} className="tooltip-wrap">
            <button type="button" className="button button-primary" disabled={locked || submitting} onClick={onSubmit} title={lockedTitle}>
              {submitting ? 'Submitting…' : 'Submit'}
            </button>
          </span>
        </div>
      </div>
      <dl className="facts">
        <div className="fact">
          <dt>
            <CalendarIcon width={16} height={16} /> Due
          </dt>
          <dd>
            <time dateTime={a.due}>{formatDateTime(a.due)}</time> <span className="text-muted small">({relativeTime(a.due, now)})</span>
          </dd>
        </div>
        <div className="fact">
          <dt>Grade</dt>
          <dd data-testid="assignment-grade">
            {a.marks_obtained != null
              ? `${formatTotal(a.marks_obtained)} / ${formatTotal(a.marks_total)}`
              : `— / ${formatTotal(a.marks_total)}`}
            {pct != null && <span className="text-muted small"> ({pct.toFixed(1)}%)</span>}
          </dd>
        </div>
        <div className="fact">
          <dt>Questions</dt>
          <dd>{a.question_count}</dd>
        </div>
      </dl>
      <ProgressBar done={answered} total={total} />
      {locked && (
        <p className="notice" role="note">
          {lockReason(a.status)} Answers are read-only.
        </p>
      )}
    </section>
  );
}

function lockReason(status: StudentAssignment['status']): string {
  if (status === 'Graded') return 'This assignment has been graded.';
  if (status === 'Submitted') return 'This assignment has been submitted.';
  return 'This assignment is past due.';
}
