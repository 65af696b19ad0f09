import { assignmentTitleError, type CreationMethod } from '@evergrade/contracts';

/** Spec document 3 section 5: the setup step's messages, word for word. */
export const SETUP_MESSAGES = {
  course: 'Please select a course',
  due: 'Please select both date and time',
  submissions: 'Please select whether to allow student submissions',
  method: 'Please select a creation method',
  scheduled: 'Please select both date and time for scheduled release',
  /** Not in the spec; the words POST /grader/add-assignment refuses the same draft with. */
  liveAfterDue: 'The due date must be after the release date',
  noCourses: 'No courses available. Please contact your administrator to add a course.',
  discard: 'Are you sure you want to discard this assignment? All unsaved progress will be lost.',
} as const;

export type GoLive = 'immediately' | 'scheduled';

export type SetupFields = {
  title: string;
  description: string;
  course: string;
  due_date: string;
  due_time: string;
  student_submissions_allowed: boolean | null;
  make_live: GoLive;
  live_date: string;
  live_time: string;
  creation_method: CreationMethod | null;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** Local calendar date as the date input wants it: YYYY-MM-DD. */
export const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
export const localTime = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** Defaults (section 9): due tomorrow at 23:59, go-live now. */
export function defaultSetup(now: Date = new Date()): SetupFields {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return {
    title: '',
    description: '',
    course: '',
    due_date: localDate(tomorrow),
    due_time: '23:59',
    student_submissions_allowed: null,
    make_live: 'immediately',
    live_date: localDate(now),
    live_time: localTime(now),
    creation_method: null,
  };
}

/** Section 9: the due instant is 23:59:59.999 UTC on the due day. */
export function dueInstant(dueDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) throw new Error(`not a date: ${dueDate}`);
  return `${dueDate}T23:59:59.999Z`;
}

/** The live date and time are the instructor's local wall clock. */
export function liveInstant(liveDate: string, liveTime: string): string | null {
  if (!liveDate || !liveTime) return null;
  const d = new Date(`${liveDate}T${liveTime}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The live date and time matter only when submissions are allowed and go-live is scheduled. */
export const showsLiveDate = (f: Pick<SetupFields, 'student_submissions_allowed' | 'make_live'>) =>
  f.student_submissions_allowed === true && f.make_live === 'scheduled';

/** A scheduled release at or after the due instant: the server refuses it at Create, so Setup says so first. */
export function releasedAfterDue(
  f: Pick<SetupFields, 'student_submissions_allowed' | 'make_live' | 'live_date' | 'live_time' | 'due_date'>,
): boolean {
  if (!showsLiveDate(f) || !/^\d{4}-\d{2}-\d{2}$/.test(f.due_date)) return false;
  const live = liveInstant(f.live_date, f.live_time);
  return live !== null && new Date(live) >= new Date(dueInstant(f.due_date));
}

/** Every outstanding setup issue, in the order of the form. Empty when Next may be pressed. */
export function setupIssues(f: SetupFields, courseCount: number): string[] {
  const issues: string[] = [];
  const title = assignmentTitleError(f.title);
  if (title) issues.push(title);
  if (courseCount === 0) issues.push(SETUP_MESSAGES.noCourses);
  else if (!f.course) issues.push(SETUP_MESSAGES.course);
  if (!f.due_date || !f.due_time) issues.push(SETUP_MESSAGES.due);
  if (f.student_submissions_allowed === null) issues.push(SETUP_MESSAGES.submissions);
  if (showsLiveDate(f) && (!f.live_date || !f.live_time)) issues.push(SETUP_MESSAGES.scheduled);
  else if (releasedAfterDue(f)) issues.push(SETUP_MESSAGES.liveAfterDue);
  if (!f.creation_method) issues.push(SETUP_MESSAGES.method);
  return issues;
}

/** Anything typed or chosen beyond the defaults: leaving then asks for confirmation. */
export function hasEnteredAnything(f: SetupFields, questionCount: number, defaults: SetupFields): boolean {
  if (questionCount > 0) return true;
  return (
    ['title', 'description', 'course', 'due_date', 'due_time', 'student_submissions_allowed', 'make_live', 'creation_method'] as const
  ).some((k) => f[k] !== defaults[k]);
}

/** 'Mathematics (MATH10) - Grade 10': the course select's option text. */
export const courseOptionText = (c: { course_name: string; course_code: string; course_class: string }) =>
  `${c.course_name} (${c.course_code}) - Grade ${c.course_class}`;
