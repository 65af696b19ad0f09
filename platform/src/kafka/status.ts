/** What the relay reports about itself: read by /metrics (platform/src/metrics) and the operator status. */
export type RelayStatus = {
  topic: string;
  running: boolean;
  /** The last send reached the broker. */
  connected: boolean;
  /** The last event the broker acknowledged and the checkpoint holds; null before the first. */
  position: string | null;
  publishedSinceStart: number;
  /** Events in the log after the checkpoint (measured every few seconds, and at each batch). */
  behindEvents: number;
  /** True when there were too many to count: `behindEvents` is a lower bound. */
  behindAtLeast: boolean;
  /** How long the oldest event not yet acknowledged has been in the log; 0 when caught up. */
  behindMs: number;
  oldestUnpublishedAt: Date | null;
  /** Sends that failed in a row (broker unreachable); 0 once one succeeds. */
  consecutiveFailures: number;
  lastError: string | null;
  lastPublishedAt: Date | null;
};

type StatusSource = { status(): RelayStatus };

let current: StatusSource | null = null;

export function registerRelay(relay: StatusSource): void {
  current = relay;
}

/** The status of the relay running in this process; null when none runs (KAFKA_BROKERS unset, or another process). */
export function relayStatus(): RelayStatus | null {
  return current ? current.status() : null;
}
