import { useEffect, useState } from 'react';
import type { TimedSessionRow } from '@evergrade/contracts';
import { toast } from '../../../stores/toast';
import { useGrantExtraTime, useTimedSessions } from '../api/timed-sessions';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h > 0 ? `${h}:` : ''}${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

const METHOD: Record<string, string> = { manual: 'submitted', auto_time_limit: 'time up (browser)', server_time_limit: 'time up (server)' };

/** Timed sessions of the assignment, with time left, and extra time for one student while their session runs. */
export function TimedSessionsPanel({ assignmentId }: { assignmentId: number }) {
  const sessions = useTimedSessions(assignmentId);
  const grant = useGrantExtraTime(assignmentId);
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = (r: TimedSessionRow) => (r.status === 'active' ? (Date.parse(r.deadline) - Date.now()) / 1000 : 0);

  const give = (r: TimedSessionRow, minutes: number) =>
    grant.mutate(
      { studentId: r.student_id, seconds: minutes * 60 },
      {
        onSuccess: () => toast.success(`${r.name}: +${minutes} min`),
        onError: (err) => toast.error(err.message),
      },
    );

  return (
    <section className="card ia-timed" aria-label="Timed sessions" data-testid="timed-sessions">
      <h3 className="ia-timed-title">Timed sessions</h3>
      {sessions.isPending && <p className="text-muted">Loading…</p>}
      {sessions.isError && <p className="text-muted">Timed sessions could not be loaded.</p>}
      {sessions.data?.length === 0 && <p className="text-muted">No student has started this assignment yet.</p>}
      {!!sessions.data?.length && (
        <table className="ia-timed-table">
          <thead>
            <tr>
              <th>Student</th>
              <th>Started</th>
              <th>Time left</th>
              <th>Extra</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {sessions.data.map((r) => (
              <tr key={r.student_id} data-testid={`timed-session-${r.student_id}`}>
                <td>{r.name}</td>
                <td>
                  <time dateTime={r.started_at}>{new Date(r.started_at).toLocaleTimeString()}</time>
                </td>
                <td data-testid={`time-left-${r.student_id}`}>
                  {r.status === 'active'
                    ? left(r) > 0
                      ? clock(left(r))
                      : 'Time up'
                    : (METHOD[r.submission_method ?? 'manual'] ?? 'submitted')}
                </td>
                <td>{r.extra_seconds > 0 ? `+${Math.round(r.extra_seconds / 60)} min` : '—'}</td>
                <td className="ia-timed-actions">
                  {r.status === 'active' &&
                    left(r) > 0 &&
                    [5, 10].map((m) => (
                      <button
                        key={m}
                        type="button"
                        className="button button-secondary button-sm"
                        disabled={grant.isPending}
                        onClick={() => give(r, m)}
                      >
                        +{m} min
                      </button>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
