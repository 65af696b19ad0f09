import type { AssignmentStatus } from '@evergrade/contracts';

const tone: Record<AssignmentStatus, string> = {
  Incomplete: 'neutral',
  'In Progress': 'info',
  Submitted: 'accent',
  Graded: 'success',
};

/** An assignment's status as a coloured badge (the student's cards and the instructor's rows). */
export function StatusBadge({ status }: { status: AssignmentStatus }) {
  return <span className={`badge badge-${tone[status]}`} data-testid="status-badge">{status}</span>;
}
