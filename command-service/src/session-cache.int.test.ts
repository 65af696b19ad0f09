import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSessionStore, migrateSessions, type SessionStore } from '@evergrade/platform/auth';
import { openPgliteDatabase, type Database } from '@evergrade/platform/sql';
import { cachedSessions, SESSION_CACHE_MS } from './session-cache';

let db: Database;
let inner: SessionStore;
let clock = 0;
const user = { tenant: 'demo', userId: 7, role: 'student' as const, email: 's@demo.school', firstName: 'S', lastName: 'T' };

beforeAll(async () => {
  db = await openPgliteDatabase();
  await migrateSessions(db);
  inner = createSessionStore(db, { ttlHours: 1 });
});
afterAll(() => db.close());

it('a revocation through the cached store takes effect at once; one by another process within SESSION_CACHE_MS', async () => {
  const cached = cachedSessions(inner, SESSION_CACHE_MS, () => clock);
  const { token } = await inner.create(user);
  expect(await cached.find(token)).toMatchObject({ userId: 7 });
  await cached.revoke(token);
  expect(await cached.find(token)).toBeNull();

  const second = await inner.create(user);
  clock = 1_000_000;
  expect(await cached.find(second.token)).toMatchObject({ userId: 7 });
  // Another process (the inner store straight) revokes it: trusted here until the cached lookup's time is up.
  await inner.revokeAllFor('demo', 7);
  clock += SESSION_CACHE_MS - 1;
  expect(await cached.find(second.token)).toMatchObject({ userId: 7 });
  clock += 1;
  expect(await cached.find(second.token)).toBeNull();
});
