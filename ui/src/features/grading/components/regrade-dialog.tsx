import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegradeJobOutcome, RegradeJobStudent } from '@evergrade/contracts';
import { Modal } from '../../../components/dialog';
import { gradingKeys } from '../api/keys';
import { regradeJobsQueryOptions, startRegradeAll, useRegradeJob } from '../api/regrade-job';
import { submissionsQueryOptions } from '../api/get-submissions';
import { formatMarks } from '../utils/grading-state';
import { ProgressTrack } from '../../../components/progress-track';

export type RegradeScope = 'student' | 'all';

type Props = {
  assignmentId: number;
  questionNumber: number;
  studentName: string;
  studentCount: number;
  /** This student only: the caller regrades (and closes the dialog). */
  onRegrade: (instructions: string, scope: RegradeScope, overrideManual: boolean) => void;
  onClose: () => void;
};

const OUTCOMES: Record<RegradeJobOutcome, { label: string; tone: string }> = {
  applied: { label: 'Instructions applied', tone: 'badge-success' },
  'not-understood': { label: 'Needs an AI provider', tone: 'badge-warning' },
  ai: { label: 'Regraded by AI', tone: 'badge-info' },
  regraded: { label: 'Regraded', tone: 'badge-info' },
  'kept-manual': { label: 'Mark set by hand kept', tone: 'badge-neutral' },
  'no-response': { label: 'No answer', tone: 'badge-neutral' },
  failed: { label: 'Failed', tone: 'badge-danger' },
};

const marks = (s: RegradeJobStudent) =>
  s.points_obtained === null
    ? '–'
    : s.previous_points === null || s.previous_points === s.points_obtained
      ? formatMarks(s.points_obtained)
      : `${formatMarks(s.previous_points)} → ${formatMarks(s.points_obtained)}`;

/** Regrading every student: the background job's progress and each student's outcome, as it goes. */
function RegradeProgress({ assignmentId, jobId, total }: { assignmentId: number; jobId: string; total: number }) {
  const client = useQueryClient();
  const job = useRegradeJob(jobId);
  const names = useQuery(submissionsQueryOptions(assignmentId)).data;
  const nameOf = (id: number) => names?.find((s) => s.student_id === id)?.student_data.student_name ?? `Student ${id}`;
  const students = job.data?.students ?? [];
  const finished = job.data?.status === 'finished';
  const count = job.data?.total ?? total;
  const percent = count > 0 ? Math.round((students.length / count) * 100) : 100;
  const notUnderstood = students.find((s) => s.outcome === 'not-understood');

  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: gradingKeys.submissions(assignmentId) });
  }, [finished, client, assignmentId]);

  return (
    <div className="gr-job" data-testid="regrade-progress">
      <p className="gr-job-status" role="status">
        {job.isError
          ? 'The progress could not be read. The regrade goes on; reopen the question later to see the marks.'
          : finished
            ? `Done: ${students.length} of ${count} students checked.`
            : `Regrading… ${students.length} of ${count} students done.`}
      </p>
      <ProgressTrack label="Students done" value={students.length} max={count} percent={percent} />
      {notUnderstood && (
        <p className="gr-job-warning" data-testid="regrade-needs-ai">
          {notUnderstood.note}
        </p>
      )}
      {students.length > 0 && (
        <ul className="gr-job-list" aria-label="Each student's regrade">
          {students.map((s) => (
            <li key={s.student_id} className="gr-job-row">
              <span className="gr-job-name">{nameOf(s.student_id)}</span>
              <span className={`badge ${OUTCOMES[s.outcome].tone}`}>{OUTCOMES[s.outcome].label}</span>
              <span className="gr-job-marks">{marks(s)}</span>
              {s.outcome !== 'not-understood' && s.note && <span className="gr-job-note text-muted">{s.note}</span>}
            </li>
          ))}
        </ul>
      )}
      {!finished && <p className="text-muted gr-hint">The regrade goes on if you close this window.</p>}
    </div>
  );
}

/** The regrade popup: instructions for the grader, then this student or all students (a background job shown here). */
export function RegradeDialog({ assignmentId, questionNumber, studentName, studentCount, onRegrade, onClose }: Props) {
  const [instructions, setInstructions] = useState('');
  const [scope, setScope] = useState<RegradeScope>('student');
  const [overrideManual, setOverrideManual] = useState(false);
  const [job, setJob] = useState<{ id: string; total: number; instructions: string } | null>(null);
  // A regrade of this question for all students still running (started before, perhaps from another page): its
  // progress is one click away rather than lost with the window that started it.
  const running = useQuery(regradeJobsQueryOptions(assignmentId)).data?.find(
    (j) => j.status === 'running' && j.question_number === questionNumber,
  );
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState('');
  const id = useId();

  const submit = () => {
    if (scope === 'student') return onRegrade(instructions.trim(), scope, overrideManual);
    setStarting(true);
    setError('');
    startRegradeAll({
      assignment_id: assignmentId,
      question_number: questionNumber,
      regrade_instructions: instructions.trim(),
      override_manual: overrideManual,
    })
      .then((r) => setJob({ id: r.job_id, total: r.total, instructions: instructions.trim() }))
      .catch((err: unknown) => setError(err instanceof Error ? err.message : 'The regrade could not start.'))
      .finally(() => setStarting(false));
  };

  if (job)
    return (
      <Modal
        role="dialog"
        title={`Regrading question ${questionNumber} for all students`}
        onEscape={onClose}
        actions={
          <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
            Close
          </button>
        }
      >
        {job.instructions && <p className="gr-job-instructions">“{job.instructions}”</p>}
        <RegradeProgress assignmentId={assignmentId} jobId={job.id} total={job.total} />
      </Modal>
    );

  return (
    <Modal
      role="dialog"
      title={`Regrade question ${questionNumber}`}
      onEscape={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={starting} onClick={submit}>
            {starting ? 'Starting…' : 'Regrade'}
          </button>
        </>
      }
    >
      {running && (
        <div className="gr-job-running" role="status" data-testid="regrade-running">
          <span>
            A regrade of this question for all students is running: {running.done} of {running.total} done.
          </span>
          <button
            type="button"
            className="button button-secondary button-sm"
            onClick={() => setJob({ id: running.job_id, total: running.total, instructions: running.regrade_instructions })}
          >
            Show its progress
          </button>
        </div>
      )}
      <label htmlFor={`${id}-instructions`} className="field-label">
        Regrade instructions
      </label>
      <textarea
        id={`${id}-instructions`}
        className="input gr-regrade-instructions"
        rows={4}
        maxLength={5000}
        data-autofocus
        placeholder="e.g. Also accept: 6 newtons. Deduct 1 mark for missing units."
        value={instructions}
        onChange={(e) => setInstructions(e.target.value)}
      />
      <p className="text-muted gr-hint">
        Without an AI provider, the grader follows “also accept: …”, “award full marks if the answer mentions …”, “award 1 mark if the
        answer mentions …” and “deduct 1 mark for missing units”; other instructions leave the marks as they are and flag them.
      </p>
      <fieldset className="gr-scope">
        <legend className="field-label">Regrade for</legend>
        <label>
          <input type="radio" name={`${id}-scope`} checked={scope === 'student'} onChange={() => setScope('student')} /> This student (
          {studentName})
        </label>
        <label>
          <input type="radio" name={`${id}-scope`} checked={scope === 'all'} onChange={() => setScope('all')} /> All students (
          {studentCount})
        </label>
      </fieldset>
      <label className="gr-override">
        <input type="checkbox" checked={overrideManual} onChange={(e) => setOverrideManual(e.target.checked)} />
        Also replace marks set by hand
      </label>
      <p className="text-muted gr-hint">{overrideManual ? 'Marks set by hand are regraded too.' : 'Marks set by hand are kept.'}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
