import { useEffect, useId, useState } from 'react';
import { REGRADE_LIMITS, REGRADE_WINDOW_MAX_DAYS, type RegradeRequest, type RegradeRequestOutcome } from '@evergrade/contracts';
import { useRegradeQueue, useResolveRegradeRequest, useSetRegradeWindow } from '../../../api/regrade-requests';
import { formatDateTime, formatMark } from '../../../lib/format';
import './regrade-queue.css';

const STATUS_LABEL: Record<RegradeRequest['status'], string> = {
  open: 'Open',
  accepted: 'Accepted',
  rejected: 'Rejected',
  answered: 'Answered',
};
const OUTCOMES: { value: RegradeRequestOutcome; label: string }[] = [
  { value: 'accepted', label: 'Accept with a new mark' },
  { value: 'answered', label: 'Answer (keep the mark)' },
  { value: 'rejected', label: 'Reject' },
];

/** The assignment's regrade requests: open ones first, each resolved with a reply the student is notified of. */
export function RegradeQueue({ assignmentId }: { assignmentId: number }) {
  const query = useRegradeQueue(assignmentId);
  if (query.isPending) return <p className="text-muted rq-state">Loading regrade requests…</p>;
  if (query.isError)
    return (
      <div className="rq-state" role="alert">
        <p>Regrade requests could not be loaded: {query.error.message}</p>
        <button type="button" className="button button-secondary button-sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  const { requests, window_days } = query.data;
  const open = requests.filter((r) => r.status === 'open').length;
  return (
    <div className="rq" data-testid="regrade-queue">
      <WindowSetting assignmentId={assignmentId} days={window_days} />
      <h3 className="rq-heading">{open === 0 ? 'No open regrade requests' : `${open} open regrade request${open === 1 ? '' : 's'}`}</h3>
      {requests.length === 0 ? (
        <p className="text-muted rq-state">No regrade requests yet. Students can ask on a graded question within the window above.</p>
      ) : (
        <ul className="rq-list">
          {requests.map((r) => (
            <li key={r.request_id}>
              <RequestCard assignmentId={assignmentId} request={r} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function WindowSetting({ assignmentId, days }: { assignmentId: number; days: number }) {
  const id = useId();
  const [value, setValue] = useState(String(days));
  const save = useSetRegradeWindow(assignmentId);
  useEffect(() => setValue(String(days)), [days]);
  const n = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= REGRADE_WINDOW_MAX_DAYS;
  return (
    <form
      className="rq-window"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) save.mutate(n);
      }}
    >
      <label htmlFor={`${id}-days`}>Students may ask for a regrade up to</label>
      <input
        id={`${id}-days`}
        className="input rq-days"
        type="number"
        min={0}
        max={REGRADE_WINDOW_MAX_DAYS}
        step={1}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <span>days after a mark.</span>
      <button type="submit" className="button button-secondary button-sm" disabled={!valid || n === days || save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
      <span id={`${id}-hint`} className="text-muted small rq-hint">
        0 closes requests.{' '}
        {save.isError ? (
          <span role="alert" className="form-error">
            {save.error.message}
          </span>
        ) : (
          save.isSuccess && <span role="status">Saved.</span>
        )}
      </span>
    </form>
  );
}

function RequestCard({ assignmentId, request: r }: { assignmentId: number; request: RegradeRequest }) {
  return (
    <article
      className={`rq-card rq-${r.status}`}
      data-testid={`regrade-request-${r.request_id}`}
      aria-label={`Request from ${r.student_name}`}
    >
      <header className="rq-card-head">
        <strong>{r.student_name}</strong>
        <span className="text-muted">Question {r.question_number}</span>
        <span className={`chip rq-chip rq-chip-${r.status}`}>{STATUS_LABEL[r.status]}</span>
      </header>
      <p className="rq-line">
        <span className="text-muted">Mark when asked:</span> {formatMark(r.points_before)} / {formatMark(r.points_possible)}
        {r.points_after !== null && (
          <>
            {' '}
            → <strong>{formatMark(r.points_after)}</strong>
          </>
        )}
      </p>
      <p className="rq-line">
        <span className="text-muted">Reason ({formatDateTime(r.requested_at)}):</span> {r.reason}
      </p>
      {r.reply !== null && (
        <p className="rq-line">
          <span className="text-muted">Your reply{r.resolved_at ? ` (${formatDateTime(r.resolved_at)})` : ''}:</span> {r.reply}
        </p>
      )}
      {r.status === 'open' && <ResolveForm assignmentId={assignmentId} request={r} />}
    </article>
  );
}

export function ResolveForm({ assignmentId, request: r }: { assignmentId: number; request: RegradeRequest }) {
  const id = useId();
  const [outcome, setOutcome] = useState<RegradeRequestOutcome>('answered');
  const [points, setPoints] = useState(String(r.points_before));
  const [reply, setReply] = useState('');
  const resolve = useResolveRegradeRequest(assignmentId);
  const n = Number(points);
  const pointsOk = outcome !== 'accepted' || (points.trim() !== '' && n >= 0 && n <= r.points_possible);
  const ready = reply.trim() !== '' && pointsOk && !resolve.isPending;
  return (
    <form
      className="rq-resolve"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready) return;
        resolve.mutate({ requestId: r.request_id, outcome, reply: reply.trim(), ...(outcome === 'accepted' ? { points: n } : {}) });
      }}
    >
      <fieldset className="rq-outcomes">
        <legend className="field-label">Outcome</legend>
        {OUTCOMES.map((o) => (
          <label key={o.value}>
            <input type="radio" name={`${id}-outcome`} value={o.value} checked={outcome === o.value} onChange={() => setOutcome(o.value)} />{' '}
            {o.label}
          </label>
        ))}
      </fieldset>
      {outcome === 'accepted' && (
        <label className="rq-points">
          New mark
          <input
            className="input"
            type="number"
            min={0}
            max={r.points_possible}
            step={0.25}
            value={points}
            onChange={(e) => setPoints(e.target.value)}
            aria-invalid={!pointsOk}
          />
          <span className="text-muted">/ {formatMark(r.points_possible)}</span>
        </label>
      )}
      <label htmlFor={`${id}-reply`} className="field-label">
        Reply to the student
      </label>
      <textarea
        id={`${id}-reply`}
        className="input rq-reply"
        rows={3}
        maxLength={REGRADE_LIMITS.replyMax}
        value={reply}
        onChange={(e) => setReply(e.target.value)}
      />
      {resolve.isError && (
        <p className="form-error" role="alert">
          {resolve.error.message}
        </p>
      )}
      <button type="submit" className="button button-primary button-sm" disabled={!ready}>
        {resolve.isPending ? 'Sending…' : 'Send reply'}
      </button>
    </form>
  );
}
