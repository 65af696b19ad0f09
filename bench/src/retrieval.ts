import { performance } from 'node:perf_hooks';
import { SHARED_LIBRARY_TENANT, type DomainEvent } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { openPgliteDatabase, openPostgresDatabase, type Database } from '@evergrade/platform/sql';
import { textbookPassagesProjection } from '@evergrade/projectors';
import { searchPassages } from '@evergrade/projectors/queries';
import { percentile } from './stats';
import { makePage, random, vocabulary } from './book-text';

/**
 * (f) Retrieval alone (issue 13): `books` textbooks of `pages` pages each (generated: numbered section headings and
 * paragraphs of sentences over a Zipf-distributed vocabulary of 6,000 words plus English function words) built into
 * the textbook-passages read model by its own batches (25 pages an event, as an upload records them, 200 events a
 * batch), then `queries` natural questions ("How does the X of Y change Z?": stop words and three or four of one
 * page's words, common and rare) through `searchPassages`, the five best, one after another, after `warmup` untimed:
 * over every book (a guest or AURA with many books) and over the one book the question was drawn from (the student's
 * picker). Goal: < 50 ms p95. The database only: no server, no socket (the assistant phase times those).
 */
export type RetrievalBenchOptions = {
  databaseUrl?: string;
  books: number;
  pages: number;
  queries: number;
  warmup: number;
  log: (message: string) => void;
};

export type RetrievalTiming = { count: number; p50: number; p95: number; p99: number; max: number; hits: number; samePage: number };

export type RetrievalResult = {
  shape: { books: number; pages: number; passages: number; words: number };
  /** Building the passages read model from the events (split, tsvector, GIN). */
  indexMs: number;
  allBooks: RetrievalTiming;
  oneBook: RetrievalTiming;
};

const timing = (samples: number[], hits: number, samePage: number): RetrievalTiming => ({
  count: samples.length,
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  p99: percentile(samples, 99),
  max: samples.length ? Math.max(...samples) : Number.NaN,
  hits,
  samePage,
});

export async function benchRetrieval(opts: RetrievalBenchOptions): Promise<RetrievalResult> {
  const db: Database = opts.databaseUrl
    ? openPostgresDatabase({ connectionString: opts.databaseUrl, max: 2 })
    : await openPgliteDatabase({});
  try {
    const p = textbookPassagesProjection;
    await p.migrate(db);
    const rnd = random(29);
    const words = vocabulary(6_000, rnd);
    const at = new Date().toISOString();
    let n = 0;
    let batch: RecordedEvent[] = [];
    const recorded = (event: DomainEvent): RecordedEvent => ({
      eventId: crypto.randomUUID(),
      type: event.type,
      schemaVersion: 1,
      data: event.data as Record<string, unknown>,
      metadata: { tenant: SHARED_LIBRARY_TENANT },
      streamId: `textbooks:${SHARED_LIBRARY_TENANT}`,
      streamVersion: ++n,
      globalPosition: String(n).padStart(20, '0') as RecordedEvent['globalPosition'],
      recordedAt: new Date(),
    });
    let indexMs = 0;
    const flush = async () => {
      const t = performance.now();
      const events = batch;
      batch = [];
      await db.transaction((tx) => p.applyBatch(tx, events));
      indexMs += performance.now() - t;
    };
    const push = async (event: DomainEvent) => {
      batch.push(recorded(event));
      if (batch.length >= 200) await flush();
    };
    /** Per book and page: words of the page, for questions drawn from it. */
    const pageWords: { book: number; page: number; content: string[] }[] = [];
    let totalWords = 0;
    for (let b = 1; b <= opts.books; b++) {
      await push({ type: 'TextbookAdded', data: { textbookId: b, title: `Bench Book ${b}`, subject: 'Bench', addedAt: at } });
      for (let from = 1; from <= opts.pages; from += 25) {
        const pages = [];
        for (let pg = from; pg < from + 25 && pg <= opts.pages; pg++) {
          const made = makePage(words, rnd, pg);
          totalWords += made.words;
          pages.push({ page: pg, text: made.text });
          pageWords.push({ book: b, page: pg, content: made.content });
        }
        await push({ type: 'TextbookPagesExtracted', data: { textbookId: b, pages, method: 'text' } });
      }
      await push({ type: 'TextbookIndexed', data: { textbookId: b, pageCount: opts.pages, exampleQueries: [], at } });
    }
    await flush();
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${p.tables[1]}`);
    const passages = Number(rows[0]?.n ?? 0);
    opts.log(`retrieval: ${passages.toLocaleString('en-US')} passages indexed in ${(indexMs / 1000).toFixed(1)} s`);

    const questions = Array.from({ length: opts.queries + opts.warmup }, () => {
      const source = pageWords[Math.floor(rnd() * pageWords.length)]!;
      const take = () => source.content[Math.floor(rnd() * source.content.length)]!;
      const forms = [
        (a: string, b: string, c: string) => `How does the ${a} of ${b} change ${c}?`,
        (a: string, b: string, c: string) => `What is ${a} and why does it matter for ${b} and ${c}?`,
        (a: string, b: string, c: string) => `Explain ${a} ${b} in terms of ${c}`,
      ];
      return { source, query: forms[Math.floor(rnd() * forms.length)]!(take(), take(), take()) };
    });
    const run = async (oneBook: boolean) => {
      const samples: number[] = [];
      let hits = 0;
      let samePage = 0;
      for (const [i, q] of questions.entries()) {
        const t = performance.now();
        const found = await searchPassages(db, {
          tenants: [SHARED_LIBRARY_TENANT],
          textbookIds: oneBook ? [q.source.book] : null,
          query: q.query,
          limit: 5,
        });
        const ms = performance.now() - t;
        if (i < opts.warmup) continue;
        samples.push(ms);
        if (found.length) hits++;
        if (found[0]?.textbook_id === q.source.book && found[0].page === q.source.page) samePage++;
      }
      return timing(samples, hits, samePage);
    };
    const allBooks = await run(false);
    const oneBook = await run(true);
    return { shape: { books: opts.books, pages: opts.pages, passages, words: totalWords }, indexMs, allBooks, oneBook };
  } finally {
    await db.close();
  }
}

const r1 = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : null);
const summarizeTiming = (t: RetrievalTiming) => ({
  p50_ms: r1(t.p50),
  p95_ms: r1(t.p95),
  p99_ms: r1(t.p99),
  max_ms: r1(t.max),
  queries: t.count,
  with_hits: t.hits,
  source_page_first: t.samePage,
});

export type RetrievalSummary = {
  books: number;
  pages: number;
  passages: number;
  index_s: number;
  all_books: ReturnType<typeof summarizeTiming>;
  one_book: ReturnType<typeof summarizeTiming>;
};

export const summarizeRetrieval = (r: RetrievalResult): RetrievalSummary => ({
  books: r.shape.books,
  pages: r.shape.pages,
  passages: r.shape.passages,
  index_s: Math.round(r.indexMs) / 1000,
  all_books: summarizeTiming(r.allBooks),
  one_book: summarizeTiming(r.oneBook),
});
