import type { EventStore, GlobalPosition, RecordedEvent } from '@evergrade/platform/event-store';
import type { SqlClient } from '@evergrade/platform/sql';

/** What a replay reads: the log in order, up to its head as of the start. */
export type ReplayStore = Pick<EventStore, 'readAll' | 'readStream' | 'headPosition' | 'comparePositions' | 'eventsInDatabase'>;

/**
 * An event is the school's when its metadata names the school. Events written without a tenant in their metadata
 * (older builds) are the school's when their stream is one of the school's (`{category}:{tenant}:{keys…}`); a global
 * stream (`sequence:{kind}`) belongs to no school.
 */
export function belongsTo(event: Pick<RecordedEvent, 'metadata' | 'streamId'>, tenant: string): boolean {
  const own = event.metadata.tenant;
  if (typeof own === 'string') return own === tenant;
  const parts = event.streamId.split(':');
  return parts.length >= 3 && parts[1] === tenant;
}

/**
 * How many of the school's events the log holds (for the progress bar). Counted on the SQL events table when there is
 * one; null where the log lives elsewhere (then the bar grows with what is read).
 */
export async function countSchoolEvents(
  db: SqlClient,
  store: Pick<EventStore, 'eventsInDatabase'>,
  tenant: string,
): Promise<number | null> {
  if (store.eventsInDatabase === false) return null;
  try {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM events
        WHERE metadata->>'tenant' = $1
           OR (metadata->>'tenant' IS NULL AND split_part(stream_id, ':', 2) = $1 AND split_part(stream_id, ':', 3) <> '')`,
      [tenant],
    );
    return Number(rows[0]?.n ?? 0);
  } catch {
    return null;
  }
}

export type ReplayOptions = {
  tenant: string;
  /** Events of the school read so far; called every `progressEvery` events and at the end. */
  onProgress?: (done: number) => void;
  progressEvery?: number;
  signal?: AbortSignal;
  batch?: number;
};

export class ReplayAborted extends Error {
  override readonly name = 'ReplayAborted';
}

/**
 * Reads the whole log up to its head as of the call, in order, and hands `apply` every event of the school and only
 * those (another school's never leave this function). Waits briefly when a transaction in flight elsewhere holds
 * newer events back, as readToHead does. Returns how many of the school's events it applied.
 */
export async function replaySchool(store: ReplayStore, apply: (event: RecordedEvent) => void, options: ReplayOptions): Promise<number> {
  const head = await store.headPosition();
  const limit = options.batch ?? 1000;
  const every = options.progressEvery ?? 500;
  let after: GlobalPosition | undefined;
  let done = 0;
  const reached = () => head === undefined || (after !== undefined && store.comparePositions(after, head) >= 0);
  while (!reached()) {
    if (options.signal?.aborted) throw new ReplayAborted('The report was cancelled.');
    const page = await store.readAll({ after, limit });
    for (const event of page) {
      after = event.globalPosition;
      if (!belongsTo(event, options.tenant)) continue;
      apply(event);
      done += 1;
      if (done % every === 0) options.onProgress?.(done);
    }
    if (page.length < limit && !reached()) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  options.onProgress?.(done);
  return done;
}
