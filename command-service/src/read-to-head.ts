import type { EventStore, GlobalPosition, RecordedEvent } from '@evergrade/platform/event-store';

/**
 * Reads the log after `after` up to its head as of the call, handing each event to `apply` in order: everything
 * committed before the call is seen (a short page alone does not say so: a transaction in flight elsewhere can hold
 * newer events back for a moment, so it waits briefly and reads again). Returns the last position read.
 */
export async function readToHead(
  store: EventStore,
  after: GlobalPosition | undefined,
  apply: (e: RecordedEvent) => void,
  options: { batch?: number; stopped?: () => boolean } = {},
): Promise<GlobalPosition | undefined> {
  const head = await store.headPosition();
  const limit = options.batch ?? 1000;
  const reached = () => head === undefined || (after !== undefined && store.comparePositions(after, head) >= 0);
  while (!reached() && !options.stopped?.()) {
    const page = await store.readAll({ after, limit });
    for (const e of page) {
      apply(e);
      after = e.globalPosition;
    }
    if (page.length < limit && !reached()) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return after;
}
