import { afterEach, describe, expect, it } from 'vitest';
import { streamCategory } from '@evergrade/contracts';
import { verifyPassword } from '@evergrade/platform/auth';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import { openPgliteDatabase, type Database } from '@evergrade/platform/sql';
import { DEMO_LOGINS, DEMO_PASSWORD, DEMO_PREAPPROVED_STUDENTS, seedDemoSchool } from './demo-school';
import { findUserByEmail } from './user/lookup';

class Killed extends Error {}

const open: { db: Database; store: EventStore }[] = [];
async function freshStore(): Promise<EventStore> {
  const db = await openPgliteDatabase({});
  const store = await createSqlEventStore(db);
  open.push({ db, store });
  return store;
}
afterEach(async () => {
  for (const { db, store } of open.splice(0)) {
    await store.close();
    await db.close();
  }
});

/** The store as a process sees it that dies right after its next write lands (the append committed, nothing after it ran). */
function dyingAfterOneWrite(store: EventStore): EventStore {
  return {
    ...store,
    async append(streamId, events, options) {
      const result = await store.append(streamId, events, options);
      if (result.appended) throw new Killed(`killed after writing to ${streamId}`);
      return result;
    },
  };
}

/** Every event of the log as `category type`, with how often it occurs, and the data that must not repeat. */
async function census(store: EventStore) {
  const all = await store.readAll({ limit: 100_000 });
  const counts: Record<string, number> = {};
  for (const e of all) counts[`${streamCategory(e.streamId)} ${e.type}`] = (counts[`${streamCategory(e.streamId)} ${e.type}`] ?? 0) + 1;
  return { counts, all };
}

async function expectWholeDemoSchool(store: EventStore) {
  for (const login of DEMO_LOGINS) {
    const user = await findUserByEmail(store, 'demo', login.email);
    expect(user, login.email).not.toBeNull();
    expect(user!.role).toBe(login.role);
    expect(await verifyPassword(DEMO_PASSWORD, user!.passwordHash), `${login.email} password`).toBe(true);
  }
  const { counts, all } = await census(store);
  expect(counts).toMatchObject({
    'tenant TenantRegistered': 1,
    'tenant AuthorizedDomainAdded': 1,
    'tenant StudentPreapproved': DEMO_PREAPPROVED_STUDENTS.length,
    'user UserRegistered': 5,
    'user-email EmailReserved': 5,
    'course-code CourseCodeReserved': 2,
    'course CourseCreated': 2,
    'course StudentEnrolled': 4,
    'assignment AssignmentCreated': 4,
    'assignment QuestionFlagged': 1,
  });
  const titles = all
    .filter((e) => e.type === 'AssignmentCreated')
    .map((e) => e.data.title)
    .sort();
  expect(titles).toEqual(['Energy and Work', 'Linear Functions Review', "Newton's Laws", 'Quadratic Equations']);
  return counts;
}

describe('seeding the demo school', () => {
  it('seeds once and leaves a whole school alone on later starts', async () => {
    const store = await freshStore();
    expect(await seedDemoSchool(store)).toBe(true);
    const before = (await census(store)).counts;
    expect(await seedDemoSchool(store)).toBe(false);
    expect((await census(store)).counts).toEqual(before);
    await expectWholeDemoSchool(store);
  }, 180_000);

  it('resumes after a crash after any single write: each later start ends with the whole school, nothing twice', async () => {
    const clean = await freshStore();
    await seedDemoSchool(clean);
    const expected = (await census(clean)).counts;

    const store = await freshStore();
    const dying = dyingAfterOneWrite(store);
    let crashes = 0;
    // Each start writes exactly one more append and dies, so every point between two writes is a crash point.
    for (;;) {
      try {
        await seedDemoSchool(dying);
        break;
      } catch (err) {
        if (!(err instanceof Killed)) throw err;
        crashes++;
        expect(crashes).toBeLessThan(200);
      }
    }
    expect(crashes).toBeGreaterThan(20);
    // The start after the last write found the seed finished; so does every later one.
    expect(await seedDemoSchool(store)).toBe(false);
    expect(await expectWholeDemoSchool(store)).toEqual(expected);
  }, 240_000);

  it('says it seeded when a start finishes a seed an earlier start left half done', async () => {
    const store = await freshStore();
    const dying = dyingAfterOneWrite(store);
    for (let i = 0; i < 8; i++) await expect(seedDemoSchool(dying)).rejects.toBeInstanceOf(Killed);
    expect(await seedDemoSchool(store)).toBe(true);
    expect(await seedDemoSchool(store)).toBe(false);
    await expectWholeDemoSchool(store);
  }, 180_000);
});
