import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_LIBRARY_TENANT, streamIds } from '@evergrade/contracts';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import { openPgliteDatabase, type Database } from '@evergrade/platform/sql';
import { SEED_QUESTION_BANK } from './data/questions';
import { SEED_RUBRICS } from './data/rubrics';
import { SEED_BOOKS } from './data/books';
import { LEGACY_TEXTBOOKS } from './data/textbooks';
import { allocateIds } from '../ids';
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
    const total = SEED_RUBRICS.length + SEED_BOOKS.length + SEED_QUESTION_BANK.reduce((n, s) => n + s.questions.length, 0);
    const results = await Promise.all([seedSharedLibrary(store), seedSharedLibrary(store)]);
    expect(results.reduce((n, r) => n + r.added, 0)).toBe(total);
    expect(await seedSharedLibrary(store)).toEqual({ added: 0 });
    const questions = await store.readStream(streamIds.questionLibrary(SHARED_LIBRARY_TENANT));
    expect(questions).toHaveLength(total - SEED_RUBRICS.length - SEED_BOOKS.length);
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

  it('indexes the three shipped books through the upload pipeline: ids 1 to 3 on a fresh store, each once', async () => {
    const events = await store.readStream(streamIds.textbooks(SHARED_LIBRARY_TENANT));
    const added = events.filter((e) => e.type === 'TextbookAdded');
    expect(added.map((e) => [e.data.textbookId, e.data.title])).toEqual(SEED_BOOKS.map((b, i) => [i + 1, b.title]));
    for (const [i, book] of SEED_BOOKS.entries()) {
      const pages = events.filter((e) => e.type === 'TextbookPagesExtracted' && e.data.textbookId === i + 1);
      const indexed = events.filter((e) => e.type === 'TextbookIndexed' && e.data.textbookId === i + 1);
      expect(indexed).toHaveLength(1);
      const read = pages.flatMap((e) => e.data.pages as { page: number; text: string }[]);
      expect(read.map((p) => p.page)).toEqual(Array.from({ length: read.length }, (_, n) => n + 1));
      expect(indexed[0]!.data.pageCount).toBe(read.length);
      for (const e of pages) expect((e.data.pages as unknown[]).length).toBeLessThanOrEqual(25);
      // Every section heading is on some page; the example queries come from them.
      const text = read.map((p) => p.text).join('\n');
      for (const section of book.chapters.flatMap((c) => c.sections)) expect(text).toContain(section.heading);
      const queries = indexed[0]!.data.exampleQueries as string[];
      expect(queries).toHaveLength(4);
      const headings = book.chapters.flatMap((c) => c.sections.map((s) => s.heading.replace(/^[\d.]+\s+/, '').toLowerCase()));
      for (const q of queries) expect(headings.some((h) => q.toLowerCase().includes(h.replace(/\?$/, '')))).toBe(true);
    }
    expect(events.some((e) => e.type === 'TextbookRemoved')).toBe(false);
  });

  it('retires the title-only books of an older build and adds the shipped ones beside them; a restart seeds nothing', async () => {
    const db2 = await openPgliteDatabase({});
    const older = await createSqlEventStore(db2);
    try {
      const stream = streamIds.textbooks(SHARED_LIBRARY_TENANT);
      const ids = await allocateIds(older, 'textbook', LEGACY_TEXTBOOKS.length);
      await older.append(
        stream,
        LEGACY_TEXTBOOKS.map((t, i) => ({
          type: 'TextbookAdded',
          data: { textbookId: ids[i]!, title: t.title, subject: t.subject, addedAt: '2026-01-01T00:00:00.000Z' },
          metadata: { tenant: SHARED_LIBRARY_TENANT, actorRole: 'system' },
        })),
        { expectedVersion: 'no_stream' },
      );
      const started = performance.now();
      await seedSharedLibrary(older);
      const firstMs = performance.now() - started;
      const after = await older.readStream(stream);
      const removed = after.filter((e) => e.type === 'TextbookRemoved');
      expect(removed.map((e) => e.data.textbookId)).toEqual(ids);
      for (const e of removed) expect(e.data.removedBy).toBeNull();
      const books = after.filter((e) => e.type === 'TextbookAdded').slice(LEGACY_TEXTBOOKS.length);
      expect(books.map((e) => e.data.textbookId)).toEqual(SEED_BOOKS.map((_, i) => LEGACY_TEXTBOOKS.length + i + 1));
      const again = performance.now();
      expect(await seedSharedLibrary(older)).toEqual({ added: 0 });
      const restartMs = performance.now() - again;
      expect(await older.readStream(stream)).toHaveLength(after.length);
      console.log(`textbook seed: first ${Math.round(firstMs)} ms, restart ${Math.round(restartMs)} ms`);
    } finally {
      await older.close();
      await db2.close();
    }
  });
});
