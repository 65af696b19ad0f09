import { describe, expect, it } from 'vitest';
import { SHARED_LIBRARY_TENANT, passageIdOf, type DomainEvent } from '@evergrade/contracts';
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
import { textbookPassagesProjection } from './textbook-passages';
import { passageById, passagesOfPage, searchPassages } from './textbook-passages.queries';

const at = '2026-03-01T09:00:00.000Z';
const added = (textbookId: number, title: string): DomainEvent => ({
  type: 'TextbookAdded',
  data: { textbookId, title, subject: 'Science', addedAt: at },
});
const pages = (textbookId: number, list: { page: number; text: string }[]): DomainEvent => ({
  type: 'TextbookPagesExtracted',
  data: { textbookId, pages: list, method: 'text' },
});
const indexed = (textbookId: number, pageCount: number): DomainEvent => ({
  type: 'TextbookIndexed',
  data: { textbookId, pageCount, exampleQueries: [], at },
});

/** A paragraph wrapped at about 70 characters, as the PDF text layer gives it. */
const wrap = (text: string): string => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > 70) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
};

const filler = (topic: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Sentence ${i + 1} says something general about ${topic} and the world around us.`).join(' ');

const page1 = [
  'Chapter 1: Living Things',
  '1.1 Cells',
  wrap(`Every living thing is made of cells. ${filler('cells', 6)}`),
  wrap(`The nucleus holds the cell's genetic material. ${filler('the nucleus', 5)}`),
  '1',
].join('\n');
const page2 = [
  wrap(`Mitochondria release energy from food in a process called respiration. ${filler('energy', 4)}`),
  '1.2 Photosynthesis',
  wrap(`Plants use light, water and carbon dioxide to make glucose and oxygen in their chloroplasts. ${filler('plants', 5)}`),
  '2',
].join('\n');
const page3 = ['2.1 Forces', wrap(`A force is a push or a pull. Newton measured forces. ${filler('forces', 6)}`), '3'].join('\n');

const history = () =>
  recordedLog([
    [SHARED_LIBRARY_TENANT, added(1, 'Life Science')],
    [SHARED_LIBRARY_TENANT, pages(1, [{ page: 1, text: page1 }])],
    [SHARED_LIBRARY_TENANT, pages(1, [{ page: 2, text: page2 }])],
    [SHARED_LIBRARY_TENANT, indexed(1, 2)],
    ['demo', added(2, 'Demo Physics')],
    ['demo', pages(2, [{ page: 1, text: page3 }])],
    ['demo', indexed(2, 1)],
    ['other', added(3, 'Other Physics')],
    ['other', pages(3, [{ page: 1, text: page3 }])],
    ['other', indexed(3, 1)],
    ['demo', added(4, 'Scanned, failed')],
    ['demo', { type: 'TextbookIndexingFailed', data: { textbookId: 4, reason: 'No text could be read from this PDF.', at } }],
    ['demo', added(5, 'Removed Biology')],
    ['demo', pages(5, [{ page: 1, text: page1 }])],
    ['demo', indexed(5, 1)],
    ['demo', { type: 'TextbookRemoved', data: { textbookId: 5, removedBy: 7, at } }],
    ['demo', added(6, 'Still indexing')],
    ['demo', pages(6, [{ page: 1, text: page2 }])],
  ]);

describe.each(testBackends('textbook_passages'))('the textbook-passages read model on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, [textbookPassagesProjection]);
  const p = textbookPassagesProjection;

  it('splits pages into passages that keep their page, the same in one batch, one event per batch or batches of 2, 3, 5 and 7', async () => {
    const all = history();
    const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
    const eachTouched = await applyOneByOne(dbs.many.db, p, all);
    const expected = await dumpTables(dbs.many.db, p);
    expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
    // No notices: the passages are read by the assistant, not shown in a list.
    expect(noticeSets(batchTouched)).toEqual({});
    expect(noticeSets(eachTouched)).toEqual({});
    await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5, 7]);
    await expectOneReadPerTable(dbs.many.db, p, all);
    // A redelivered batch changes nothing.
    await dbs.many.db.transaction((tx) => p.applyBatch(tx, all.slice(0, 3)));
    expect(await dumpTables(dbs.many.db, p)).toEqual(expected);

    const passages = expected.textbook_passages as { tenant: string; textbook_id: number; page: number; text: string; heading: string }[];
    // The removed book's passages are gone; the others' pages are all there.
    expect(passages.filter((r) => r.textbook_id === 5)).toEqual([]);
    expect(new Set(passages.filter((r) => r.textbook_id === 1).map((r) => r.page))).toEqual(new Set([1, 2]));
    // A passage never leaves its page: page 2's first passage (mitochondria) is in the section page 1 ended in.
    const mito = passages.find((r) => r.textbook_id === 1 && r.text.startsWith('Mitochondria'))!;
    expect(mito).toMatchObject({ page: 2, heading: 'Cells' });
    for (const r of passages) expect(r.text.split(/\s+/).length).toBeLessThanOrEqual(260);
  });

  it('finds the page that answers a natural question first, only in ready books of the tenants asked', async () => {
    const { db } = dbs.one;
    await db.transaction((tx) => p.applyBatch(tx, history()));
    const shared = [SHARED_LIBRARY_TENANT];
    const first = async (query: string, tenants = shared, textbookIds?: number[]) =>
      (await searchPassages(db, { tenants, textbookIds: textbookIds ?? null, query, limit: 5 }))[0];

    expect(await first('How do plants make glucose?')).toMatchObject({ textbook_id: 1, title: 'Life Science', page: 2 });
    expect(await first('What does the nucleus hold?')).toMatchObject({ textbook_id: 1, page: 1 });
    expect(await first('Where is energy released from food?')).toMatchObject({ page: 2 });
    const hit = (await first('What do mitochondria do?'))!;
    expect(hit.text).toMatch(/^Mitochondria release energy/);
    expect(hit.score).toBeGreaterThan(0);
    expect(hit.passage_id).toBe(passageIdOf(1, 2, 0));

    // Nothing matches: no hit (not an error). Only stop words: none either.
    expect(await searchPassages(db, { tenants: shared, query: 'quasar spectroscopy', limit: 5 })).toEqual([]);
    expect(await searchPassages(db, { tenants: shared, query: 'what is the', limit: 5 })).toEqual([]);
    // Another school's book, a failed one, a removed one and one still indexing never answer.
    const demo = ['demo', SHARED_LIBRARY_TENANT];
    const forces = await searchPassages(db, { tenants: demo, query: 'What is a force?', limit: 10 });
    expect(forces.map((h) => h.textbook_id)).toContain(2);
    expect(forces.map((h) => h.textbook_id)).not.toContain(3);
    const glucose = await searchPassages(db, { tenants: demo, query: 'plants glucose cells nucleus', limit: 20 });
    expect(new Set(glucose.map((h) => h.textbook_id))).toEqual(new Set([1]));
    // Only the chosen books.
    expect(await searchPassages(db, { tenants: demo, textbookIds: [2], query: 'plants glucose', limit: 5 })).toEqual([]);
    // Rarer words weigh more: a passage with the rare word beats one repeating a common one.
    expect(await first('Newton forces', demo)).toMatchObject({ textbook_id: 2 });

    // By id: the tenant's or shared; another school's is null.
    const id = hit.passage_id;
    expect(await passageById(db, demo, id)).toEqual({ passage_id: id, textbook_id: 1, title: 'Life Science', page: 2, text: hit.text });
    const otherForce = (await searchPassages(db, { tenants: ['other'], query: 'force', limit: 1 }))[0]!;
    expect(await passageById(db, demo, otherForce.passage_id)).toBeNull();
    expect(await passageById(db, ['other'], otherForce.passage_id)).toMatchObject({ textbook_id: 3 });
    expect((await passagesOfPage(db, shared, 1, 2)).map((x) => x.page)).toEqual([2, 2]);
    const index = await db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = 'textbook_passages_search'`);
    expect(index.rows[0]!.indexdef).toMatch(/USING gin \(search\)/);
  });
});
