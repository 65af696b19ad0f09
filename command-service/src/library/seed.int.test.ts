import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_LIBRARY_TENANT, streamIds } from '@evergrade/contracts';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import { openPgliteDatabase, type Database } from '@evergrade/platform/sql';
import { SEED_QUESTION_BANK } from './data/questions';
import { SEED_RUBRICS } from './data/rubrics';
import { SEED_TEXTBOOKS } from './data/textbooks';
import { seedSharedLibrary } from './seed';

let db: Database;
let store: EventStore;
beforeAll(async () => {
  db = await openPgliteDatabase({});
  store = await createSqlEventStore(db);
});
afterAll(async () => {
  await store.close();
  await db.close();
});

describe('seeding the shared library', () => {
  it('adds every item once, with integer ids, even when two processes seed at the same moment', async () => {
    const total = SEED_RUBRICS.length + SEED_TEXTBOOKS.length + SEED_QUESTION_BANK.reduce((n, s) => n + s.questions.length, 0);
    const results = await Promise.all([seedSharedLibrary(store), seedSharedLibrary(store)]);
    expect(results.reduce((n, r) => n + r.added, 0)).toBe(total);
    expect(await seedSharedLibrary(store)).toEqual({ added: 0 });
    const questions = await store.readStream(streamIds.questionLibrary(SHARED_LIBRARY_TENANT));
    expect(questions).toHaveLength(total - SEED_RUBRICS.length - SEED_TEXTBOOKS.length);
    expect(new Set(questions.map((e) => e.data.questionId)).size).toBe(questions.length);
    expect(questions[0]).toMatchObject({ type: 'LibraryQuestionAdded', metadata: { tenant: SHARED_LIBRARY_TENANT, actorRole: 'system' } });
  });

  it('adds only what a newer build brings to an older database', async () => {
    const stream = streamIds.rubrics(SHARED_LIBRARY_TENANT);
    const before = (await store.readStream(stream)).length;
    SEED_RUBRICS.push({ rubricName: 'Collaboration', criterion: 'Shared Responsibility', levels: ['a', 'b', 'c', 'd'] });
    try {
      expect(await seedSharedLibrary(store)).toEqual({ added: 1 });
      const after = await store.readStream(stream);
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)!.data).toMatchObject({ rubricName: 'Collaboration', criterion: 'Shared Responsibility' });
    } finally {
      SEED_RUBRICS.pop();
    }
  });
});
