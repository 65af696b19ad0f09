import type { AssignmentStatus, StudentAssignment, StudentAssignments } from '@evergrade/contracts';

export type TabId = 'Upcoming' | 'Past' | 'Practice';
export const TABS: TabId[] = ['Upcoming', 'Past', 'Practice'];

export type DueFilter = 'today' | 'week' | 'month' | null;
export type Filters = { subject: string | null; statuses: AssignmentStatus[]; due: DueFilter };
export const NO_FILTERS: Filters = { subject: null, statuses: [], due: null };

const time = (iso: string) => new Date(iso).getTime();
const DAY_MS = 86_400_000;

/** Upcoming: due at or after now; Past: due before now. Both sorted by due date, latest first. */
export function splitAssignments(record: StudentAssignments, now: Date): { upcoming: StudentAssignment[]; past: StudentAssignment[] } {
  const all = Object.values(record).sort((a, b) => time(b.due) - time(a.due) || b.assignment_id - a.assignment_id);
  const t = now.getTime();
  return { upcoming: all.filter((a) => time(a.due) >= t), past: all.filter((a) => time(a.due) < t) };
}

export const hasFilters = (f: Filters) => f.subject !== null || f.statuses.length > 0 || f.due !== null;

function dueMatches(dueIso: string, due: DueFilter, now: Date): boolean {
  if (!due) return true;
  const d = new Date(dueIso);
  if (due === 'today') return d.toDateString() === now.toDateString();
  const diff = d.getTime() - now.getTime();
  return diff >= 0 && diff <= (due === 'week' ? 7 : 31) * DAY_MS;
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

const SUBJECT_COLOURS = ['physics', 'history', 'english', 'science', 'mathematics'] as const;

/** Physics, History, English, Science and Mathematics have a colour; other subjects are grey. */
export function subjectTone(course: string): string {
  const c = course.toLowerCase();
  if (c.includes('math')) return 'mathematics';
  return SUBJECT_COLOURS.find((s) => c.includes(s)) ?? 'other';
}
