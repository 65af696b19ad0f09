import { ASSIGNMENT_STATUSES, MESSAGES, type AssignmentStatus } from '@evergrade/contracts';
import { filterCount, hasFilters, NO_FILTERS, type DueFilter, type Filters } from '../lib/assignment-filters';
import { EmptyState } from './empty-state';
import { FilterIcon } from './icons';
import { Menu } from './menu';

const DUE_OPTIONS: { value: DueFilter; label: string }[] = [
  { value: null, label: 'Any time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
];

type Props = {
  subjects: string[];
  value: Filters;
  onChange: (f: Filters) => void;
  /** The name of the due-date radio group (unique on the page). */
  dueName: string;
};

/** The assignment lists' Filters menu: subject (the course), status (multi-select) and one due-date window. */
export function FilterMenu({ subjects, value, onChange, dueName }: Props) {
  const count = filterCount(value);
  const toggleStatus = (s: AssignmentStatus) =>
    onChange({ ...value, statuses: value.statuses.includes(s) ? value.statuses.filter((x) => x !== s) : [...value.statuses, s] });

  return (
    <Menu
      label="Filters"
      className="menu-right filter-menu"
      trigger={
        <span className="button button-secondary button-sm">
          <FilterIcon width={16} height={16} /> Filters{count > 0 && <span className="count-pill">{count}</span>}
        </span>
      }
    >
      {() => (
        <div className="menu-panel filter-panel">
          <label className="field">
            <span className="field-label">Subject</span>
            <select className="input" value={value.subject ?? ''} onChange={(e) => onChange({ ...value, subject: e.target.value || null })}>
              <option value="">All subjects</option>
              {subjects.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="fieldset">
            <legend className="field-label">Status</legend>
            {ASSIGNMENT_STATUSES.map((s) => (
              <label key={s} className="check">
                <input type="checkbox" checked={value.statuses.includes(s)} onChange={() => toggleStatus(s)} /> {s}
              </label>
            ))}
          </fieldset>
          <fieldset className="fieldset">
            <legend className="field-label">Due date</legend>
            {DUE_OPTIONS.map((o) => (
              <label key={o.label} className="check">
                <input type="radio" name={dueName} checked={value.due === o.value} onChange={() => onChange({ ...value, due: o.value })} />{' '}
                {o.label}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="button button-ghost button-sm"
            disabled={!hasFilters(value)}
            onClick={() => onChange(NO_FILTERS)}
          >
            Clear filters
          </button>
        </div>
      )}
    </Menu>
  );
}

/** A list that the filters leave empty: says so, with a button that clears them. */
export function NoFilterMatches({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState title={MESSAGES.noMatches}>
      <button type="button" className="button button-secondary" onClick={onClear}>
        Clear filters
      </button>
    </EmptyState>
  );
}
