import type { StudentGradeRecord } from '@evergrade/contracts';

/** An assignment of the course as the course page knows it (GET /instructors/get-course-assignments). */
export type CourseAssignment = { assignment_id: number; title: string; due_date: string };

/**
 * The course page's global filters. Month and assignment choose the assignments every figure counts; the
 * student (and the search box beside it) choose the students shown. Class figures (class average, highest,
 * lowest, trend, difficulty) are always the whole class's.
 */
export type AnalyticsFilters = {
  /** 'YYYY-MM' of the due date, or '' for every month. */
  month: string;
  assignmentId: number | null;
  studentId: number | null;
  search: string;
};

export const NO_FILTERS: AnalyticsFilters = { month: '', assignmentId: null, studentId: null, search: '' };

const time = (iso: string) => {
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
};

/** Earliest due date first (ties by id, so the order is stable). */
export const byDueDate = <A extends CourseAssignment>(assignments: readonly A[]): A[] =>
  [...assignments].sort((a, b) => time(a.due_date) - time(b.due_date) || a.assignment_id - b.assignment_id);

/** The month of a due date in the viewer's time zone (the one the dates are shown in), 'YYYY-MM'. */
export function monthKey(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** The months that have a due date, in order, with their names ('November 2026'). */
export function monthOptions(assignments: readonly CourseAssignment[]): { value: string; label: string }[] {
  const keys = [...new Set(byDueDate(assignments).map((a) => monthKey(a.due_date)))].filter(Boolean);
  return keys.map((k) => {
    const [y, m] = k.split('-').map(Number);
    return { value: k, label: monthName.format(new Date(y!, m! - 1, 1)) };
  });
}

/** The assignments the month and assignment filters leave, by due date. */
export function assignmentsInScope<A extends CourseAssignment>(assignments: readonly A[], f: AnalyticsFilters): A[] {
  return byDueDate(assignments).filter(
    (a) => (!f.month || monthKey(a.due_date) === f.month) && (f.assignmentId == null || a.assignment_id === f.assignmentId),
  );
}

const matches = (name: string, search: string) => name.toLowerCase().includes(search.trim().toLowerCase());

/** The students the student filter and the search leave, by name. */
export function studentsInScope(records: readonly StudentGradeRecord[], f: AnalyticsFilters): StudentGradeRecord[] {
  return records
    .filter((r) => (f.studentId == null || r.student_id === f.studentId) && matches(r.name, f.search))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The student options the search leaves (the selected one stays listed, so the select never loses its value). */
export function studentOptions(records: readonly StudentGradeRecord[], f: AnalyticsFilters): { value: number; label: string }[] {
  return records
    .filter((r) => r.student_id === f.studentId || matches(r.name, f.search))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((r) => ({ value: r.student_id, label: r.name }));
}

export const hasFilters = (f: AnalyticsFilters) => Boolean(f.month || f.assignmentId != null || f.studentId != null || f.search.trim());
