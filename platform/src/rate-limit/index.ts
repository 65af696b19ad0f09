import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../sql/types';

/**
 * Attempt counters in tables, so every process of the distributed mode shares them. A fixed window per
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
  /** Takes back one hit counted by `hit` (never below zero): an attempt that turned out not to count. */
  release(key: string, now: Date): Promise<void>;
  /**
   * Backoff for one key: claims the right to one attempt, atomically, or says how long to wait. The first
   * `free` attempts since the last `reset` go through at once; each later one must wait `baseMs`, doubling
   * per attempt up to `maxMs`, after the one before it. Parallel claims never slip through together: exactly
   * one claim can take a free slot. Attempts are forgotten after `forgetMs` without one.
   */
  claim(key: string, policy: BackoffPolicy, now: Date): Promise<BackoffDecision>;
};

export type BackoffPolicy = { free: number; baseMs: number; maxMs: number; forgetMs: number };
export type BackoffDecision = { allowed: boolean; attempts: number; retryAfterMs: number };

/** The wait before attempt `n + 1` once `n` attempts have been made (0 while free). */
export function backoffDelayMs(policy: BackoffPolicy, attempts: number): number {
  if (attempts < policy.free) return 0;
  return Math.min(policy.maxMs, policy.baseMs * 2 ** (attempts - policy.free));
}

export async function migrateRateLimits(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS rate_limits (
    key text PRIMARY KEY,
    window_start bigint NOT NULL,
    window_end bigint NOT NULL,
    hits integer NOT NULL
  )`);
  await db.query('CREATE INDEX IF NOT EXISTS rate_limits_window_end ON rate_limits (window_end)');
  await db.query(`CREATE TABLE IF NOT EXISTS rate_backoff (
    key text PRIMARY KEY,
    attempts integer NOT NULL,
    next_at bigint NOT NULL,
    forget_at bigint NOT NULL,
    claim text NOT NULL
  )`);
  await db.query('CREATE INDEX IF NOT EXISTS rate_backoff_forget_at ON rate_backoff (forget_at)');
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
  let claims = 0;
  const claimPrefix = randomUUID();
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
      await db.query('DELETE FROM rate_backoff WHERE key = $1', [key]);
    },
    async release(key, now) {
      await db.query('UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1 AND window_end > $2::bigint', [
        key,
        now.getTime(),
      ]);
    },
    async claim(key, policy, now) {
      const nowMs = now.getTime();
      // Whoever's token the row holds after the upsert took the slot; the row lock orders parallel claims.
      const token = `${claimPrefix}:${++claims}`;
      // $6: the wait after this attempt, as SQL of the attempt count n (backoffDelayMs, in SQL).
      const delay = (n: string) =>
        `(CASE WHEN ${n} < $4 THEN 0 ELSE LEAST($6::float8, $5::float8 * power(2::float8, ${n} - $4))::bigint END)`;
      const { rows } = await db.query<{ attempts: number; next_at: string; claim: string }>(
        `INSERT INTO rate_backoff AS r (key, attempts, next_at, forget_at, claim)
         VALUES ($1, 1, $2::bigint + ${delay('1')}, $2::bigint + $7::bigint, $3)
         ON CONFLICT (key) DO UPDATE SET
           attempts = CASE WHEN r.forget_at <= $2::bigint THEN 1 WHEN r.next_at <= $2::bigint THEN r.attempts + 1 ELSE r.attempts END,
           next_at = CASE WHEN r.forget_at <= $2::bigint THEN $2::bigint + ${delay('1')}
                          WHEN r.next_at <= $2::bigint THEN $2::bigint + ${delay('(r.attempts + 1)')} ELSE r.next_at END,
           forget_at = CASE WHEN r.forget_at <= $2::bigint OR r.next_at <= $2::bigint THEN $2::bigint + $7::bigint ELSE r.forget_at END,
           claim = CASE WHEN r.forget_at <= $2::bigint OR r.next_at <= $2::bigint THEN $3 ELSE r.claim END
         RETURNING attempts, next_at, claim`,
        [key, nowMs, token, policy.free, policy.baseMs, policy.maxMs, policy.forgetMs],
      );
      if (++sincePrune >= pruneEvery) {
        sincePrune = 0;
        await db.query('DELETE FROM rate_limits WHERE window_end <= $1::bigint', [nowMs]);
        await db.query('DELETE FROM rate_backoff WHERE forget_at <= $1::bigint', [nowMs]);
      }
      const row = rows[0]!;
      const allowed = row.claim === token;
      return { allowed, attempts: Number(row.attempts), retryAfterMs: allowed ? 0 : Math.max(0, Number(row.next_at) - nowMs) };
    },
  };
}
