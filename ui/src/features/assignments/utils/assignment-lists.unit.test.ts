import { describe, expect, it } from 'vitest';
import type { StudentAssignment } from '@evergrade/contracts';
import { filterAssignments, NO_FILTERS, splitAssignments, subjectTone } from './assignment-lists';

const now = new Date('2026-03-10T12:00:00Z');
const a = (id: number, due: string, extra: Partial<StudentAssignment> = {}): StudentAssignment => ({
  assignment_id: id,
  title: `A${id}`,
  course: 'Mathematics',
  course_code: 'MATH',
  assigned: '2026-01-01T00:00:00Z',
  due,
  due_date: due,
  status: 'Incomplete',
  marks_total: 10,
  marks_obtained: null,
  time_limit: null,
  timed: false,
  question_count: 3,
  ...extra,
});

describe('splitAssignments', () => {
  const record = {
    1: a(1, '2026-03-11T00:00:00Z'),
    2: a(2, '2026-03-20T00:00:00Z'),
    3: a(3, '2026-03-01T00:00:00Z'),
    4: a(4, '2026-02-01T00:00:00Z'),
    5: a(5, now.toISOString()),
  };

  it('puts due at or after now in Upcoming and the rest in Past, latest due first', () => {
    const { upcoming, past } = splitAssignments(record, now);
    expect(upcoming.map((x) => x.assignment_id)).toEqual([2, 1, 5]);
    expect(past.map((x) => x.assignment_id)).toEqual([3, 4]);
  });

  it('handles an empty record', () => {
    expect(splitAssignments({}, now)).toEqual({ upcoming: [], past: [] });
  });
});

describe('filterAssignments', () => {
  const list = [
    a(1, '2026-03-10T18:00:00Z', { status: 'In Progress' }),
    a(2, '2026-03-15T00:00:00Z', { course: 'History', status: 'Graded' }),
    a(3, '2026-04-05T00:00:00Z', { status: 'Submitted' }),
  ];
  const ids = (f: Parameters<typeof filterAssignments>[1]) => filterAssignments(list, f, now).map((x) => x.assignment_id);

  it('matches subject by course and statuses exactly', () => {
    expect(ids({ ...NO_FILTERS, subject: 'History' })).toEqual([2]);
    expect(ids({ ...NO_FILTERS, statuses: ['In Progress', 'Submitted'] })).toEqual([1, 3]);
  });

  it('due windows: Today, next 7 days, next 31 days', () => {
    expect(ids({ ...NO_FILTERS, due: 'week' })).toEqual([1, 2]);
    expect(ids({ ...NO_FILTERS, due: 'month' })).toEqual([1, 2, 3]);
  });

  it('colours the five named subjects and greys the rest', () => {
    expect(subjectTone('Mathematics 9')).toBe('mathematics');
    expect(subjectTone('Art')).toBe('other');
  });
});
