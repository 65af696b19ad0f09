import { decodePosition } from '@evergrade/platform/event-store';
import type { SqlClient } from '@evergrade/platform/sql';

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
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

export async function countEvents(db: SqlClient): Promise<number> {
  return Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]?.n ?? 0);
}

export async function projectionStatuses(db: SqlClient): Promise<ProjectionStatusRow[]> {
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
    const from = row.position ? decodePosition(row.position) : { transactionId: 0n, position: 0n };
    const after = [from.transactionId.toString(), from.position.toString()];
    const behind = await db.query<{ n: string; oldest_ms: string | null }>(
      `SELECT count(*)::text AS n, (extract(epoch FROM now() - min(recorded_at)) * 1000)::bigint::text AS oldest_ms
       FROM (SELECT recorded_at FROM events WHERE (transaction_id, position) > ($1::xid8, $2::bigint)
             ORDER BY transaction_id, position LIMIT ${BEHIND_CAP}) e`,
      after,
    );
    const b = behind.rows[0];
    out.push({
      name: row.name,
      version: row.version,
      position: row.position,
      behind_events: Number(b?.n ?? 0),
      lag_ms: Math.max(0, Number(b?.oldest_ms ?? 0)),
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
