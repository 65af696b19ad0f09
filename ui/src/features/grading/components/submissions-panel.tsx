import { useState } from 'react';
import '../grading.css';
import { useQueryClient } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { CheckIcon, FlagIcon, PlusIcon, SparkIcon, UploadIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { gradeStudents } from '../api/grading-runs';
import { useSubmissions } from '../api/get-submissions';
import { useGradingLive } from '../hooks/use-grading-live';
import { runKey, useRunningStore } from '../stores/running';
import { GradedSubmission } from './graded-submission';
import { UploadModal, type UploadMode } from './upload-modal';

export const NO_SUBMISSIONS = 'No submissions yet.';

type Props = { assignmentId: number; courseCode: string };

/**
 * The Submissions tab: one entry per student (graded or not, unresolved flags), the upload modal
 * (initial when empty, addNew after), and the selected student's graded submission.
 */
export function SubmissionsPanel({ assignmentId, courseCode }: Props) {
  const client = useQueryClient();
  const submissions = useSubmissions(assignmentId);
  useGradingLive(assignmentId);
  const running = useRunningStore((s) => s.running);
  const [modal, setModal] = useState<UploadMode | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  if (submissions.isPending) return <Spinner label="Loading submissions" />;
  if (submissions.isError) {
    return (
      <EmptyState title="The submissions could not be loaded.">
        <button type="button" className="button button-secondary" onClick={() => void submissions.refetch()}>
          Try again
        </button>
      </EmptyState>
    );
  }
  const list = submissions.data;
  const ids = list.map((s) => s.student_id);
  const isRunning = (id: number) => (running[runKey(assignmentId, id)]?.length ?? 0) > 0;
  const ungraded = list.filter((s) => !s.graded && !isRunning(s.student_id) && s.questions.some((q) => q.response_id > 0));
  const record = list.find((s) => s.student_id === selected) ?? list[0];
  const modalEl = modal && (
    <UploadModal mode={modal} assignmentId={assignmentId} courseCode={courseCode} submittedIds={ids} onClose={() => setModal(null)} />
  );

  // The modal stays in one place in the tree: the first completed upload turns the empty state into
  // the list, and the modal (with the other files still going) must not remount then.
  if (list.length === 0 || !record) {
    return (
      <>
        <EmptyState title={NO_SUBMISSIONS}>
          <button type="button" className="button button-primary" onClick={() => setModal('initial')}>
            <UploadIcon width={16} height={16} /> Upload Submissions
          </button>
        </EmptyState>
        {modalEl}
      </>
    );
  }

  return (
    <>
      <div className="gr-layout">
        <aside className="card gr-students" aria-label="Submissions">
          <div className="gr-students-head">
            <h2 className="gr-students-title">
              Submissions <span className="text-muted">({list.length})</span>
            </h2>
            <button
              type="button"
              className="button button-secondary button-sm"
              onClick={() => setModal('addNew')}
              aria-label="Add submissions"
            >
              <PlusIcon width={14} height={14} /> Add
            </button>
          </div>
          {ungraded.length > 0 && (
            <button
              type="button"
              className="button button-primary button-sm gr-grade-all"
              onClick={() => void gradeStudents(client, assignmentId, ungraded)}
            >
              <SparkIcon width={14} height={14} /> Grade {ungraded.length} ungraded
            </button>
          )}
          <ul className="gr-student-list">
            {list.map((s) => {
              const busy = isRunning(s.student_id);
              const status = busy ? 'Grading' : s.graded ? 'Graded' : 'Not graded';
              return (
                <li key={s.student_id}>
                  <button
                    type="button"
                    className="gr-student-entry"
                    aria-current={s.student_id === record.student_id || undefined}
                    onClick={() => setSelected(s.student_id)}
                    data-testid={`submission-${s.student_id}`}
                    data-graded={String(s.graded)}
                  >
                    <span
                      className={`gr-graded-icon${s.graded ? ' is-graded' : ''}${busy ? ' is-busy' : ''}`}
                      title={status}
                      aria-label={status}
                      role="img"
                    >
                      {s.graded && !busy ? <CheckIcon width={12} height={12} /> : null}
                    </span>
                    <span className="gr-entry-name">{s.student_data.student_name}</span>
                    {s.flag_count > 0 && (
                      <span
                        className="gr-flag-badge"
                        aria-label={`${s.flag_count} unresolved ${s.flag_count === 1 ? 'flag' : 'flags'}`}
                        data-testid="flag-count"
                      >
                        <FlagIcon width={11} height={11} aria-hidden="true" /> {s.flag_count}
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </aside>
        <GradedSubmission key={record.student_id} assignmentId={assignmentId} record={record} allStudentIds={ids} />
      </div>
      {modalEl}
    </>
  );
}
