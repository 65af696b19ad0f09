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

  wait(since: number, timeoutMs: number, abort: AbortSignal): Promise<void> {
    if (this.generation !== since || abort.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        abort.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.sleepers.add(done);
      abort.addEventListener('abort', done);
    });
  }
}

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
  let after: GlobalPosition | undefined = options.after;

  const loop = async () => {
    await deps.beforeStart?.();
    while (!abort.signal.aborted) {
      const seen = deps.signal.current;
      const batch = await deps.readAll({ after, limit: batchSize });
      for (const event of batch) {
        if (abort.signal.aborted) return;
        await handler(event);
        after = event.globalPosition;
      }
      if (batch.length < batchSize) await deps.signal.wait(seen, deps.pollIntervalMs, abort.signal);
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
