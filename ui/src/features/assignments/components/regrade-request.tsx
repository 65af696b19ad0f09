import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { REGRADE_LIMITS, type AssignmentQuestion, type RegradeRequest as Request } from '@evergrade/contracts';
import { useOwnRegradeRequests, useRequestRegrade } from '../../../api/regrade-requests';
import { Modal } from '../../../components/dialog';
import { formatDateTime, formatMark } from '../../../lib/format';
import './regrade-request.css';

const STATUS_TEXT: Record<Request['status'], string> = {
  open: 'Regrade requested: waiting for your teacher',
  accepted: 'Regrade accepted',
  rejected: 'Regrade not accepted',
  answered: 'Your teacher answered',
};

/** The request that matters for a question: the open one, else the newest. */
export const currentRequest = (requests: readonly Request[], questionId: number): Request | undefined => {
  const mine = requests.filter((r) => r.question_id === questionId);
  return mine.find((r) => r.status === 'open') ?? [...mine].sort((a, b) => b.requested_at.localeCompare(a.requested_at))[0];
};

/** On a graded question: ask for a regrade with a reason, then see the request's status and the teacher's reply. */
export function RegradeRequestSection({ assignmentId, question }: { assignmentId: number; question: AssignmentQuestion }) {
  const query = useOwnRegradeRequests(assignmentId);
  const [asking, setAsking] = useState(false);
  const location = useLocation();
  const request = query.data ? currentRequest(query.data.requests, question.question_id) : undefined;
  const anchor = `question-${question.question_id}`;

  // A notification links here (#question-{id}): bring the question into view once its request is shown.
  useEffect(() => {
    if (query.isSuccess && location.hash === `#${anchor}`) document.getElementById(anchor)?.scrollIntoView({ block: 'start' });
  }, [query.isSuccess, location.hash, anchor]);

  if (query.isPending) return null;
  if (query.isError)
    return (
      <p className="regrade-note text-muted" role="status">
        Regrade requests could not be loaded.{' '}
        <button type="button" className="button button-ghost button-sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </p>
    );
  const open = request?.status === 'open';
  const windowDays = query.data.window_days;
  return (
    <section className="regrade-request" aria-label={`Regrade request for question ${question.question_number}`}>
      {request && <RequestStatus request={request} />}
      {!open && windowDays > 0 && (
        <button
          type="button"
          className="button button-secondary button-sm"
          onClick={() => setAsking(true)}
          data-testid={`request-regrade-${question.question_id}`}
        >
          {request ? 'Ask for another regrade' : 'Request a regrade'}
        </button>
      )}
      {asking && <RequestDialog assignmentId={assignmentId} question={question} windowDays={windowDays} onClose={() => setAsking(false)} />}
    </section>
  );
}

export function RequestStatus({ request: r }: { request: Request }) {
  return (
    <div className={`regrade-status regrade-${r.status}`} data-testid={`regrade-status-${r.question_id}`} role="status">
      <p className="regrade-status-title">{STATUS_TEXT[r.status]}</p>
      <p className="regrade-status-line">
        <span className="text-muted">You asked ({formatDateTime(r.requested_at)}):</span> {r.reason}
      </p>
      {r.reply !== null && (
        <p className="regrade-status-line">
          <span className="text-muted">Reply{r.resolved_at ? ` (${formatDateTime(r.resolved_at)})` : ''}:</span> {r.reply}
        </p>
      )}
      {r.status === 'accepted' && r.points_after !== null && (
        <p className="regrade-status-line">
          Your mark changed from {formatMark(r.points_before)} to {formatMark(r.points_after)} of {formatMark(r.points_possible)}.
        </p>
      )}
    </div>
  );
}

function RequestDialog({
  assignmentId,
  question,
  windowDays,
  onClose,
}: {
  assignmentId: number;
  question: AssignmentQuestion;
  windowDays: number;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const ask = useRequestRegrade(assignmentId);
  const submit = () => {
    if (!reason.trim()) return;
    ask.mutate({ questionId: question.question_id, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal
      role="dialog"
      title={`Request a regrade of question ${question.question_number}`}
      onEscape={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button button-primary" disabled={ask.isPending || !reason.trim()} onClick={submit}>
            {ask.isPending ? 'Sending…' : 'Send request'}
          </button>
        </>
      }
    >
      <label htmlFor={`${id}-reason`} className="field-label">
        Why should this question be regraded?
      </label>
      <textarea
        id={`${id}-reason`}
        className="input regrade-reason"
        rows={4}
        maxLength={REGRADE_LIMITS.reasonMax}
        data-autofocus
        placeholder="e.g. My answer gives the same value in other units."
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <p className="text-muted small">
        Your teacher sees your reason and replies here. Requests are open for {windowDays} day{windowDays === 1 ? '' : 's'} after the mark
        is given.
      </p>
      {ask.isError && (
        <p className="form-error" role="alert">
          {ask.error.message}
        </p>
      )}
    </Modal>
  );
}
