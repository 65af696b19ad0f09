import type { StudentAssignment, StudentAssignments } from '@evergrade/contracts';
import { dueMatches, type Filters } from '../../../lib/assignment-filters';

export { hasFilters, NO_FILTERS, subjectTone, type DueFilter, type Filters } from '../../../lib/assignment-filters';

export type TabId = 'Upcoming' | 'Past' | 'Practice';
export const TABS: TabId[] = ['Upcoming', 'Past', 'Practice'];

const time = (iso: string) => new Date(iso).getTime();

/** Upcoming: due at or after now; Past: due before now. Both sorted by due date, latest first. */
export function splitAssignments(record: StudentAssignments, now: Date): { upcoming: StudentAssignment[]; past: StudentAssignment[] } {
  const all = Object.values(record).sort((a, b) => time(b.due) - time(a.due) || b.assignment_id - a.assignment_id);
  const t = now.getTime();
  return { upcoming: all.filter((a) => time(a.due) >= t), past: all.filter((a) => time(a.due) < t) };
}

/** Subject matches the course; statuses match exactly; due windows are mutually exclusive. */
export function filterAssignments(list: StudentAssignment[], f: Filters, now: Date): StudentAssignment[] {
  return list.filter(
    (a) =>
      (f.subject === null || a.course === f.subject) &&
      (f.statuses.length === 0 || f.statuses.includes(a.status)) &&
      dueMatches(a.due, f.due, now),
  );
}

export const subjectsOf = (record: StudentAssignments) => [...new Set(Object.values(record).map((a) => a.course))].sort();
