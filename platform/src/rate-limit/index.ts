import type { SqlClient } from '../sql/types';

/**
 * Attempt counters in a table, so every process of the distributed mode shares them. A fixed window per
 * key: the first hit opens it, hits inside it count up, the first hit after it opens a new one. One
 * upsert per hit, so two processes counting at once never lose a hit.
 */
export type RateRule = { limit: number; windowMs: number };
export type RateDecision = { allowed: boolean; count: number; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one attempt; `allowed` is false once the count passes the limit. */
  hit(key: string, rule: RateRule, now: Date): Promise<RateDecision>;
  /** Whether one more attempt would be allowed, without counting it (failures are counted afterwards). */
  check(key: string, rule: RateRule, now: Date): Promise<RateDecision>;
  reset(key: string): Promise<void>;
};

export async function migrateRateLimits(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS rate_limits (
    key text PRIMARY KEY,
    window_start bigint NOT NULL,
    window_end bigint NOT NULL,
    hits integer NOT NULL
  )`);
  await db.query('CREATE INDEX IF NOT EXISTS rate_limits_window_end ON rate_limits (window_end)');
}

type Row = { window_end: string; hits: number };

const decision = (row: Row | undefined, rule: RateRule, nowMs: number, counting: boolean): RateDecision => {
  if (!row || Number(row.window_end) <= nowMs) return { allowed: true, count: 0, retryAfterMs: 0 };
  const hits = Number(row.hits);
  const allowed = counting ? hits <= rule.limit : hits < rule.limit;
  return { allowed, count: hits, retryAfterMs: allowed ? 0 : Number(row.window_end) - nowMs };
};

export function createRateLimiter(db: SqlClient, options: { pruneEvery?: number } = {}): RateLimiter {
  const pruneEvery = options.pruneEvery ?? 500;
  let sincePrune = 0;
  return {
    async hit(key, rule, now) {
      const nowMs = now.getTime();
      const { rows } = await db.query<Row>(
        `INSERT INTO rate_limits AS r (key, window_start, window_end, hits) VALUES ($1, $2::bigint, $2::bigint + $3::bigint, 1)
         ON CONFLICT (key) DO UPDATE SET
           window_start = CASE WHEN r.window_end <= $2::bigint THEN $2::bigint ELSE r.window_start END,
           window_end = CASE WHEN r.window_end <= $2::bigint THEN $2::bigint + $3::bigint ELSE r.window_end END,
           hits = CASE WHEN r.window_end <= $2::bigint THEN 1 ELSE r.hits + 1 END
         RETURNING window_end, hits`,
        [key, nowMs, rule.windowMs],
      );
      // Keys of addresses nobody tries again would stay forever; now and then drop the lapsed ones.
      if (++sincePrune >= pruneEvery) {
        sincePrune = 0;
        await db.query('DELETE FROM rate_limits WHERE window_end <= $1::bigint', [nowMs]);
      }
      return decision(rows[0], rule, nowMs, true);
    },
    async check(key, rule, now) {
      const { rows } = await db.query<Row>('SELECT window_end, hits FROM rate_limits WHERE key = $1', [key]);
      return decision(rows[0], rule, now.getTime(), false);
    },
    async reset(key) {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
  };
}
