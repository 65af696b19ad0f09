import { decodePosition, type EventStore, type GlobalPosition } from '@evergrade/platform/event-store';
import type { SqlClient } from '@evergrade/platform/sql';

/**
 * The log these counts read when its events live outside the database (KurrentDB, `eventsInDatabase: false`); without
 * it, or for a store whose events are in the database, they read the `events` table.
 */
export type LogReader = Pick<EventStore, 'readAll' | 'eventsInDatabase'>;

/**
 * The operator's view of the read models: checkpoints, the log, and rebuild progress (`projection_rebuilds`). None of
 * these is a read-model table; they belong to the runner (runner.ts, rebuild.ts).
 */
export type ProjectionStatusRow = {
  name: string;
  version: number | null;
  position: string | null;
  /** Events after the position (counted up to a million). */
  behind_events: number;
  /** Age of the oldest event not applied yet; 0 when none. */
  lag_ms: number;
  last_applied_at: string;
  rebuild: {
    status: 'rebuilding' | 'swapped' | 'failed';
    version: number;
    events_done: number;
    events_total: number;
    started_at: string;
    finished_at: string | null;
    last_error: string | null;
  } | null;
};

const BEHIND_CAP = 1_000_000;
/** Read page by page from a store elsewhere: counted up to this many. */
const STORE_COUNT_CAP = 100_000;
const outside = (log: LogReader | undefined): log is LogReader => log?.eventsInDatabase === false;

/** Events after `after` in a store elsewhere (up to `cap`), and the age of the first of them. */
async function behindInStore(log: LogReader, after: string | null, cap: number): Promise<{ n: number; oldestMs: number }> {
  let n = 0;
  let oldest: Date | undefined;
  let from = (after ?? undefined) as GlobalPosition | undefined;
  while (n < cap) {
    const page = await log.readAll({ after: from, limit: Math.min(1000, cap - n) });
    if (page.length === 0) break;
    oldest ??= page[0]!.recordedAt;
    n += page.length;
    from = page[page.length - 1]!.globalPosition;
  }
  return { n, oldestMs: oldest ? Date.now() - oldest.getTime() : 0 };
}
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

export async function countEvents(db: SqlClient, log?: LogReader): Promise<number> {
  if (outside(log)) return (await behindInStore(log, null, STORE_COUNT_CAP)).n;
  return Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]?.n ?? 0);
}

export async function projectionStatuses(db: SqlClient, log?: LogReader): Promise<ProjectionStatusRow[]> {
  const hasRebuilds = (await db.query<{ t: string | null }>("SELECT to_regclass('projection_rebuilds')::text AS t")).rows[0]?.t;
  const { rows } = await db.query<{
    name: string;
    version: number | null;
    position: string | null;
    updated_at: Date | string;
    r_status: string | null;
    r_version: number | null;
    events_done: string | null;
    events_total: string | null;
    started_at: Date | string | null;
    finished_at: Date | string | null;
    last_error: string | null;
    lag_ms: string | null;
  }>(
    `SELECT c.name, c.version, c.position, c.updated_at, ${
      hasRebuilds
        ? 'r.status AS r_status, r.version AS r_version, r.events_done::text, r.events_total::text, r.started_at, r.finished_at, r.last_error'
        : 'NULL AS r_status, NULL AS r_version, NULL AS events_done, NULL AS events_total, NULL AS started_at, NULL AS finished_at, NULL AS last_error'
    }
     FROM projection_checkpoints c ${hasRebuilds ? 'LEFT JOIN projection_rebuilds r ON r.name = c.name' : ''}
     WHERE strpos(c.name, '@') = 0 ORDER BY c.name`,
  );
  const out: ProjectionStatusRow[] = [];
  for (const row of rows) {
    const b = outside(log) ? await behindInStore(log, row.position, STORE_COUNT_CAP) : await behindInTable(db, row.position);
    out.push({
      name: row.name,
      version: row.version,
      position: row.position,
      behind_events: b.n,
      lag_ms: Math.max(0, b.oldestMs),
      last_applied_at: iso(row.updated_at),
      rebuild: row.r_status
        ? {
            status: row.r_status as 'rebuilding' | 'swapped' | 'failed',
            version: row.r_version ?? 0,
            events_done: Number(row.events_done ?? 0),
            events_total: Number(row.events_total ?? 0),
            started_at: iso(row.started_at),
            finished_at: row.finished_at ? iso(row.finished_at) : null,
            last_error: row.last_error,
          }
        : null,
    });
  }
  return out;
}

async function behindInTable(db: SqlClient, position: string | null): Promise<{ n: number; oldestMs: number }> {
  const from = position ? decodePosition(position) : { transactionId: 0n, position: 0n };
  const { rows } = await db.query<{ n: string; oldest_ms: string | null }>(
    `SELECT count(*)::text AS n, (extract(epoch FROM now() - min(recorded_at)) * 1000)::bigint::text AS oldest_ms
     FROM (SELECT recorded_at FROM events WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
           ORDER BY transaction_id, position LIMIT ${BEHIND_CAP}) e`,
    [from.transactionId.toString(), from.position.toString()],
  );
  return { n: Number(rows[0]?.n ?? 0), oldestMs: Number(rows[0]?.oldest_ms ?? 0) };
}
