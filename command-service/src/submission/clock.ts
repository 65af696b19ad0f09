import { SESSION_GRACE_SECONDS } from '@evergrade/contracts';
import type { Submission, TimedSession } from './submission';

const ms = (iso: string) => new Date(iso).getTime();

/** The session's end: start + limit, capped at the due time, plus extra time granted. */
export function sessionDeadline(startedAt: string, timeLimitSeconds: number, due: string): string {
  return new Date(Math.min(ms(startedAt) + timeLimitSeconds * 1000, ms(due))).toISOString();
}

/** Whole seconds left by the server's clock, never below 0. */
export function secondsLeft(session: TimedSession, now: string): number {
  return Math.max(0, Math.floor((ms(session.deadline) - ms(now)) / 1000));
}

/** Past the deadline and the grace for saves already on their way: nothing more is accepted. */
export function pastGrace(session: TimedSession, now: string): boolean {
  return ms(now) > ms(session.deadline) + SESSION_GRACE_SECONDS * 1000;
}

/** The spec's timer session as the routes reply it. */
export function sessionView(state: Submission, now: string) {
  const s = state.session;
  if (!s) return null;
  const submitted = state.status === 'submitted';
  const remaining = submitted ? 0 : secondsLeft(s, now);
  return {
    is_active: !submitted && remaining > 0,
    is_submitted: submitted,
    time_remaining_seconds: remaining,
    session_started_at: s.startedAt,
    started_at: s.startedAt,
    time_limit_seconds: s.timeLimitSeconds,
    deadline: s.deadline,
    extra_seconds: s.extraSeconds,
    submission_method: state.status === 'submitted' ? state.submissionMethod : null,
    server_time: now,
  };
}
