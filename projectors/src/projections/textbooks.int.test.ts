import { describe, expect, it } from 'vitest';
import { SHARED_LIBRARY_TENANT, type DomainEvent } from '@evergrade/contracts';
import {
  applyOneByOne,
  dumpTables,
  expectBatchesOfSizes,
  expectOneReadPerTable,
  noticeSets,
  recordedLog,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { textbooksProjection } from './textbooks';
import { textbookById, textbooksOfTenants } from './textbooks.queries';

const at = '2026-03-01T09:00:00.000Z';
const added = (textbookId: number, title: string, author?: string): DomainEvent => ({
  type: 'TextbookAdded',
  data: { textbookId, title, ...(author ? { author } : {}), subject: 'Science', addedAt: at },
});
const pages = (textbookId: number, from: number, to: number): DomainEvent => ({
  type: 'TextbookPagesExtracted',
  data: {
    textbookId,
    pages: Array.from({ length: to - from + 1 }, (_, i) => ({ page: from + i, text: `Page ${from + i}` })),
    method: 'text',
  },
});

const history = () =>
  recordedLog([
    [SHARED_LIBRARY_TENANT, added(1, 'Forces and Motion', 'A. Writer')],
    [SHARED_LIBRARY_TENANT, pages(1, 1, 25)],
    [SHARED_LIBRARY_TENANT, pages(1, 26, 30)],
    [SHARED_LIBRARY_TENANT, { type: 'TextbookIndexed', data: { textbookId: 1, pageCount: 30, exampleQueries: ['What is a force?'], at } }],
    ['demo', added(2, 'Our Notes')],
    ['demo', pages(2, 1, 3)],
    ['demo', added(3, 'Scanned')],
    ['demo', { type: 'TextbookIndexingFailed', data: { textbookId: 3, reason: 'No text could be read from this PDF.', at } }],
    ['demo', added(4, 'Old Book')],
    ['demo', { type: 'TextbookRemoved', data: { textbookId: 4, removedBy: 9, at } }],
    // After its removal nothing brings a book back.
    ['demo', pages(4, 1, 2)],
    ['other', added(5, 'Their Book')],
  ]);

describe.each(testBackends('textbooks'))('the textbooks read model on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, [textbooksProjection]);
  const p = textbooksProjection;

  it('follows each book from indexing to ready or failed; removed books are not listed; the same in batches of any size', async () => {
    const all = history();
    const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
    const eachTouched = await applyOneByOne(dbs.many.db, p, all);
    const expected = await dumpTables(dbs.many.db, p);
    expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
    expect(noticeSets(batchTouched)).toEqual({ [SHARED_LIBRARY_TENANT]: ['textbooks'], demo: ['textbooks'], other: ['textbooks'] });
    expect(noticeSets(eachTouched)).toEqual(noticeSets(batchTouched));
    await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5, 7]);
    await expectOneReadPerTable(dbs.many.db, p, all);
    await dbs.many.db.transaction((tx) => p.applyBatch(tx, all.slice(0, 6)));
    expect(await dumpTables(dbs.many.db, p)).toEqual(expected);

    const { db } = dbs.one;
    const list = await textbooksOfTenants(db, [SHARED_LIBRARY_TENANT, 'demo']);
    expect(list.map((b) => [b.textbook_id, b.status, b.page_count, b.example_queries])).toEqual([
      [1, 'ready', 30, ['What is a force?']],
      [2, 'indexing', 3, []],
      [3, 'failed', 0, []],
    ]);
    expect(list[0]).toMatchObject({ title: 'Forces and Motion', author: 'A. Writer', tenant: SHARED_LIBRARY_TENANT, added_at: at });
    expect(list[2]!.failure).toBe('No text could be read from this PDF.');
    expect(await textbookById(db, ['demo'], 4)).toBeNull();
    expect(await textbookById(db, ['demo'], 5)).toBeNull();
    expect(await textbookById(db, ['other'], 5)).toMatchObject({ title: 'Their Book', author: null, status: 'indexing' });
  });
});
