import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPgliteDatabase, type Database } from '../sql';
import { createSessionStore, migrateSessions, type SessionStore } from './sessions';

let db: Database;
let sessions: SessionStore;
/** The session look-ups that reached the database, by statement. */
let lookups = 0;
let failNext = false;

beforeAll(async () => {
  db = await openPgliteDatabase();
  await migrateSessions(db);
  const counting: Database = Object.create(db) as Database;
  counting.query = ((text: string, params?: readonly unknown[], options?: { prepare?: boolean }) => {
    if (text.includes('FROM auth_sessions')) {
      lookups++;
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('connection lost'));
      }
    }
    return db.query(text, params, options);
  }) as Database['query'];
  sessions = createSessionStore(counting, { ttlHours: 1 });
});
afterAll(() => db.close());

const student = (userId: number) => ({
  tenant: 'demo',
  userId,
  role: 'student' as const,
  email: `s${userId}@demo.school`,
  firstName: 'S',
  lastName: String(userId),
});

it('looks up the sessions asked for in one turn with one statement, each answered with its own session', async () => {
  const made = await Promise.all(Array.from({ length: 20 }, (_, i) => sessions.create(student(100 + i))));
  await sessions.revoke(made[3]!.token);
  lookups = 0;
  const asked = [...made.map((m) => m.token), made[5]!.token, 'no-such-token'];
  const found = await Promise.all(asked.map((t) => sessions.find(t)));
  expect(lookups).toBe(1);
  made.forEach((m, i) => {
    if (i === 3) expect(found[i]).toBeNull();
    else
      expect(found[i]).toMatchObject({
        tenant: 'demo',
        userId: 100 + i,
        role: 'student',
        lastName: String(100 + i),
        csrfToken: m.session.csrfToken,
      });
  });
  expect(found[20]).toMatchObject({ userId: 105 });
  expect(found[21]).toBeNull();
  expect(found[0]!.expiresAt).toBeInstanceOf(Date);
});

it('a look-up asked after a revocation committed does not find the session', async () => {
  const { token } = await sessions.create(student(7));
  expect(await sessions.find(token)).toMatchObject({ userId: 7 });
  await sessions.revokeAllFor('demo', 7);
  expect(await sessions.find(token)).toBeNull();
});

it('a failed statement fails every look-up of its turn, and the next turn looks up again', async () => {
  const { token } = await sessions.create(student(8));
  failNext = true;
  const results = await Promise.allSettled([sessions.find(token), sessions.find(token), sessions.find('other')]);
  expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  expect(await sessions.find(token)).toMatchObject({ userId: 8 });
});
