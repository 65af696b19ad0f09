import type { ResponseHistoryEntry } from '@evergrade/contracts';

/** What happened, in words, for one link of a response's chain. */
export function entryTitle(e: Pick<ResponseHistoryEntry, 'kind' | 'actor_kind' | 'actor' | 'reason'>): string {
  const by = whoLabel(e);
  switch (e.kind) {
    case 'SubmissionFileProcessed':
      return `Response recorded from an uploaded file by ${by}`;
    case 'OnlineResponsesCaptured':
      return "Response recorded from the student's online answers";
    case 'ResponseGraded':
      return `${e.reason ? 'Regraded' : 'Graded'} by ${by}`;
    case 'ResponseMarkEdited':
      return `Mark edited by ${by}`;
    case 'ResponseFlagResolved':
      return `Flag resolved by ${by}`;
    case 'GradingReset':
      return `Reset to ungraded by ${by}`;
    case 'RegradeRequested':
      return 'Regrade requested by the student';
    case 'RegradeRequestResolved':
      return `Regrade request ${e.reason?.split(':')[0] ?? 'resolved'} by ${by}`;
    default:
      return `${e.kind} by ${by}`;
  }
}

/** The "why" of a link, labelled: a regrade's instructions, a student's reason, an instructor's reply to a request. */
export function reasonOf(e: Pick<ResponseHistoryEntry, 'kind' | 'reason'>): { label: string; text: string } | null {
  if (!e.reason) return null;
  switch (e.kind) {
    case 'ResponseGraded':
      return { label: 'Regrade instructions', text: e.reason };
    case 'RegradeRequested':
      return { label: "Student's reason", text: e.reason };
    case 'RegradeRequestResolved':
      return { label: 'Reply', text: e.reason.replace(/^(accepted|rejected|answered): /, '') };
    default:
      return { label: 'Reason', text: e.reason };
  }
}

/** Who or what: the AI model by name, the offline grader, an instructor by name. */
export function whoLabel(e: Pick<ResponseHistoryEntry, 'actor_kind' | 'actor'>): string {
  if (e.actor_kind === 'ai') return `AI model ${e.actor}`;
  if (e.actor_kind === 'offline') return 'the offline grader';
  if (e.actor_kind === 'instructor') return e.actor || 'an instructor';
  return e.actor || 'the system';
}

export function formatPoints(n: number | null | undefined): string {
  if (n === null || n === undefined) return '—';
  return Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100);
}

/** '1 → 1.5', or '1.5' when there was no value before. */
export function valueChange(previous: number | null, points: number | null): string | null {
  if (points === null) return null;
  return previous === null ? formatPoints(points) : `${formatPoints(previous)} → ${formatPoints(points)}`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An instant as the value of an <input type="datetime-local" step="1"> in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * A datetime-local value (local time; browsers leave out ':00' seconds) as an instant. `end` takes the end of that
 * second: "as of 10:05:07" then includes everything recorded during 10:05:07, as a person reading it expects.
 */
export function fromLocalInput(value: string, end = false): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), end ? 999 : 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The instant just before a change: the grade book "before" it. */
export function justBefore(iso: string): string {
  return new Date(new Date(iso).getTime() - 1).toISOString();
}

const precise = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
/** To the second: an audit needs to tell two changes a few seconds apart. */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : precise.format(d);
}
