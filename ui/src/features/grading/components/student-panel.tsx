import { useId, useState } from 'react';
import type { CourseStudent } from '@evergrade/contracts';
import { SearchIcon } from '../../../components/icons';
import { normaliseName } from '../utils/auto-match';
import type { UploadItem } from '../utils/upload-items';

type Props = {
  item: UploadItem;
  students: readonly CourseStudent[];
  /** Students who already have a submission on this assignment (addNew mode). */
  submittedIds: readonly number[];
  error: string | null;
  /** False when the student could not be assigned (the panel then stays open with the error). */
  onAssign: (studentId: number) => boolean;
  onClear: () => void;
};

/**
 * The student assignment panel: search and pick the file's student. It collapses to one line once
 * a student is assigned (Change opens it again) and stays open while none is.
 */
export function StudentPanel({ item, students, submittedIds, error, onAssign, onClear }: Props) {
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const assigned = students.find((s) => s.student_id === item.mappedStudent) ?? null;
  const locked = item.loading || item.uploadPhase === 'complete';

  if (assigned && !expanded) {
    return (
      <section className="gr-student-panel gr-collapsed" aria-label="Student assignment" data-testid="student-panel" data-collapsed="true">
        <p>
          Assigned to <strong>{assigned.name}</strong>
        </p>
        {!locked && (
          <button type="button" className="button button-ghost button-sm" onClick={() => setExpanded(true)}>
            Change
          </button>
        )}
      </section>
    );
  }
  const q = normaliseName(query);
  const shown = students.filter((s) => q === '' || normaliseName(s.name).includes(q) || String(s.student_id) === q);
  return (
    <section className="gr-student-panel" aria-label="Student assignment" data-testid="student-panel" data-collapsed="false">
      <label htmlFor={`${id}-search`} className="field-label">
        Assign “{item.displayName}” to a student
      </label>
      <div className="search-field">
        <SearchIcon width={16} height={16} aria-hidden="true" />
        <input
          id={`${id}-search`}
          className="input"
          type="search"
          placeholder="Search students"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {error && (
        <p className="gr-panel-error" role="alert">
          {error}
        </p>
      )}
      <ul className="gr-student-options" aria-label="Course students">
        {shown.map((s) => (
          <li key={s.student_id}>
            <button
              type="button"
              className="gr-student-option"
              aria-pressed={s.student_id === item.mappedStudent}
              disabled={locked}
              onClick={() => {
                if (onAssign(s.student_id)) setExpanded(false);
              }}
            >
              <span>{s.name}</span>
              {submittedIds.includes(s.student_id) && <span className="text-muted gr-has-submission">already has a submission</span>}
            </button>
          </li>
        ))}
        {shown.length === 0 && <li className="text-muted">No student matches “{query}”.</li>}
      </ul>
      {assigned && !locked && (
        <button type="button" className="button button-ghost button-sm" onClick={onClear}>
          Unassign
        </button>
      )}
    </section>
  );
}
