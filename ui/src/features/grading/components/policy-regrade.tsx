import { useEffect, useId, useRef, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { gradingKeys } from '../api/keys';
import { regradeJobQueryOptions, regradeJobsQueryOptions, startRegradeAll } from '../api/regrade-job';
import { ProgressTrack } from '../../../components/progress-track';

/** One question's regrade-all job, as started. */
type StartedJob = { questionNumber: number; jobId: string; total: number };

type Run =
  | { phase: 'idle' }
  | { phase: 'confirming' }
  | { phase: 'starting'; started: StartedJob[] }
  | { phase: 'running'; started: StartedJob[]; error: string };

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A policy changes how answers are marked from then on; this applies it to the marks already given: one regrade-all
 * job per question (no instructions, marks set by hand kept), started one after another, then their progress summed.
 * The jobs are the server's background jobs: they go on if the page is left, and the page opened again shows those
 * still running (the assignment's job list), whoever started them.
 */
export function PolicyRegrade({ assignmentId, disabled }: { assignmentId: number; disabled: boolean }) {
  const client = useQueryClient();
  const titleId = useId();
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const started = run.phase === 'starting' || run.phase === 'running' ? run.started : [];
  const jobs = useQueries({ queries: started.map((j) => regradeJobQueryOptions(j.jobId)) });

  const total = started.reduce((n, j, i) => n + (jobs[i]?.data?.total ?? j.total), 0);
  const students = jobs.flatMap((q) => q.data?.students ?? []);
  const finished = run.phase === 'running' && started.length > 0 && jobs.every((q) => q.data?.status === 'finished');
  const changed = students.filter((s) => s.previous_points !== s.points_obtained && s.points_obtained !== null).length;
  const keptManual = students.filter((s) => s.outcome === 'kept-manual').length;
  const failed = students.filter((s) => s.outcome === 'failed').length;
  const answered = students.filter((s) => s.outcome !== 'no-response').length;
  const unreadable = run.phase === 'running' && jobs.some((q) => q.isError);

  // Jobs of this assignment still running when the panel opens (started here before the page was left, from the
  // regrade dialog, or by another instructor): shown as if just started. A job shown once is not taken up again.
  const listed = useQuery(regradeJobsQueryOptions(assignmentId)).data;
  const shown = useRef(new Set<string>());
  for (const j of started) shown.current.add(j.jobId);
  useEffect(() => {
    if (run.phase !== 'idle') return;
    const running = (listed ?? []).filter((j) => j.status === 'running' && !shown.current.has(j.job_id));
    if (running.length === 0) return;
    setRun({
      phase: 'running',
      started: running
        .map((j) => ({ questionNumber: j.question_number, jobId: j.job_id, total: j.total }))
        .sort((a, b) => a.questionNumber - b.questionNumber),
      error: '',
    });
  }, [listed, run.phase]);

  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: gradingKeys.submissions(assignmentId) });
  }, [finished, client, assignmentId]);

  const start = async () => {
    setRun({ phase: 'starting', started: [] });
    const done: StartedJob[] = [];
    try {
      const sheet = await callApi('getInstructorAssignmentQuestions', { body: { assignment_id: assignmentId } });
      const numbers = sheet.questions.map((q) => q.question_number).sort((a, b) => a - b);
      if (numbers.length === 0) throw new Error('this assignment has no questions.');
      for (const questionNumber of numbers) {
        const r = await startRegradeAll({
          assignment_id: assignmentId,
          question_number: questionNumber,
          regrade_instructions: '',
          override_manual: false,
        });
        done.push({ questionNumber, jobId: r.job_id, total: r.total });
        setRun({ phase: 'starting', started: [...done] });
      }
      setRun({ phase: 'running', started: done, error: '' });
    } catch (err) {
      const why = err instanceof Error ? err.message : 'The regrade could not start.';
      setRun({
        phase: 'running',
        started: done,
        error: done.length ? `Only ${plural(done.length, 'question')} could be started: ${why}` : `The regrade could not start: ${why}`,
      });
    }
  };

  return (
    <section className="mp-regrade" aria-labelledby={titleId} data-testid="policy-regrade">
      <h4 id={titleId} className="mp-regrade-heading">
        Marks already given
      </h4>
      {run.phase === 'idle' && (
        <>
          <p className="text-muted small">
            Answers graded before a change keep their marks. Regrade every question to mark them again with the saved policy; marks you set
            by hand are kept.
          </p>
          <div className="mp-actions">
            <button
              type="button"
              className="button button-secondary button-sm"
              disabled={disabled}
              onClick={() => setRun({ phase: 'confirming' })}
            >
              Regrade all questions
            </button>
            {disabled && <span className="text-muted small">Save or discard your changes first.</span>}
          </div>
        </>
      )}
      {run.phase === 'confirming' && (
        <div className="mp-actions" role="group" aria-label="Confirm the regrade">
          <span className="small">Regrade every question for every student with the saved policy?</span>
          <button type="button" className="button button-primary button-sm" onClick={() => void start()}>
            Yes, regrade
          </button>
          <button type="button" className="button button-secondary button-sm" onClick={() => setRun({ phase: 'idle' })}>
            Cancel
          </button>
        </div>
      )}
      {(run.phase === 'starting' || run.phase === 'running') && (
        <div className="mp-regrade-progress">
          <p role="status">
            {run.phase === 'starting'
              ? `Starting… ${plural(started.length, 'question')} started.`
              : unreadable
                ? 'The progress could not be read. The regrade goes on; reopen the submissions later to see the marks.'
                : finished
                  ? `Done: ${plural(answered, 'answer')} checked in ${plural(started.length, 'question')}; ${plural(changed, 'mark')} changed` +
                    (keptManual ? `, ${plural(keptManual, 'mark')} set by hand kept` : '') +
                    (failed ? `, ${failed} failed` : '') +
                    '.'
                  : `Regrading… ${students.length} of ${total} done.`}
          </p>
          <ProgressTrack label="Students' answers done" value={students.length} max={total} />
          {run.phase === 'running' && run.error && (
            <p role="alert" className="form-error">
              {run.error}
            </p>
          )}
          {run.phase === 'running' && !finished && !unreadable && (
            <p className="text-muted small">The regrade goes on if you leave this page.</p>
          )}
          {(finished || (run.phase === 'running' && started.length === 0)) && (
            <button type="button" className="button button-secondary button-sm" onClick={() => setRun({ phase: 'idle' })}>
              {finished ? 'Done' : 'Back'}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
