import { byText, defineReport, median, timeOf, within } from './report';
import { assignmentTitle, courseCode } from './school';

const HOUR = 3_600_000;

type Submission = { hoursBeforeDue: number; method: string };
type State = { seen: Set<string>; byAssignment: Map<number, Submission[]> };

/** Pure: which band a submission falls in, by hours before (positive) or after (negative) the due time. */
export function timingBand(
  hoursBeforeDue: number,
): 'early_24h_plus' | 'early_1_to_24h' | 'early_under_1h' | 'late_under_1h' | 'late_1_to_24h' | 'late_24h_plus' {
  if (hoursBeforeDue >= 24) return 'early_24h_plus';
  if (hoursBeforeDue >= 1) return 'early_1_to_24h';
  if (hoursBeforeDue >= 0) return 'early_under_1h';
  if (hoursBeforeDue > -1) return 'late_under_1h';
  if (hoursBeforeDue > -24) return 'late_1_to_24h';
  return 'late_24h_plus';
}

/**
 * Submission timing against due dates: each student's first submission of an assignment made in the window, against
 * the assignment's due time: on time or late, in bands, the median lead, and how many the time limit submitted.
 */
export const submissionTiming = defineReport<State>({
  id: 'submission-timing',
  title: 'Submission timing against due dates',
  description:
    "Per assignment: students' first submissions in the window against the due time: on time or late, in bands (more than a day early down to more than a day late), the median hours before the due time (negative: late) and how many the time limit submitted.",
  columns: [
    { key: 'assignment', label: 'Assignment', type: 'string' },
    { key: 'course', label: 'Course', type: 'string' },
    { key: 'due', label: 'Due', type: 'datetime' },
    { key: 'submitted', label: 'Submitted', type: 'integer' },
    { key: 'on_time', label: 'On time', type: 'integer' },
    { key: 'late', label: 'Late', type: 'integer' },
    { key: 'early_24h_plus', label: '> 24 h early', type: 'integer' },
    { key: 'early_1_to_24h', label: '1-24 h early', type: 'integer' },
    { key: 'early_under_1h', label: '< 1 h early', type: 'integer' },
    { key: 'late_under_1h', label: '< 1 h late', type: 'integer' },
    { key: 'late_1_to_24h', label: '1-24 h late', type: 'integer' },
    { key: 'late_24h_plus', label: '> 24 h late', type: 'integer' },
    { key: 'median_hours_before_due', label: 'Median hours before due', type: 'number' },
    { key: 'by_time_limit', label: 'Submitted by the time limit', type: 'integer' },
  ],
  chart: { kind: 'bar', x: 'assignment', y: ['on_time', 'late'] },
  init: () => ({ seen: new Set(), byAssignment: new Map() }),
  evolve(state, event, { school, window }) {
    if (event.type !== 'AssignmentSubmitted') return;
    const d = event.data as { assignmentId: number; studentId: number; submittedAt: string; submissionMethod?: string };
    const key = `${d.assignmentId}:${d.studentId}`;
    if (state.seen.has(key)) return;
    state.seen.add(key);
    const at = timeOf(d.submittedAt);
    const due = timeOf(school.assignments.get(d.assignmentId)?.due);
    if (Number.isNaN(at) || Number.isNaN(due) || !within(at, window)) return;
    const list = state.byAssignment.get(d.assignmentId) ?? [];
    list.push({ hoursBeforeDue: (due - at) / HOUR, method: d.submissionMethod ?? 'manual' });
    state.byAssignment.set(d.assignmentId, list);
  },
  rows(state, { school }) {
    return [...state.byAssignment.entries()]
      .map(([id, subs]) => {
        const bands = { early_24h_plus: 0, early_1_to_24h: 0, early_under_1h: 0, late_under_1h: 0, late_1_to_24h: 0, late_24h_plus: 0 };
        for (const s of subs) bands[timingBand(s.hoursBeforeDue)] += 1;
        const late = subs.filter((s) => s.hoursBeforeDue < 0).length;
        return {
          assignment: assignmentTitle(school, id),
          course: courseCode(school, id),
          due: new Date(Date.parse(school.assignments.get(id)!.due)).toISOString(),
          submitted: subs.length,
          on_time: subs.length - late,
          late,
          ...bands,
          median_hours_before_due: median(subs.map((s) => s.hoursBeforeDue)),
          by_time_limit: subs.filter((s) => s.method !== 'manual').length,
        };
      })
      .sort((x, y) => byText(x.due, y.due) || byText(x.assignment, y.assignment));
  },
});
