import type { GlobalPosition, ReadAllOptions, RecordedEvent, SubscribeOptions, Subscription } from './types';

/**
 * Wakes sleeping subscriptions. The generation counter closes the gap between a reader's last
 * query and its going to sleep: a wake in that gap makes the next wait return at once.
 */
export class WakeSignal {
  private generation = 0;
  private readonly sleepers = new Set<() => void>();

  get current(): number {
    return this.generation;
  }

  wake(): void {
    this.generation += 1;
    for (const sleeper of [...this.sleepers]) sleeper();
  }

  /** Resolves true when woken, false when the timeout passed (or the wait was aborted). */
  wait(since: number, timeoutMs: number, abort: AbortSignal): Promise<boolean> {
    if (this.generation !== since) return Promise.resolve(true);
    if (abort.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const finish = (woken: boolean) => () => {
        clearTimeout(timer);
        this.sleepers.delete(onWake);
        abort.removeEventListener('abort', onTimeout);
        resolve(woken);
      };
      const onWake = finish(true);
      const onTimeout = finish(false);
      const timer = setTimeout(onTimeout, timeoutMs);
      this.sleepers.add(onWake);
      abort.addEventListener('abort', onTimeout);
    });
  }
}

const RECHECK_MS = 10;
const READ_INTERVAL_MS = 50;

/** Resolves after `ms`, or at once when aborted. */
const pause = (ms: number, abort: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (abort.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      abort.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    abort.addEventListener('abort', done);
  });

export type SubscriptionDeps = {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  signal: WakeSignal;
  /** The safety net: the snapshot's xmin can hold events back with no notification to follow. */
  pollIntervalMs: number;
  /** Awaited before the first read, e.g. to LISTEN for appends from other processes. */
  beforeStart?: () => Promise<void>;
};

export function startSubscription(
  deps: SubscriptionDeps,
  options: SubscribeOptions,
  handler: (event: RecordedEvent) => Promise<void> | void,
): Subscription {
  const abort = new AbortController();
  const batchSize = options.batchSize ?? 500;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer`);
  const readIntervalMs = options.readIntervalMs ?? READ_INTERVAL_MS;
  let after: GlobalPosition | undefined = options.after;

  const loop = async () => {
    await deps.beforeStart?.();
    let sleepMs = deps.pollIntervalMs;
    while (!abort.signal.aborted) {
      const seen = deps.signal.current;
      const readAt = Date.now();
      const batch = await deps.readAll({ after, limit: batchSize });
      for (const event of batch) {
        if (abort.signal.aborted) return;
        await handler(event);
        after = event.globalPosition;
      }
      if (batch.length === batchSize) continue;
      // A wake means a commit, but an older transaction still in flight anywhere in the cluster
      // (a projector's, say) can hold it below the xmin for a moment: look again soon, backing off.
      const woken = await deps.signal.wait(seen, sleepMs, abort.signal);
      sleepMs = woken ? RECHECK_MS : Math.min(sleepMs * 2, deps.pollIntervalMs);
      // Appends woke it: those made until the interval is over are read with them.
      const rest = readAt + readIntervalMs - Date.now();
      if (woken && rest > 0) await pause(rest, abort.signal);
    }
  };

  const done = loop();
  return {
    done,
    async stop() {
      abort.abort();
      // Whoever owns the subscription learns about a handler failure through `done`, not here.
      await done.catch(() => {});
    },
  };
}
