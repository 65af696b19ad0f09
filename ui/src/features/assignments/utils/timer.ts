import { TIMER_CRITICAL_SECONDS, TIMER_PULSE_SECONDS, TIMER_WARNING_THRESHOLDS } from '@evergrade/contracts';

/** Spec document 1, section 4: the timer's display states and status texts. */
export type TimerDisplay = 'normal' | 'warning' | 'critical' | 'offline';

export function displayState(remaining: number, online: boolean): TimerDisplay {
  if (!online) return 'offline';
  if (remaining <= TIMER_CRITICAL_SECONDS) return 'critical';
  if (remaining <= TIMER_PULSE_SECONDS) return 'warning';
  return 'normal';
}

export function statusText(remaining: number): 'Active' | 'Running Low' | 'Time Almost Up' {
  if (remaining <= TIMER_CRITICAL_SECONDS) return 'Time Almost Up';
  if (remaining <= TIMER_PULSE_SECONDS) return 'Running Low';
  return 'Active';
}

export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/**
 * Where the countdown starts: the server's time_remaining_seconds (at least 0), otherwise the limit minus the
 * seconds since the start; null (no timer) when neither is known.
 */
export function initialRemaining(
  session: { time_remaining_seconds?: number | null; session_started_at?: string | null; started_at?: string | null },
  timeLimitSeconds: number | null,
  nowMs: number,
): number | null {
  if (typeof session.time_remaining_seconds === 'number') return Math.max(0, session.time_remaining_seconds);
  const start = session.session_started_at ?? session.started_at;
  if (!start || timeLimitSeconds == null) return null;
  return Math.max(0, timeLimitSeconds - Math.floor((nowMs - Date.parse(start)) / 1000));
}

export type Warning = { threshold: number; critical: boolean };

/**
 * Thresholds already behind when this page's countdown begins (a 2-minute assignment, a resumed session): they
 * count as shown, so the first banner is the next threshold actually crossed, not '5 minutes remaining' at 1:57.
 */
export const passedThresholds = (remaining: number): Set<number> => new Set(TIMER_WARNING_THRESHOLDS.filter((t) => t >= remaining));

/**
 * The warning to show now, each threshold once. When several have passed at once (a resumed session, a sleeping
 * laptop) only the nearest is shown and the others count as shown: a '30 minutes' banner at 4 minutes left would
 * mislead.
 */
export function nextWarning(remaining: number, fired: ReadonlySet<number>): { warning: Warning | null; fired: Set<number> } {
  const due = TIMER_WARNING_THRESHOLDS.filter((t) => remaining <= t && !fired.has(t));
  if (due.length === 0) return { warning: null, fired: new Set(fired) };
  const threshold = Math.min(...due);
  return { warning: { threshold, critical: threshold <= TIMER_CRITICAL_SECONDS }, fired: new Set([...fired, ...due]) };
}

/** Seconds used so far, for the heartbeat; null (skip it) when that is not a usable number. */
export function timeUsed(totalSeconds: number, remaining: number): number | null {
  const used = totalSeconds - remaining;
  return Number.isFinite(used) && used >= 0 ? used : null;
}

/** The spec's short beep for critical warnings: an 800 Hz sine for half a second. */
export function beep(hz: number, seconds: number): void {
  try {
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = hz;
    osc.connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + seconds);
    osc.onended = () => void ctx.close();
  } catch (err) {
    console.warn('Could not play the warning sound', err);
  }
}
