import type { AssignmentStatus } from '@evergrade/contracts';
import { gradeTone } from './grade-badge';

const tone: Record<AssignmentStatus, string> = {
  Incomplete: 'neutral',
  'In Progress': 'info',
  Submitted: 'accent',
  Graded: 'success',
};

type Props = {
  status: AssignmentStatus;
  /** The marks of graded work: Graded then takes their tone, so 0 marks is never a green success. */
  marks?: { obtained: number | null; possible: number };
};

/** An assignment's status as a coloured badge (the student's cards and the instructor's rows). */
export function StatusBadge({ status, marks }: Props) {
  const graded = status === 'Graded' && marks && marks.obtained != null ? gradeTone(marks.obtained, marks.possible) : null;
  return (
    <span className={`badge badge-${graded ?? tone[status]}`} data-testid="status-badge">
      {status}
    </span>
  );
}
