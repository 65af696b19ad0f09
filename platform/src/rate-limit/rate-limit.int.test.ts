import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../sql/pglite';
import { openPostgresDatabase } from '../sql/postgres';
import { createIsolatedSchema, type IsolatedSchema } from '../sql/isolated-schema';
import type { Database } from '../sql/types';
import { backoffDelayMs, createRateLimiter, migrateRateLimits } from './index';

const databaseUrl = process.env.DATABASE_URL;
const rule = { limit: 3, windowMs: 60_000 };
const t0 = new Date('2026-03-01T08:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

function rateLimiterContract(open: () => Promise<{ dbs: [Database, Database]; cleanup(): Promise<void> }>) {
  let dbs: [Database, Database];
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dbs, cleanup } = await open());
    await migrateRateLimits(dbs[0]);
  });
  afterAll(async () => {
    await cleanup();
  });

  it('allows up to the limit in a window, then refuses with the time left', async () => {
    const limiter = createRateLimiter(dbs[0]);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit('a', rule, at(i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ count: 4, retryAfterMs: 57_000 });
  });

  it('opens a new window once the old one has passed', async () => {
    const limiter = createRateLimiter(dbs[0]);
    for (let i = 0; i < 4; i++) await limiter.hit('b', rule, at(0));
    expect(await limiter.hit('b', rule, at(60_000))).toMatchObject({ allowed: true, count: 1 });
  });

  it('checks without counting, and reset clears the key', async () => {
    const limiter = createRateLimiter(dbs[0]);
    expect(await limiter.check('c', rule, at(0))).toMatchObject({ allowed: true, count: 0 });
    for (let i = 0; i < 3; i++) await limiter.hit('c', rule, at(0));
    expect(await limiter.check('c', rule, at(1000))).toMatchObject({ allowed: false, count: 3, retryAfterMs: 59_000 });
    await limiter.reset('c');
    expect(await limiter.check('c', rule, at(1000))).toMatchObject({ allowed: true, count: 0 });
  });

  it('loses no hit when two connections count the same key at once', async () => {
    const [one, two] = dbs.map((db) => createRateLimiter(db));
    const big = { limit: 1000, windowMs: 60_000 };
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one! : two!).hit('d', big, at(0))));
    expect((await one!.check('d', big, at(1))).count).toBe(40);
  });

  it('takes back a hit on release, never below zero', async () => {
    const limiter = createRateLimiter(dbs[0]);
    for (let i = 0; i < 3; i++) await limiter.hit('e', rule, at(0));
    await limiter.release('e', at(1));
    expect((await limiter.check('e', rule, at(2))).count).toBe(2);
    for (let i = 0; i < 5; i++) await limiter.release('e', at(3));
    expect((await limiter.check('e', rule, at(4))).count).toBe(0);
  });

  const policy = { free: 3, baseMs: 1000, maxMs: 8000, forgetMs: 3_600_000 };

  it('backs off: free attempts at once, then a doubling wait after each, capped', async () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map((n) => backoffDelayMs(policy, n))).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 8000]);
    const limiter = createRateLimiter(dbs[0]);
    for (let i = 0; i < 3; i++) expect(await limiter.claim('f', policy, at(0))).toMatchObject({ allowed: true, attempts: i + 1 });
    expect(await limiter.claim('f', policy, at(400))).toEqual({ allowed: false, attempts: 3, retryAfterMs: 600 });
    expect(await limiter.claim('f', policy, at(1000))).toMatchObject({ allowed: true, attempts: 4 });
    expect(await limiter.claim('f', policy, at(2999))).toEqual({ allowed: false, attempts: 4, retryAfterMs: 1 });
    expect(await limiter.claim('f', policy, at(3000))).toMatchObject({ allowed: true, attempts: 5 });
    expect(await limiter.claim('f', policy, at(3000))).toEqual({ allowed: false, attempts: 5, retryAfterMs: 4000 });
    await limiter.reset('f');
    expect(await limiter.claim('f', policy, at(3001))).toMatchObject({ allowed: true, attempts: 1 });
  });

  it('forgets the attempts of a key left alone for forgetMs', async () => {
    const limiter = createRateLimiter(dbs[0]);
    for (let i = 0; i < 4; i++) await limiter.claim('g', policy, at(0));
    expect((await limiter.claim('g', policy, at(500))).allowed).toBe(false);
    expect(await limiter.claim('g', policy, at(3_600_000))).toMatchObject({ allowed: true, attempts: 1 });
  });

  it('lets exactly the free attempts through when hundreds claim at once on two connections', async () => {
    const [one, two] = dbs.map((db) => createRateLimiter(db));
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? one! : two!).claim('h', policy, at(0))));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs === 1000)).toBe(true);
  });

  it('prunes lapsed windows now and then', async () => {
    const limiter = createRateLimiter(dbs[0], { pruneEvery: 2 });
    await limiter.hit('old', rule, at(0));
    await limiter.hit('new', rule, at(120_000));
    const { rows } = await dbs[0].query<{ key: string }>("SELECT key FROM rate_limits WHERE key IN ('old', 'new')");
    expect(rows.map((r) => r.key)).toEqual(['new']);
  });
}

describe('rate limiter on PGlite', () =>
  rateLimiterContract(async () => {
    const db = await openPgliteDatabase();
    return { dbs: [db, db], cleanup: () => db.close() };
  }));

describe.skipIf(!databaseUrl)(`rate limiter on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () => {
  let schema: IsolatedSchema;
  rateLimiterContract(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'rl_test');
    const dbs: [Database, Database] = [
      openPostgresDatabase({ connectionString: schema.connectionString }),
      openPostgresDatabase({ connectionString: schema.connectionString }),
    ];
    return {
      dbs,
      cleanup: async () => {
        for (const db of dbs) await db.close();
        await schema.drop();
      },
    };
  });
});
