import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_TITLE_MESSAGES, capitaliseWords } from '@evergrade/contracts';
import {
  courseOptionText,
  defaultSetup,
  dueInstant,
  liveInstant,
  SETUP_MESSAGES,
  setupIssues,
  showsLiveDate,
  type SetupFields,
} from './setup-rules';

const valid = (patch: Partial<SetupFields> = {}): SetupFields => ({
  ...defaultSetup(new Date(2026, 2, 10, 9, 30)),
  title: 'Algebra Quiz',
  course: 'MATH10',
  student_submissions_allowed: true,
  creation_method: 'scratch',
  ...patch,
});

describe('setup defaults', () => {
  it('are due tomorrow at 23:59, go live now, nothing chosen', () => {
    const d = defaultSetup(new Date(2026, 2, 31, 14, 5));
    expect(d.due_date).toBe('2026-04-01');
    expect(d.due_time).toBe('23:59');
    expect(d.make_live).toBe('immediately');
    expect([d.live_date, d.live_time]).toEqual(['2026-03-31', '14:05']);
    expect(d.student_submissions_allowed).toBeNull();
    expect(d.creation_method).toBeNull();
  });
});

describe('the due instant', () => {
  it('is 23:59:59.999 UTC on the due day', () => {
    expect(dueInstant('2026-04-01')).toBe('2026-04-01T23:59:59.999Z');
    expect(new Date(dueInstant('2026-12-31')).toISOString()).toBe('2026-12-31T23:59:59.999Z');
  });
  it('refuses something that is not a date', () => {
    expect(() => dueInstant('')).toThrow();
  });
});

describe('setup issues', () => {
  it('are none for a complete setup', () => {
    expect(setupIssues(valid(), 2)).toEqual([]);
  });
  it('apply the title rules in order', () => {
    expect(setupIssues(valid({ title: '  ' }), 1)).toEqual([ASSIGNMENT_TITLE_MESSAGES.required]);
    expect(setupIssues(valid({ title: '1st Quiz' }), 1)).toEqual([ASSIGNMENT_TITLE_MESSAGES.startLetter]);
    expect(setupIssues(valid({ title: 'Quiz: One!' }), 1)).toEqual([ASSIGNMENT_TITLE_MESSAGES.characters]);
    expect(setupIssues(valid({ title: 'Quiz #1 (A&B) @home_$' }), 1)).toEqual([]);
  });
  it('auto-capitalises each word as typed', () => {
    expect(capitaliseWords('algebra quiz one')).toBe('Algebra Quiz One');
  });
  it('need a course, and say so when the instructor has none', () => {
    expect(setupIssues(valid({ course: '' }), 1)).toEqual([SETUP_MESSAGES.course]);
    expect(setupIssues(valid({ course: '' }), 0)).toEqual([SETUP_MESSAGES.noCourses]);
    expect(SETUP_MESSAGES.noCourses).toBe('No courses available. Please contact your administrator to add a course.');
  });
  it('need both due date and time, the submissions choice and a creation method', () => {
    expect(setupIssues(valid({ due_time: '' }), 1)).toEqual(['Please select both date and time']);
    expect(setupIssues(valid({ student_submissions_allowed: null }), 1)).toEqual(['Please select whether to allow student submissions']);
    expect(setupIssues(valid({ creation_method: null }), 1)).toEqual(['Please select a creation method']);
  });
  it('need the live date and time only when submissions are allowed and go-live is scheduled', () => {
    const scheduled = valid({ make_live: 'scheduled', live_date: '', live_time: '' });
    expect(showsLiveDate(scheduled)).toBe(true);
    expect(setupIssues(scheduled, 1)).toEqual(['Please select both date and time for scheduled release']);
    expect(setupIssues({ ...scheduled, live_date: '2026-03-11' }, 1)).toEqual(['Please select both date and time for scheduled release']);
    expect(setupIssues({ ...scheduled, live_date: '2026-03-11', live_time: '08:00' }, 1)).toEqual([]);
    const noSubmissions = { ...scheduled, student_submissions_allowed: false };
    expect(showsLiveDate(noSubmissions)).toBe(false);
    expect(setupIssues(noSubmissions, 1)).toEqual([]);
  });
  it('refuse a live date at or after the due instant, with the words Create would answer', () => {
    const scheduled = valid({ make_live: 'scheduled', due_date: '2026-03-12', live_time: '08:00' });
    expect(setupIssues({ ...scheduled, live_date: '2026-03-13' }, 1)).toEqual(['The due date must be after the release date']);
    expect(setupIssues({ ...scheduled, live_date: '2026-03-12' }, 1)).toEqual([]);
    expect(setupIssues({ ...scheduled, make_live: 'immediately', live_date: '2026-03-13' }, 1)).toEqual([]);
    expect(setupIssues({ ...scheduled, student_submissions_allowed: false, live_date: '2026-03-13' }, 1)).toEqual([]);
  });

  it('read the live date and time as local wall-clock time', () => {
    expect(liveInstant('2026-03-12', '08:00')).toBe(new Date(2026, 2, 12, 8, 0).toISOString());
    expect(liveInstant('', '08:00')).toBeNull();
  });
});

it('course options read "course name (code) - Grade class"', () => {
  expect(courseOptionText({ course_name: 'Mathematics', course_code: 'MATH10', course_class: '10' })).toBe(
    'Mathematics (MATH10) - Grade 10',
  );
});
