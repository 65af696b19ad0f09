import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import {
  CHAT_END,
  CHAT_SOCKET_EVENTS,
  CSRF_COOKIE,
  SESSION_COOKIE,
  SHARED_LIBRARY_TENANT,
  routes,
  splitPagePassages,
  streamIds,
  type ChatResponse,
} from '@evergrade/contracts';
import { searchPassages } from '@evergrade/projectors/queries';
import { startStandalone } from '@evergrade/standalone';
import { percentile } from './stats';
import { makePage, pick, random, vocabulary } from './book-text';

/**
 * (e) The study assistant (issue 13): `books` textbooks of `pages` pages each on the shared library (generated text:
 * headings and paragraphs of sentences over a vocabulary of a few thousand words, appended as the upload does:
 * added, pages 25 at a time, indexed) built into the passages read model by the standalone server's runner; then
 * retrieval (`searchPassages` over every book, the five best) for `queries` questions, and the offline answer's first
 * chunk over the real socket (a signed-in student's `message` → the first `response` chunk; one socket, questions
 * one after another). Goals: retrieval < 50 ms p95, first chunk < 300 ms p95.
 */
export type AssistantBenchOptions = {
  databaseUrl?: string;
  books: number;
  pages: number;
  queries: number;
  warmup: number;
  log: (message: string) => void;
};

export type Timing = { count: number; p50: number; p95: number; p99: number; max: number };

export type AssistantResult = {
  shape: { books: number; pages: number; passages: number; words: number };
  seedMs: number;
  /** From the last page appended to the passages read model having applied it. */
  catchUpMs: number;
  retrieval: Timing & { hits: number };
  firstChunk: Timing & { answered: number; failures: number };
  /** The whole reply ([END]) of the same questions. */
  reply: Timing;
};

const timing = (samples: number[]): Timing => ({
  count: samples.length,
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  p99: percentile(samples, 99),
  max: samples.length ? Math.max(...samples) : Number.NaN,
});

const FIRST_BOOK_ID = 9_001;
const PAGES_PER_EVENT = 25;

export async function benchAssistant(opts: AssistantBenchOptions): Promise<AssistantResult> {
  const server = await startStandalone({
    port: 0,
    host: '127.0.0.1',
    logLevel: 'warn',
    assistant: { userPerMinute: 1_000_000 },
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : {}),
  });
  try {
    const rnd = random(13);
    const words = vocabulary(4_000, rnd);
    const t0 = performance.now();
    let totalWords = 0;
    // Counted by the rule the passages read model splits pages with.
    let passages = 0;
    const meta = { tenant: SHARED_LIBRARY_TENANT, actorId: 'system', actorRole: 'system' };
    const at = new Date().toISOString();
    let last = '';
    for (let b = 0; b < opts.books; b++) {
      const textbookId = FIRST_BOOK_ID + b;
      const stream = streamIds.textbooks(SHARED_LIBRARY_TENANT);
      await server.store.append(
        stream,
        [{ type: 'TextbookAdded', data: { textbookId, title: `Bench Book ${b + 1}`, subject: 'Bench', addedAt: at }, metadata: meta }],
        { expectedVersion: 'any' },
      );
      let heading: string | null = null;
      for (let from = 1; from <= opts.pages; from += PAGES_PER_EVENT) {
        const pages = [];
        for (let p = from; p < Math.min(from + PAGES_PER_EVENT, opts.pages + 1); p++) {
          const made = makePage(words, rnd, p);
          totalWords += made.words;
          const split = splitPagePassages(made.text, heading);
          heading = split.lastHeading;
          passages += split.passages.length;
          pages.push({ page: p, text: made.text });
        }
        await server.store.append(
          stream,
          [{ type: 'TextbookPagesExtracted', data: { textbookId, pages, method: 'text' }, metadata: meta }],
          {
            expectedVersion: 'any',
          },
        );
      }
      last = (
        await server.store.append(
          stream,
          [{ type: 'TextbookIndexed', data: { textbookId, pageCount: opts.pages, exampleQueries: [], at }, metadata: meta }],
          { expectedVersion: 'any' },
        )
      ).lastPosition;
    }
    const seedMs = performance.now() - t0;
    opts.log(`assistant: ${opts.books} books × ${opts.pages} pages appended in ${(seedMs / 1000).toFixed(1)} s; waiting for the runner`);
    const t1 = performance.now();
    await server.runner.reached(last);
    const catchUpMs = performance.now() - t1;
    opts.log(`assistant: ${passages} passages indexed ${(catchUpMs / 1000).toFixed(1)} s after the last append`);

    // Questions of two to four words of the books (a common one and rarer ones), in the way students ask.
    const questions = Array.from({ length: opts.queries + opts.warmup }, () => {
      const n = 2 + Math.floor(rnd() * 3);
      const ws = Array.from({ length: n }, () => pick(words, rnd));
      return `What is the relation between ${ws.slice(0, -1).join(', ')} and ${ws.at(-1)}?`;
    });
    const allBooks = Array.from({ length: opts.books }, (_, b) => FIRST_BOOK_ID + b);

    const retrieval: number[] = [];
    let hits = 0;
    for (const [i, query] of questions.entries()) {
      const s = performance.now();
      const found = await searchPassages(server.db, { tenants: [SHARED_LIBRARY_TENANT, 'demo'], textbookIds: allBooks, query, limit: 5 });
      if (i >= opts.warmup) {
        retrieval.push(performance.now() - s);
        if (found.length > 0) hits++;
      }
    }

    opts.log(
      `assistant: retrieval p50 ${percentile(retrieval, 50).toFixed(1)} ms, p95 ${percentile(retrieval, 95).toFixed(1)} ms; now the socket`,
    );
    const login = await fetch(`${server.url}${routes.login.path.replace(':role', 'student')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'student@demo.school', password: 'Evergrade#2026' }),
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
    const cookies = Object.fromEntries(login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
    const session = await server.sessions.find(cookies[SESSION_COOKIE]!);
    const socket: Socket = io(server.url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}` },
      query: { tenant: session!.tenant, csrf: cookies[CSRF_COOKIE]! },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const first: number[] = [];
    const whole: number[] = [];
    let answered = 0;
    let failures = 0;
    try {
      for (const [i, query] of questions.entries()) {
        const book = allBooks[i % allBooks.length]!;
        const s = performance.now();
        const got = await new Promise<{ first: number; end: number; error: boolean }>((resolve) => {
          let firstAt = Number.NaN;
          let error = false;
          const onReply = (r: ChatResponse) => {
            if (r.error) error = true;
            if (Number.isNaN(firstAt) && r.message !== '') firstAt = performance.now();
            if (r.message === CHAT_END) {
              socket.off(CHAT_SOCKET_EVENTS.response, onReply);
              resolve({ first: firstAt, end: performance.now(), error });
            }
          };
          socket.on(CHAT_SOCKET_EVENTS.response, onReply);
          socket.emit(CHAT_SOCKET_EVENTS.message, { userId: session!.userId, firstName: 'Bench', textbookId: book, query });
        });
        if (i < opts.warmup) continue;
        if (got.error) failures++;
        else answered++;
        first.push(got.first - s);
        whole.push(got.end - s);
      }
    } finally {
      socket.close();
    }
    return {
      shape: { books: opts.books, pages: opts.pages, passages, words: totalWords },
      seedMs,
      catchUpMs,
      retrieval: { ...timing(retrieval), hits },
      firstChunk: { ...timing(first), answered, failures },
      reply: timing(whole),
    };
  } finally {
    await server.close();
  }
}

const r1 = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : null);

export type AssistantSummary = {
  books: number;
  pages: number;
  passages: number;
  seed_s: number;
  catch_up_s: number;
  retrieval: { p50_ms: number | null; p95_ms: number | null; p99_ms: number | null; queries: number; with_hits: number };
  first_chunk: { p50_ms: number | null; p95_ms: number | null; p99_ms: number | null; answered: number; failures: number };
  reply: { p50_ms: number | null; p95_ms: number | null };
};

export const summarizeAssistant = (a: AssistantResult): AssistantSummary => ({
  books: a.shape.books,
  pages: a.shape.pages,
  passages: a.shape.passages,
  seed_s: Math.round(a.seedMs) / 1000,
  catch_up_s: Math.round(a.catchUpMs) / 1000,
  retrieval: {
    p50_ms: r1(a.retrieval.p50),
    p95_ms: r1(a.retrieval.p95),
    p99_ms: r1(a.retrieval.p99),
    queries: a.retrieval.count,
    with_hits: a.retrieval.hits,
  },
  first_chunk: {
    p50_ms: r1(a.firstChunk.p50),
    p95_ms: r1(a.firstChunk.p95),
    p99_ms: r1(a.firstChunk.p99),
    answered: a.firstChunk.answered,
    failures: a.firstChunk.failures,
  },
  reply: { p50_ms: r1(a.reply.p50), p95_ms: r1(a.reply.p95) },
});
