import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlertDialog } from '../../../components/dialog';
import { ArrowLeftIcon, CalendarIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../stores/toast';
import { useAssignmentSheet } from '../api/get-assignment-sheet';
import { useInstructorAssignments } from '../api/get-instructor-assignments';
import { useRenameAssignment } from '../api/rename-assignment';
import { deriveStatus, formatAverage } from '../utils/assignment-lists';
import { InlineTitle } from './inline-title';
import { QuestionsTab } from './questions-tab';
import { StatusBadge } from '../../../components/status-badge';
import { TimedSessionsPanel } from './timed-sessions-panel';

export const LOAD_FAILED = 'There was an error loading this assignment. Please try again.';
export const LIST_PATH = '/instructor/assignments';

type View = 'questions' | 'submissions';

/** What the grading feature lends the page (composed in app/routes): whether there are submissions, and the regrade after an edit. */
export type RegradeAfterEdit = { hasSubmissions: boolean; regradeAll: (onReset?: () => void) => Promise<void> };

type Props = {
  assignmentId: number;
  regrade: RegradeAfterEdit;
  /** The Submissions view, given the course code. */
  submissions: (courseCode: string) => ReactNode;
  /** Statistics and item analysis inside the grading overview (drawn only while it is open). */
  overview?: ReactNode;
};

/** /instructor/assignments/:assignmentId */
export function AssignmentDetail({ assignmentId, regrade, submissions, overview }: Props) {
  const navigate = useNavigate();
  const valid = Number.isInteger(assignmentId) && assignmentId > 0;
  const sheet = useAssignmentSheet(assignmentId);
  const list = useInstructorAssignments();
  const rename = useRenameAssignment();
  const location = useLocation();
  // A regrade request's notification links to #regrade-requests: the submissions, on their Regrade requests tab.
  const [view, setView] = useState<View>(() => (location.hash === '#regrade-requests' ? 'submissions' : 'questions'));
  const [overviewOpen, setOverviewOpen] = useState(false);

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(LIST_PATH, { replace: true });
  };

  const back = (
    <Link to={LIST_PATH} className="button button-ghost ia-back" aria-label="Back to Assignments">
      <ArrowLeftIcon /> Assignments
    </Link>
  );

  if (!valid || sheet.isError) {
    return (
      <div className="page">
        <div className="ia-toolbar">{back}</div>
        <AlertDialog title="Assignment unavailable" message={LOAD_FAILED} closeLabel="Close" onClose={goBack} />
      </div>
    );
  }
  if (sheet.isPending) {
    return (
      <div className="page">
        <div className="ia-toolbar">{back}</div>
        <Spinner label="Loading assignment" />
      </div>
    );
  }

  const a = sheet.data;
  const row = list.data?.find((r) => r.assignment_id === assignmentId);
  const onRename = (title: string) => rename.mutateAsync({ assignmentId, title }).then(() => toast.success('Assignment renamed'));

  return (
    <div className="page">
      <div className="ia-toolbar">{back}</div>
      <header className="card ia-head">
        <InlineTitle key={a.title} title={a.title} onRename={onRename} />
        <p className="ia-head-meta">
          <span className="chip">{a.course_code}</span>
          <span>{a.course_name}</span>
          <span aria-hidden="true">·</span>
          <span>
            <CalendarIcon width={14} height={14} /> Due <time dateTime={a.due_date}>{formatDateTime(a.due_date)}</time>
          </span>
        </p>
        {(row || overview) && (
          <details className="ia-overview" onToggle={(e) => setOverviewOpen(e.currentTarget.open)}>
            <summary>Grading overview</summary>
            {row && (
              <dl className="ia-overview-stats">
                <div>
                  <dt>Status</dt>
                  <dd>
                    <StatusBadge status={deriveStatus(row, new Date())} />
                  </dd>
                </div>
                {!overview && (
                  <>
                    <div>
                      <dt>Submissions</dt>
                      <dd>{row.submissions}</dd>
                    </div>
                    <div>
                      <dt>Average</dt>
                      <dd>{formatAverage(row.average)}</dd>
                    </div>
                  </>
                )}
              </dl>
            )}
            {overviewOpen && overview}
          </details>
        )}
      </header>
      {a.time_limit ? <TimedSessionsPanel assignmentId={assignmentId} /> : null}

      <div className="segmented ia-view-toggle" role="group" aria-label="Assignment view">
        <button type="button" className="segmented-option" aria-pressed={view === 'questions'} onClick={() => setView('questions')}>
          View Questions
        </button>
        <button type="button" className="segmented-option" aria-pressed={view === 'submissions'} onClick={() => setView('submissions')}>
          View Submissions
        </button>
      </div>

      {view === 'questions' ? (
        <QuestionsTab
          sheet={a}
          afterSaveWithSubmissions={regrade.hasSubmissions ? () => void regrade.regradeAll(() => setView('submissions')) : undefined}
        />
      ) : (
        submissions(a.course_code)
      )}
    </div>
  );
}
