import { QueryBoundary } from '../query-boundary';
import { useInstructorChain, useResponseChain } from '../../api/get-response-chain';
import { HistoryTimeline } from './history-timeline';
import './grade-history.css';

type Props = {
  responseId: number;
  /** 'instructor' (default): POST /grader/response-history, for an instructor who teaches the course. 'admin': the audit route. */
  scope?: 'instructor' | 'admin';
  /** Admin page only: open the grade book as it stood just before a change. */
  onBookBefore?: (asOf: string, assignmentId: number) => void;
};

/**
 * A response's grade history: every value, who or what set it (instructor, AI model, offline grader), when, the
 * previous value, regrade instructions or the edit's reason, flags raised and resolved. For the graded submission
 * view (instructor) and the admin's audit page.
 */
export function GradeHistory({ responseId, scope = 'instructor', onBookBefore }: Props) {
  return scope === 'admin' ? (
    <AdminHistory responseId={responseId} onBookBefore={onBookBefore} />
  ) : (
    <InstructorHistory responseId={responseId} />
  );
}

function InstructorHistory({ responseId }: { responseId: number }) {
  const chain = useInstructorChain(responseId);
  return (
    <QueryBoundary query={chain} label="the grade history">
      {(entries) => <HistoryTimeline entries={entries} />}
    </QueryBoundary>
  );
}

function AdminHistory({
  responseId,
  onBookBefore,
}: {
  responseId: number;
  onBookBefore?: ((asOf: string, assignmentId: number) => void) | undefined;
}) {
  const chain = useResponseChain(responseId);
  return (
    <QueryBoundary query={chain} label="the grade history">
      {(c) => (
        <div className="audit-chain">
          <p className="audit-chain-who">
            <span className="strong">{c.student_name}</span> · {c.assignment_title} · Question {c.question_number}
            <span className="text-muted"> · response {c.response_id}</span>
          </p>
          <HistoryTimeline entries={c.entries} onBookBefore={onBookBefore && ((asOf) => onBookBefore(asOf, c.assignment_id))} />
        </div>
      )}
    </QueryBoundary>
  );
}
