import type { AuditFiltersReply, GradeBook, GradeBookCell } from '@evergrade/contracts';
import { FlagIcon } from '../../../components/icons';
import { QueryBoundary } from '../../../components/query-boundary';
import { EmptyState } from '../../../components/empty-state';
import { gradeHistoryCsvUrl, useGradeBook } from '../api/get-grade-book';
import { formatInstant, formatPoints, fromLocalInput, toLocalInput } from '../../../lib/audit-format';

type Props = {
  options: AuditFiltersReply;
  assignmentId: number | undefined;
  asOf: string | undefined;
  onChange: (changes: Record<string, string | number | undefined>) => void;
  onOpen: (responseId: number) => void;
};

/** An assignment's grade book exactly as it stood at a chosen instant (folded from the log), and its CSV history. */
export function GradeBookAsOf({ options, assignmentId, asOf, onChange, onOpen }: Props) {
  const book = useGradeBook(assignmentId ?? null, asOf ?? null);
  return (
    <section className="card card-flush" aria-label="Grade book as of">
      <form className="audit-filters" onSubmit={(e) => e.preventDefault()} aria-label="Choose the grade book">
        <label className="field">
          <span className="field-label">Assignment</span>
          <select className="input" value={assignmentId ?? ''} onChange={(e) => onChange({ assignment_id: e.target.value || undefined })}>
            <option value="">Choose an assignment</option>
            {options.assignments.map((a) => (
              <option key={a.assignment_id} value={a.assignment_id}>
                {a.title}
                {a.course_code ? ` (${a.course_code})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">As of</span>
          <input
            className="input"
            type="datetime-local"
            step={1}
            aria-label="As of"
            value={asOf ? toLocalInput(asOf) : ''}
            onChange={(e) => onChange({ as_of: fromLocalInput(e.target.value, true) ?? undefined })}
          />
        </label>
        <div className="audit-filter-actions">
          <button type="button" className="button button-secondary" onClick={() => onChange({ as_of: new Date().toISOString() })}>
            Now
          </button>
          {assignmentId !== undefined && (
            <a className="button button-secondary" href={gradeHistoryCsvUrl(assignmentId)} download data-testid="csv-export">
              Export history (CSV)
            </a>
          )}
        </div>
      </form>
      {assignmentId === undefined || asOf === undefined ? (
        <EmptyState title="Choose an assignment and an instant">
          The grade book is rebuilt from every grading event recorded up to that instant.
        </EmptyState>
      ) : (
        <QueryBoundary query={book} label="the grade book">
          {(b) => <BookTable book={b} onOpen={onOpen} />}
        </QueryBoundary>
      )}
    </section>
  );
}

function BookTable({ book, onOpen }: { book: GradeBook; onOpen: (responseId: number) => void }) {
  const caption = `${book.assignment_title} as of ${formatInstant(book.as_of)}`;
  if (book.students.length === 0) {
    return (
      <EmptyState title="Nothing was recorded yet">{`No response of ${book.assignment_title} had been recorded by ${formatInstant(book.as_of)}.`}</EmptyState>
    );
  }
  return (
    <div className="table-scroll">
      <table className="table table-compact audit-book" data-testid="grade-book">
        <caption className="audit-book-caption">
          {caption}{' '}
          <span className="text-muted">
            · {book.events} grading event{book.events === 1 ? '' : 's'} folded
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            {book.questions.map((q) => (
              <th key={q.question_id} scope="col" className="num">
                Q{q.question_number} <span className="text-muted">/ {formatPoints(q.points_possible)}</span>
              </th>
            ))}
            <th scope="col" className="num">
              Total
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {book.students.map((s) => (
            <tr key={s.student_id} data-testid={`book-row-${s.student_id}`}>
              <th scope="row">{s.student_name}</th>
              {s.cells.map((c, i) => (
                <td key={c.question_id} className="num">
                  <Cell cell={c} label={`${s.student_name}, question ${book.questions[i]?.question_number ?? ''}`} onOpen={onOpen} />
                </td>
              ))}
              <td className="num strong" data-testid="book-total">
                {formatPoints(s.obtained)} / {formatPoints(s.possible)}
              </td>
              <td>
                {s.graded ? <span className="badge badge-success">Graded</span> : <span className="badge badge-neutral">Not graded</span>}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Totals</th>
            <td colSpan={book.questions.length} className="text-muted">
              {book.totals.graded_students} of {book.students.length} fully graded
            </td>
            <td className="num strong">
              {formatPoints(book.totals.obtained)} / {formatPoints(book.totals.possible)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Cell({ cell, label, onOpen }: { cell: GradeBookCell; label: string; onOpen: (responseId: number) => void }) {
  if (cell.response_id === null)
    return (
      <span className="text-muted" title="No response recorded">
        —
      </span>
    );
  const flagged = cell.flagged_for_review !== '' && !cell.flag_resolved;
  const by = cell.graded_by === 'instructor' ? 'set by an instructor' : cell.graded_by ? `graded by ${cell.graded_by}` : 'not graded';
  return (
    <button
      type="button"
      className={`audit-cell${cell.graded ? '' : ' is-ungraded'}`}
      onClick={() => onOpen(cell.response_id!)}
      aria-label={`${label}: ${formatPoints(cell.points)}${cell.graded ? '' : ' (not graded)'}${flagged ? ', flagged' : ''}. Show its history`}
      title={`${by}${flagged ? ` · flagged: ${cell.flagged_for_review}` : ''}`}
      data-testid="book-cell"
    >
      {formatPoints(cell.points)}
      {flagged && <FlagIcon width={12} height={12} aria-hidden="true" className="audit-flag" />}
      {!cell.graded && <span className="audit-cell-note">not graded</span>}
    </button>
  );
}
