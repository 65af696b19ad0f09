import type { AuditFiltersReply } from '@evergrade/contracts';
import type { AuditFilters } from '../../../api/audit-keys';
import { QueryBoundary } from '../../../components/query-boundary';
import { EmptyState } from '../../../components/empty-state';
import { useAuditSearch } from '../api/search-audit';
import { entryTitle, formatInstant, fromLocalInput, toLocalInput, valueChange } from '../../../lib/audit-format';
import { PAGE_SIZE } from '../hooks/use-audit-params';

type Props = {
  options: AuditFiltersReply;
  filters: AuditFilters;
  selected: number | undefined;
  onFilter: (changes: Record<string, string | number | undefined>) => void;
  onOpen: (responseId: number) => void;
};

/** Search the school's grade events by student, assignment and recorded date range; newest first, paginated. */
export function AuditEvents({ options, filters, selected, onFilter, onOpen }: Props) {
  const search = useAuditSearch(filters);
  const page = filters.page;
  return (
    <section className="card card-flush" aria-label="Grade events">
      <form className="audit-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter grade events">
        <label className="field">
          <span className="field-label">Student</span>
          <select
            className="input"
            value={filters.student_id ?? ''}
            onChange={(e) => onFilter({ student_id: e.target.value || undefined, page: undefined })}
          >
            <option value="">All students</option>
            {options.students.map((s) => (
              <option key={s.student_id} value={s.student_id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Assignment</span>
          <select
            className="input"
            value={filters.assignment_id ?? ''}
            onChange={(e) => onFilter({ assignment_id: e.target.value || undefined, page: undefined })}
          >
            <option value="">All assignments</option>
            {options.assignments.map((a) => (
              <option key={a.assignment_id} value={a.assignment_id}>
                {a.title}
                {a.course_code ? ` (${a.course_code})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">From</span>
          <input
            className="input"
            type="datetime-local"
            step={1}
            value={filters.from ? toLocalInput(filters.from) : ''}
            onChange={(e) => onFilter({ from: fromLocalInput(e.target.value) ?? undefined, page: undefined })}
          />
        </label>
        <label className="field">
          <span className="field-label">To</span>
          <input
            className="input"
            type="datetime-local"
            step={1}
            value={filters.to ? toLocalInput(filters.to) : ''}
            onChange={(e) => onFilter({ to: fromLocalInput(e.target.value, true) ?? undefined, page: undefined })}
          />
        </label>
      </form>
      <QueryBoundary query={search} label="grade events">
        {(result) =>
          result.entries.length === 0 ? (
            <EmptyState title="No grade events match">Grades appear here as soon as instructors grade, edit or regrade.</EmptyState>
          ) : (
            <>
              <div className="table-scroll">
                <table className="table table-compact audit-table" data-testid="audit-results">
                  <thead>
                    <tr>
                      <th>When</th>
                      <th>Student</th>
                      <th className="col-optional">Assignment</th>
                      <th>Q</th>
                      <th>What</th>
                      <th>Mark</th>
                      <th className="col-optional">Why</th>
                      <th>
                        <span className="visually-hidden">History</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.entries.map((e) => (
                      <tr
                        key={`${e.position}-${e.response_id}`}
                        aria-selected={selected === e.response_id}
                        className={selected === e.response_id ? 'is-selected' : undefined}
                      >
                        <td className="nowrap">
                          <time dateTime={e.at}>{formatInstant(e.at)}</time>
                        </td>
                        <td>{e.student_name}</td>
                        <td className="col-optional">{e.assignment_title}</td>
                        <td>{e.question_number}</td>
                        <td>{entryTitle(e)}</td>
                        <td className="nowrap">
                          {valueChange(e.previous_points, e.points) ?? '—'}
                          {e.points !== null && e.points_possible !== null ? (
                            <span className="text-muted"> / {e.points_possible}</span>
                          ) : null}
                        </td>
                        <td className="col-optional audit-why">{e.reason ?? ''}</td>
                        <td>
                          <button
                            type="button"
                            className="button button-ghost button-sm"
                            onClick={() => onOpen(e.response_id)}
                            aria-label={`History of ${e.student_name}'s question ${e.question_number}`}
                          >
                            History
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <nav className="audit-pager" aria-label="Pages">
                <span className="text-muted">
                  {result.total} event{result.total === 1 ? '' : 's'} · page {page} of {Math.max(1, Math.ceil(result.total / PAGE_SIZE))}
                </span>
                <button
                  type="button"
                  className="button button-secondary button-sm"
                  disabled={page <= 1}
                  onClick={() => onFilter({ page: page - 1 })}
                >
                  Newer
                </button>
                <button
                  type="button"
                  className="button button-secondary button-sm"
                  disabled={page * PAGE_SIZE >= result.total}
                  onClick={() => onFilter({ page: page + 1 })}
                >
                  Older
                </button>
              </nav>
            </>
          )
        }
      </QueryBoundary>
    </section>
  );
}
