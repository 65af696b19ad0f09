import { useId } from 'react';
import type { StudentGradeRecord } from '@evergrade/contracts';
import { SearchIcon } from '../../../../components/icons';
import {
  hasFilters,
  monthKey,
  monthOptions,
  NO_FILTERS,
  studentOptions,
  type AnalyticsFilters,
  type CourseAssignment,
} from '../../utils/analytics-filters';

type Props = {
  assignments: readonly CourseAssignment[];
  records: readonly StudentGradeRecord[];
  value: AnalyticsFilters;
  onChange: (f: AnalyticsFilters) => void;
};

const num = (v: string) => (v === '' ? null : Number(v));

/** The course page's global filters: month, assignment, and student with a search box. */
export function FiltersBar({ assignments, records, value, onChange }: Props) {
  const id = useId();
  const months = monthOptions(assignments);
  // The assignment select offers the chosen month's assignments only, so the two never contradict each other.
  const inMonth = assignments.filter((a) => !value.month || monthKey(a.due_date) === value.month);
  const students = studentOptions(records, value);

  const setMonth = (month: string) => {
    const keep =
      value.assignmentId != null && assignments.some((a) => a.assignment_id === value.assignmentId && monthKey(a.due_date) === month);
    onChange({ ...value, month, assignmentId: !month || keep ? value.assignmentId : null });
  };

  return (
    <section className="card analytics-filters" aria-label="Filters">
      <label className="field" htmlFor={`${id}-month`}>
        <span className="field-label">Month</span>
        <select id={`${id}-month`} className="input" value={value.month} onChange={(e) => setMonth(e.target.value)}>
          <option value="">All months</option>
          {months.map((m) => (
            <option key={m.value} value={m.value}>
              {m.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field" htmlFor={`${id}-assignment`}>
        <span className="field-label">Assignment</span>
        <select
          id={`${id}-assignment`}
          className="input"
          value={value.assignmentId ?? ''}
          onChange={(e) => onChange({ ...value, assignmentId: num(e.target.value) })}
        >
          <option value="">All assignments</option>
          {inMonth.map((a) => (
            <option key={a.assignment_id} value={a.assignment_id}>
              {a.title}
            </option>
          ))}
        </select>
      </label>
      <div className="field analytics-student-filter" role="group" aria-labelledby={`${id}-student-label`}>
        <span className="field-label" id={`${id}-student-label`}>
          Student
        </span>
        <div className="search-field">
          <SearchIcon width={16} height={16} aria-hidden="true" />
          <input
            type="search"
            className="input"
            placeholder="Search students"
            aria-label="Search students"
            value={value.search}
            onChange={(e) => onChange({ ...value, search: e.target.value })}
          />
        </div>
        <select
          className="input"
          aria-label="Student"
          value={value.studentId ?? ''}
          onChange={(e) => onChange({ ...value, studentId: num(e.target.value) })}
        >
          <option value="">All students{value.search.trim() ? ' (matching the search)' : ''}</option>
          {students.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {hasFilters(value) && (
        <button type="button" className="button button-secondary button-sm analytics-clear" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </button>
      )}
    </section>
  );
}
