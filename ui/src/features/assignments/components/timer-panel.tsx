import { MESSAGES, TIMER_MESSAGES } from '@evergrade/contracts';
import { ClockIcon } from '../../../components/icons';
import type { TimerBanner } from '../hooks/use-timed-session';
import { useConnection } from '../stores/connection';
import { displayState, formatClock, statusText } from '../utils/timer';
import './timer.css';

/** The countdown of a running timed assignment: time left, display state and status text (spec section 4). */
export function TimerPanel({ remaining, submitted }: { remaining: number | null; submitted: boolean }) {
  const online = useConnection((s) => s.online && !s.lost);
  if (submitted) {
    return (
      <section className="card timer-panel timer-done" aria-label="Timer" data-testid="timer-panel" data-state="submitted">
        <ClockIcon width={20} height={20} /> <span className="timer-status">Submitted</span>
      </section>
    );
  }
  if (remaining === null) return null;
  const state = displayState(remaining, online);
  return (
    <section className={`card timer-panel timer-${state}`} aria-label="Timer" data-testid="timer-panel" data-state={state}>
      <ClockIcon width={20} height={20} />
      <span className="timer-clock" role="timer" aria-live="off" data-testid="timer-clock">
        {formatClock(remaining)}
      </span>
      <span className="timer-status" data-testid="timer-status">
        {state === 'offline' ? TIMER_MESSAGES.connectionLostLabel : statusText(remaining)}
      </span>
    </section>
  );
}

/** Warning and info banners of the timer; critical ones stay until dismissed. */
export function TimerBannerView({ banner, onDismiss }: { banner: TimerBanner | null; onDismiss: () => void }) {
  if (!banner) return null;
  return (
    <div
      className={`timer-banner timer-banner-${banner.critical ? 'critical' : banner.kind}`}
      role={banner.critical ? 'alert' : 'status'}
      data-testid="timer-banner"
    >
      <span>{banner.text}</span>
      {banner.critical && (
        <button type="button" className="button button-ghost" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}

/**
 * The spec's connection messages: offline by the browser's signal, or a save or heartbeat that did not get through.
 * The spec's offline message speaks of the timer, so untimed work has its own wording.
 */
export function ConnectionBanner({ timed }: { timed: boolean }) {
  const { online, lost } = useConnection();
  if (online && !lost) return null;
  return (
    <div className="connection-banner" role="alert" data-testid="connection-banner">
      {online ? MESSAGES.connectionLost : timed ? MESSAGES.offline : MESSAGES.offlineUntimed}
    </div>
  );
}
