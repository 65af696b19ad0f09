import { describe, expect, it } from 'vitest';
import { reportWindow } from '@evergrade/contracts';
import { foldReport } from './engine';
import { createRedactor } from './redact';
import { belongsTo } from './replay';
import { evolveSchool, initialSchool } from './school';
import { recorded, schoolLog } from './testing';
import { sittings } from './time-on-task';
import { timingBand } from './submission-timing';

const MARCH = reportWindow('2026-03-01', '2026-03-31');
const log = recorded(schoolLog('north'));
const hidden = { namesAllowed: false };

describe('grade changes over time', () => {
  it('counts every mark set by day and by who set it, with the size of each change', () => {
    const { rows, columns } = foldReport('grade-changes', log, MARCH, hidden);
    expect(columns.map((c) => c.key)).toEqual(Object.keys(rows[0]!));
    expect(rows).toEqual([
      {
        day: '2026-03-11',
        source: 'automatic',
        grader_kind: 'offline',
        by: 'offline',
        changes: 4,
        first_marks: 4,
        raised: 0,
        lowered: 0,
        unchanged: 0,
        mean_change: null,
        mean_abs_change: null,
        max_abs_change: null,
      },
      {
        day: '2026-03-12',
        source: 'by hand',
        grader_kind: 'instructor',
        by: 'Instructor 1',
        changes: 2,
        first_marks: 0,
        raised: 2,
        lowered: 0,
        unchanged: 0,
        mean_change: 1.5,
        mean_abs_change: 1.5,
        max_abs_change: 2,
      },
      {
        day: '2026-03-13',
        source: 'by hand',
        grader_kind: 'instructor',
        by: 'Instructor 1',
        changes: 1,
        first_marks: 0,
        raised: 0,
        lowered: 1,
        unchanged: 0,
        mean_change: -1,
        mean_abs_change: 1,
        max_abs_change: 1,
      },
      {
        day: '2026-03-14',
        source: 'automatic',
        grader_kind: 'ai',
        by: 'gpt-test',
        changes: 1,
        first_marks: 0,
        raised: 1,
        lowered: 0,
        unchanged: 0,
        mean_change: 1,
        mean_abs_change: 1,
        max_abs_change: 1,
      },
    ]);
  });

  it('keeps to the window and names the instructor where names are allowed', () => {
    const { rows } = foldReport('grade-changes', log, reportWindow('2026-03-12', '2026-03-12'), { namesAllowed: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ by: 'Iris Teach', changes: 2 });
  });
});

describe('time on task', () => {
  it('sums the minutes of each sitting from saves, heartbeats, the session start and the submission', () => {
    const { rows } = foldReport('time-on-task', log, MARCH, hidden);
    expect(rows).toEqual([
      {
        assignment: 'Forces',
        course: 'PHY1',
        student: 'Student 1',
        minutes_on_task: 5,
        sittings: 2,
        saves: 3,
        heartbeats: 1,
        timed_minutes_reported: 2,
        first_activity: '2026-03-10T09:00:00.000Z',
        last_activity: '2026-03-10T09:31:00.000Z',
        submitted: true,
      },
      {
        assignment: 'Forces',
        course: 'PHY1',
        student: 'Student 2',
        minutes_on_task: 0,
        sittings: 2,
        saves: 1,
        heartbeats: 0,
        timed_minutes_reported: null,
        first_activity: '2026-03-10T13:00:00.000Z',
        last_activity: '2026-03-11T14:00:00.000Z',
        submitted: true,
      },
    ]);
  });

  it('cuts sittings at a pause of more than five minutes', () => {
    const min = 60_000;
    expect(sittings([0, 5 * min, 10 * min + 1, 11 * min])).toEqual({ minutes: 6, sittings: 2 });
    expect(sittings([])).toEqual({ minutes: 0, sittings: 0 });
  });
});

describe('grader vs instructor agreement', () => {
  it('pairs each automatic mark with the mark an instructor set after it, per question', () => {
    const { rows } = foldReport('grader-agreement', log, MARCH, hidden);
    expect(rows).toEqual([
      {
        assignment: 'Forces',
        question_number: 1,
        question: 'Forces · Q1',
        points_possible: 2,
        graders: 'gpt-test, offline',
        automatic_marks: 3,
        reviewed: 1,
        moved: 1,
        agreement_pct: 66.7,
        mean_move: 1,
        mean_abs_move: 1,
        max_abs_move: 1,
      },
      {
        assignment: 'Forces',
        question_number: 2,
        question: 'Forces · Q2',
        points_possible: 3,
        graders: 'offline',
        automatic_marks: 2,
        reviewed: 2,
        moved: 2,
        agreement_pct: 0,
        mean_move: 0.5,
        mean_abs_move: 1.5,
        max_abs_move: 2,
      },
    ]);
  });

  it('counts only automatic marks set in the window', () => {
    const { rows } = foldReport('grader-agreement', log, reportWindow('2026-03-12', '2026-03-31'), hidden);
    expect(rows).toEqual([
      expect.objectContaining({ question_number: 1, graders: 'gpt-test', automatic_marks: 1, reviewed: 0, agreement_pct: 100 }),
    ]);
  });
});

describe('submission timing', () => {
  it("sets each student's first submission against the due time", () => {
    const { rows, chart } = foldReport('submission-timing', log, MARCH, hidden);
    expect(chart).toEqual({ kind: 'bar', x: 'assignment', y: ['on_time', 'late'] });
    expect(rows).toEqual([
      {
        assignment: 'Forces',
        course: 'PHY1',
        due: '2026-03-10T12:00:00.000Z',
        submitted: 2,
        on_time: 1,
        late: 1,
        early_24h_plus: 0,
        early_1_to_24h: 1,
        early_under_1h: 0,
        late_under_1h: 0,
        late_1_to_24h: 0,
        late_24h_plus: 1,
        median_hours_before_due: -11.76,
        by_time_limit: 0,
      },
    ]);
  });

  it('bands hours before the due time', () => {
    expect([30, 5, 0, -0.5, -3, -48].map(timingBand)).toEqual([
      'early_24h_plus',
      'early_1_to_24h',
      'early_under_1h',
      'late_under_1h',
      'late_1_to_24h',
      'late_24h_plus',
    ]);
  });
});

describe('the school and its people', () => {
  it("belongs to a school by the metadata's tenant, else by the stream's; global streams belong to none", () => {
    expect(belongsTo({ metadata: { tenant: 'north' }, streamId: 'user:south:1' }, 'north')).toBe(true);
    expect(belongsTo({ metadata: { tenant: 'south' }, streamId: 'user:north:1' }, 'north')).toBe(false);
    expect(belongsTo({ metadata: {}, streamId: 'user:north:1' }, 'north')).toBe(true);
    expect(belongsTo({ metadata: {}, streamId: 'sequence:north' }, 'north')).toBe(false);
  });

  it('exports events without secrets, with names and addresses pseudonymised unless allowed', () => {
    const school = initialSchool();
    const redactor = createRedactor(school, hidden);
    const lines = log.map((e) => {
      evolveSchool(school, e);
      return redactor.line(e);
    });
    const ann = lines[1]!;
    expect(ann.data).toEqual({
      userId: 21,
      email: 'student-1@pseudonymised.invalid',
      role: 'student',
      firstName: 'Student 1',
      lastName: '',
      registeredAt: '2026-02-01T08:00:00.000Z',
    });
    expect(JSON.stringify(lines)).not.toMatch(/Ann|Able|Iris|secret-hash|@north\.school/);

    const summary = {
      ...log[1]!,
      type: 'StudentSummaryWritten',
      data: { studentId: 21, summary: 'Ann Able (ann@north.school) did well; Ann improved.' },
    };
    expect(redactor.line(summary).data.summary).toBe('Student 1 (student-1@pseudonymised.invalid) did well; Student 1 improved.');

    const named = createRedactor(school, { namesAllowed: true }).line(log[1]!);
    expect(named.data).toMatchObject({ firstName: 'Ann', lastName: 'Able', email: 'ann@north.school' });
    expect(named.data).not.toHaveProperty('passwordHash');
  });
});
