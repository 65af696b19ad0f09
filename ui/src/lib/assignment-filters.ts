import type { AssignmentStatus } from '@evergrade/contracts';

/**
 * The filters of the assignment lists (the student's and the instructor's): one subject, any of the
 * statuses, one due-date window. Each feature matches its own rows against them.
 */
export type DueFilter = 'today' | 'week' | 'month' | null;
export type Filters = { subject: string | null; statuses: AssignmentStatus[]; due: DueFilter };
export const NO_FILTERS: Filters = { subject: null, statuses: [], due: null };

const DAY_MS = 86_400_000;

export const hasFilters = (f: Filters) => f.subject !== null || f.statuses.length > 0 || f.due !== null;
/** How many filters are set (the pill on the Filters button). */
export const filterCount = (f: Filters) => (f.subject ? 1 : 0) + f.statuses.length + (f.due ? 1 : 0);

/** Today: the same calendar day; This Week: the next 7 days; This Month: the next 31 days. */
export function dueMatches(dueIso: string, due: DueFilter, now: Date): boolean {
  if (!due) return true;
  const d = new Date(dueIso);
  if (due === 'today') return d.toDateString() === now.toDateString();
  const diff = d.getTime() - now.getTime();
  return diff >= 0 && diff <= (due === 'week' ? 7 : 31) * DAY_MS;
}

const SUBJECT_TONES = ['physics', 'history', 'english', 'science', 'mathematics'] as const;

/**
 * The colour class of a subject (shared `.subject-*` styles): Physics, History, English, Science and
 * Mathematics have a colour; other subjects are grey.
 */
export function subjectTone(subject: string): string {
  const s = subject.toLowerCase();
  if (s.includes('math')) return 'mathematics';
  return SUBJECT_TONES.find((t) => s.includes(t)) ?? 'other';
}
