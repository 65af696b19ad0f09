import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../sql/pglite';
import { openPostgresDatabase } from '../sql/postgres';
import { createIsolatedSchema, type IsolatedSchema } from '../sql/isolated-schema';
import type { Database } from '../sql/types';
import { createRateLimiter, migrateRateLimits } from './index';

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
  afterAll(async () => { await cleanup(); });

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
    return { dbs, cleanup: async () => { for (const db of dbs) await db.close(); await schema.drop(); } };
  });
});
