import { TIMER_MESSAGES, type StudentAssignment } from '@evergrade/contracts';
import { Modal } from '../../../components/dialog';
import { formatTotal } from '../../../lib/format';
import { formatClock } from '../utils/timer';

const allowed = (seconds: number) => {
  const m = Math.round(seconds / 60);
  return seconds % 60 === 0 ? `${m} minute${m === 1 ? '' : 's'}` : formatClock(seconds);
};

/** Before a timed assignment starts: what the student is about to begin (spec section 4). */
export function TimedStartModal({
  assignment: a,
  starting,
  onStart,
  onCancel,
}: {
  assignment: StudentAssignment;
  starting: boolean;
  onStart: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={`Start "${a.title}"?`}
      onEscape={onCancel}
      role="dialog"
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={starting}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={onStart} disabled={starting} data-autofocus>
            {starting ? 'Starting…' : 'Start'}
          </button>
        </>
      }
    >
      <dl className="timed-start-facts" data-testid="timed-start">
        <div>
          <dt>Time allowed</dt>
          <dd>{allowed(a.time_limit ?? 0)}</dd>
        </div>
        <div>
          <dt>Questions</dt>
          <dd>{a.question_count}</dd>
        </div>
        <div>
          <dt>Total marks</dt>
          <dd>{formatTotal(a.marks_total)}</dd>
        </div>
      </dl>
      <p className="timed-start-warning">
        <strong>{TIMER_MESSAGES.startsImmediately}</strong>
      </p>
    </Modal>
  );
}
