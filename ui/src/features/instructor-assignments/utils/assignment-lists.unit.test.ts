import { describe, expect, it } from 'vitest';
import type { InstructorAssignment } from '@evergrade/contracts';
import { deriveStatus, dueMatches, filterAssignments, formatAverage, NO_FILTERS, splitAssignments, subjectsOf } from './assignment-lists';

const DAY = 86_400_000;
const now = new Date('2026-03-10T12:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

const row = (id: number, dueOffset: number, extra: Partial<InstructorAssignment> = {}): InstructorAssignment => ({
  assignment_id: id,
  title: `A${id}`,
  course: 'Mathematics',
  course_code: 'MATH10',
  course_name: 'Mathematics',
  subject: 'Mathematics',
  due_date: at(dueOffset),
  created_at: at(-30 * DAY),
  live_at: at(-30 * DAY),
  submissions: 0,
  average: null,
  question_count: 3,
  marks_total: 10,
  time_limit: null,
  student_submissions_allowed: true,
  creation_method: 'scratch',
  ...extra,
});

describe('deriveStatus', () => {
  it('is Graded with submissions and an average, Submitted without an average', () => {
    expect(deriveStatus(row(1, -DAY, { submissions: 2, average: 7.5 }), now)).toBe('Graded');
    expect(deriveStatus(row(1, DAY, { submissions: 2, average: 0 }), now)).toBe('Graded');
    expect(deriveStatus(row(1, -DAY, { submissions: 1 }), now)).toBe('Submitted');
  });
  it('without submissions is In Progress before the due date and Incomplete from it', () => {
    expect(deriveStatus(row(1, 1), now)).toBe('In Progress');
    expect(deriveStatus(row(1, 0), now)).toBe('Incomplete');
    expect(deriveStatus(row(1, -DAY), now)).toBe('Incomplete');
  });
});

describe('splitAssignments', () => {
  it('puts due at or after now in Upcoming and earlier in Past, latest due first', () => {
    const { Upcoming, Past } = splitAssignments([row(1, DAY), row(2, 0), row(3, 5 * DAY), row(4, -1), row(5, -9 * DAY)], now);
    expect(Upcoming.map((a) => a.assignment_id)).toEqual([3, 1, 2]);
    expect(Past.map((a) => a.assignment_id)).toEqual([4, 5]);
  });
  it('breaks ties on the due date by the newest assignment', () => {
    expect(splitAssignments([row(1, DAY), row(2, DAY)], now).Upcoming.map((a) => a.assignment_id)).toEqual([2, 1]);
  });
});

describe('filters', () => {
  it('due windows: today, the next 7 days, the next 31 days', () => {
    expect(dueMatches(at(2 * 3_600_000), 'today', now)).toBe(true);
    expect(dueMatches(at(DAY), 'today', now)).toBe(false);
    expect(dueMatches(at(7 * DAY), 'week', now)).toBe(true);
    expect(dueMatches(at(7 * DAY + 1), 'week', now)).toBe(false);
    expect(dueMatches(at(-1), 'week', now)).toBe(false);
    expect(dueMatches(at(31 * DAY), 'month', now)).toBe(true);
    expect(dueMatches(at(32 * DAY), 'month', now)).toBe(false);
    expect(dueMatches(at(-400 * DAY), null, now)).toBe(true);
  });
  it('matches each selected status exactly and the subject by course', () => {
    const list = [
      row(1, DAY),
      row(2, -DAY, { submissions: 3, average: 6 }),
      row(3, -DAY, { submissions: 3 }),
      row(4, -DAY, { course: 'Physics', course_code: 'PHYS10', course_name: 'Physics', subject: 'Physics' }),
    ];
    const ids = (f: Partial<typeof NO_FILTERS>) => filterAssignments(list, { ...NO_FILTERS, ...f }, now).map((a) => a.assignment_id);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ statuses: ['Graded'] })).toEqual([2]);
    expect(ids({ statuses: ['Graded', 'In Progress'] })).toEqual([1, 2]);
    expect(ids({ statuses: ['Incomplete'] })).toEqual([4]);
    expect(ids({ subject: 'Physics' })).toEqual([4]);
    expect(ids({ subject: 'Mathematics', due: 'week' })).toEqual([1]);
    expect(subjectsOf(list)).toEqual(['Mathematics', 'Physics']);
  });
});

it('shows the average with two decimals', () => {
  expect(formatAverage(7.5)).toBe('7.50');
  expect(formatAverage(8.333)).toBe('8.33');
  expect(formatAverage(null)).toBe('—');
});
