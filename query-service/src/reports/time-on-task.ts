import { byText, defineReport, iso, round, timeOf, within } from './report';
import { assignmentTitle, courseCode, personName } from './school';

/** A pause longer than this ends a sitting: the time after it is not counted (the browser beats every 30 s). */
export const IDLE_GAP_MS = 5 * 60_000;

type Work = {
  assignmentId: number;
  studentId: number;
  /** When the student was seen working: saves, heartbeats, the start of a timed session, a submission of their own. */
  times: number[];
  saves: number;
  heartbeats: number;
  /** The browser's own count on timed work (the largest heartbeat or submission figure). */
  reportedSeconds: number | null;
  submitted: boolean;
};

type State = Map<string, Work>;

/** Pure: minutes worked and sittings, from the instants a student was seen working. */
export function sittings(times: readonly number[], idleGapMs = IDLE_GAP_MS): { minutes: number; sittings: number } {
  if (times.length === 0) return { minutes: 0, sittings: 0 };
  const t = [...times].sort((a, b) => a - b);
  let worked = 0;
  let count = 1;
  for (let i = 1; i < t.length; i += 1) {
    const gap = t[i]! - t[i - 1]!;
    if (gap > idleGapMs) count += 1;
    else worked += gap;
  }
  return { minutes: round(worked / 60_000, 1), sittings: count };
}

const ACTIVITY: Record<string, string> = {
  AnswerSaved: 'savedAt',
  SessionHeartbeat: 'at',
  TimedSessionStarted: 'startedAt',
  AssignmentSubmitted: 'submittedAt',
};

/**
 * Time on task per assignment and student: the instants a student was seen working in the window (answer saves,
 * timed-session heartbeats and start, their own submission), cut into sittings where nothing happened for 5 minutes;
 * the minutes between consecutive instants of a sitting are summed.
 */
export const timeOnTask = defineReport<State>({
  id: 'time-on-task',
  title: 'Time on task',
  description:
    'Minutes each student worked on each assignment in the window, from answer saves and timed-session heartbeats (a pause of more than 5 minutes ends a sitting and is not counted), with sittings, saves, heartbeats and the time the browser counted on timed work.',
  columns: [
    { key: 'assignment', label: 'Assignment', type: 'string' },
    { key: 'course', label: 'Course', type: 'string' },
    { key: 'student', label: 'Student', type: 'string' },
    { key: 'minutes_on_task', label: 'Minutes on task', type: 'number' },
    { key: 'sittings', label: 'Sittings', type: 'integer' },
    { key: 'saves', label: 'Answer saves', type: 'integer' },
    { key: 'heartbeats', label: 'Heartbeats', type: 'integer' },
    { key: 'timed_minutes_reported', label: 'Timed minutes (browser)', type: 'number' },
    { key: 'first_activity', label: 'First activity', type: 'datetime' },
    { key: 'last_activity', label: 'Last activity', type: 'datetime' },
    { key: 'submitted', label: 'Submitted', type: 'boolean' },
  ],
  chart: { kind: 'bar', x: 'student', y: ['minutes_on_task'], series: 'assignment' },
  init: () => new Map(),
  evolve(state, event, { window }) {
    const field = ACTIVITY[event.type];
    if (!field) return;
    const d = event.data as Record<string, unknown>;
    const at = timeOf(d[field]);
    if (Number.isNaN(at) || !within(at, window)) return;
    const assignmentId = Number(d.assignmentId);
    const studentId = Number(d.studentId);
    const key = `${assignmentId}:${studentId}`;
    let w = state.get(key);
    if (!w) {
      w = { assignmentId, studentId, times: [], saves: 0, heartbeats: 0, reportedSeconds: null, submitted: false };
      state.set(key, w);
    }
    const reported = typeof d.timeUsedSeconds === 'number' ? d.timeUsedSeconds : null;
    if (reported !== null) w.reportedSeconds = Math.max(w.reportedSeconds ?? 0, reported);
    if (event.type === 'AnswerSaved') w.saves += 1;
    if (event.type === 'SessionHeartbeat') w.heartbeats += 1;
    if (event.type === 'AssignmentSubmitted') {
      w.submitted = true;
      // The server's clock closing an expired session is not the student at work.
      if (d.submissionMethod === 'server_time_limit') return;
    }
    w.times.push(at);
  },
  rows(state, { school, naming }) {
    return [...state.values()]
      .filter((w) => w.times.length > 0 || w.submitted)
      .map((w) => ({ w, assignment: assignmentTitle(school, w.assignmentId), student: personName(school, w.studentId, naming) }))
      .sort((x, y) => byText(x.assignment, y.assignment) || byText(x.student, y.student))
      .map(({ w, assignment, student }) => {
        const s = sittings(w.times);
        return {
          assignment,
          course: courseCode(school, w.assignmentId),
          student,
          minutes_on_task: s.minutes,
          sittings: s.sittings,
          saves: w.saves,
          heartbeats: w.heartbeats,
          timed_minutes_reported: w.reportedSeconds === null ? null : round(w.reportedSeconds / 60, 1),
          first_activity: w.times.length ? iso(Math.min(...w.times)) : null,
          last_activity: w.times.length ? iso(Math.max(...w.times)) : null,
          submitted: w.submitted,
        };
      });
  },
});
