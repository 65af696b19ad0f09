import type { AssignmentStatus, InstructorAssignment } from '@evergrade/contracts';
import { dueMatches, type Filters } from '../../../lib/assignment-filters';

export {
  dueMatches,
  filterCount,
  hasFilters,
  NO_FILTERS,
  subjectTone,
  type DueFilter,
  type Filters,
} from '../../../lib/assignment-filters';

export type TabId = 'Upcoming' | 'Past';
export const TABS: TabId[] = ['Upcoming', 'Past'];

const time = (iso: string) => new Date(iso).getTime();

/**
 * Spec document 2 section 4: with submissions, 'Graded' once an average exists, else 'Submitted';
 * without, 'In Progress' before the due date, 'Incomplete' after it.
 */
export function deriveStatus(a: Pick<InstructorAssignment, 'submissions' | 'average' | 'due_date'>, now: Date): AssignmentStatus {
  if (a.submissions > 0) return a.average != null ? 'Graded' : 'Submitted';
  return now.getTime() < time(a.due_date) ? 'In Progress' : 'Incomplete';
}

/** The row's course label: the spec's default is 'N/A'. */
export const courseLabel = (a: Pick<InstructorAssignment, 'course' | 'course_name'>) => a.course || a.course_name || 'N/A';

/** Latest due first; equal due dates keep the newest assignment first. */
export const byDueLatestFirst = (a: InstructorAssignment, b: InstructorAssignment) =>
  time(b.due_date) - time(a.due_date) || b.assignment_id - a.assignment_id;

/** Upcoming: due at or after now; Past: due before now. Both sorted by due date, latest first. */
export function splitAssignments(list: readonly InstructorAssignment[], now: Date): Record<TabId, InstructorAssignment[]> {
  const all = [...list].sort(byDueLatestFirst);
  const t = now.getTime();
  return { Upcoming: all.filter((a) => time(a.due_date) >= t), Past: all.filter((a) => time(a.due_date) < t) };
}

/** Subject matches the course; each status matches exactly; one due window at most. */
export function filterAssignments(list: readonly InstructorAssignment[], f: Filters, now: Date): InstructorAssignment[] {
  return list.filter(
    (a) =>
      (f.subject === null || courseLabel(a) === f.subject) &&
      (f.statuses.length === 0 || f.statuses.includes(deriveStatus(a, now))) &&
      dueMatches(a.due_date, f.due, now),
  );
}

export const subjectsOf = (list: readonly InstructorAssignment[]) => [...new Set(list.map(courseLabel))].sort((a, b) => a.localeCompare(b));

/** Spec: the average is shown with two decimals; none yet is a dash. */
export const formatAverage = (average: number | null) => (average == null ? '—' : average.toFixed(2));
