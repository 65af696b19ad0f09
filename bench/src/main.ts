import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { createIsolatedSchema, openPostgresDatabase } from '@evergrade/platform/sql';
import { benchAssistant, summarizeAssistant, type AssistantResult } from './assistant';
import { benchAutosave, type AutosaveResult, type RouteRun } from './autosave';
import { benchExam, examMeetsGoal, formatExam, type ExamResult } from './exam';
import { EXAM_DEFAULTS } from './exam-plan';
import { benchInsights, summarizeInsights, type InsightsResult } from './insights';
import { benchReplay, type ReplayResult } from './replay';
import { benchRetrieval, summarizeRetrieval, type RetrievalResult } from './retrieval';
import { fmt, formatTable, ratio } from './stats';
import { jsonLine, lagBound, summarizePairs, summarizePhases, type BenchSummary } from './summary';

/**
 * `npm run bench`: autosave throughput and latency, projection lag and replay speed, on one database.
 * `-- --json` adds the summary as one JSON line, last; `-- --only autosave|replay|insights|assistant|retrieval` runs one phase;
 * `-- --pglite` (with DATABASE_URL) runs the same phases on in-memory PGlite too, reported beside.
 */
const { values: args } = parseArgs({
  options: {
    json: { type: 'boolean' },
    only: { type: 'string' },
    pglite: { type: 'boolean' },
    compare: { type: 'boolean' },
    exam: { type: 'string' },
    'exam-search': { type: 'boolean' },
  },
});
if (args.only !== undefined && !['autosave', 'replay', 'insights', 'assistant', 'retrieval'].includes(args.only)) {
  console.error('Usage: npm run bench [-- --json] [--only autosave|replay|insights|assistant|retrieval] [--pglite] [--compare]');
  process.exit(2);
}
const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const config = {
  clients: env('BENCH_CLIENTS', 32),
  courses: 2,
  questions: 5,
  warmupMs: env('BENCH_WARMUP_SECONDS', 2) * 1000,
  durationMs: env('BENCH_SECONDS', 10) * 1000,
  replayEvents: env('BENCH_REPLAY_EVENTS', 100_000),
  // PGlite keeps the whole database in WASM memory: its replay defaults to 100,000 events beside PostgreSQL's.
  pgliteReplayEvents: env('BENCH_PGLITE_REPLAY_EVENTS', 100_000),
  replayBatch: env('BENCH_REPLAY_BATCH', 10_000),
  insights: {
    students: env('BENCH_INSIGHTS_STUDENTS', 300),
    assignments: env('BENCH_INSIGHTS_ASSIGNMENTS', 40),
    questions: env('BENCH_INSIGHTS_QUESTIONS', 10),
    requests: env('BENCH_INSIGHTS_REQUESTS', 200),
    warmup: 20,
    summaryWaitMs: env('BENCH_INSIGHTS_SUMMARY_WAIT_SECONDS', 600) * 1000,
  },
  assistant: {
    books: env('BENCH_ASSISTANT_BOOKS', 10),
    pages: env('BENCH_ASSISTANT_PAGES', 500),
    queries: env('BENCH_ASSISTANT_QUERIES', 200),
    warmup: 20,
  },
  retrieval: {
    books: env('BENCH_RETRIEVAL_BOOKS', 10),
    pages: env('BENCH_RETRIEVAL_PAGES', 500),
    queries: env('BENCH_RETRIEVAL_QUERIES', 300),
    warmup: 20,
  },
};
const databaseUrl = process.env.DATABASE_URL || undefined;
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

/** Runs a phase in its own throwaway schema on PostgreSQL (dropped when the phase ends), or on a fresh PGlite. */
async function inSchema<T>(pglite: boolean, phase: (db: { databaseUrl?: string }) => Promise<T>): Promise<T> {
  if (!databaseUrl || pglite) return phase({});
  const schema = await createIsolatedSchema(databaseUrl, 'bench');
  try {
    return await phase({ databaseUrl: schema.connectionString });
  } finally {
    await schema.drop().catch((err: unknown) => log(`could not drop schema ${schema.schema}: ${String(err)}`));
  }
}

type Run = {
  a: AutosaveResult | null;
  r: ReplayResult | null;
  i: InsightsResult | null;
  e: AssistantResult | null;
  f: RetrievalResult | null;
  database: string;
};

async function runPhases(pglite: boolean): Promise<Run> {
  const database = pglite ? 'PGlite (in-memory, one connection)' : await describeDatabase();
  log(`database: ${database}; ${cpus().length} CPUs`);
  let a: AutosaveResult | null = null;
  let r: ReplayResult | null = null;
  let i: InsightsResult | null = null;
  let e: AssistantResult | null = null;
  let f: RetrievalResult | null = null;
  if (args.only === undefined || args.only === 'autosave') {
    log(`autosave: ${config.clients} clients, ${config.warmupMs / 1000} s warm-up + ${config.durationMs / 1000} s per route`);
    a = await inSchema(pglite, (db) => benchAutosave({ ...config, ...db }));
  }
  if (args.only === undefined || args.only === 'replay') {
    const total = pglite && databaseUrl ? config.pgliteReplayEvents : config.replayEvents;
    log(`replay: generating ${total.toLocaleString('en-US')} events`);
    r = await inSchema(pglite, (db) => benchReplay({ total, batchSize: config.replayBatch, compare: args.compare ?? false, log, ...db }));
  }
  if (args.only === undefined || args.only === 'insights') {
    const c = config.insights;
    log(`insights: a course of ${c.students} students × ${c.assignments} assignments of ${c.questions} questions`);
    i = await inSchema(pglite, (db) => benchInsights({ ...c, log, ...db }));
  }
  if (args.only === undefined || args.only === 'assistant') {
    const c = config.assistant;
    log(`assistant: ${c.books} books × ${c.pages} pages, ${c.queries} questions`);
    e = await inSchema(pglite, (db) => benchAssistant({ ...c, log, ...db }));
  }
  if (args.only === undefined || args.only === 'retrieval') {
    const c = config.retrieval;
    log(`retrieval: ${c.books} books × ${c.pages} pages, ${c.queries} questions`);
    f = await inSchema(pglite, (db) => benchRetrieval({ ...c, log, ...db }));
  }
  return { a, r, i, e, f, database };
}

function print({ a, r, i, e, f, database }: Run): void {
  const failures = (f: Record<string, number>) =>
    Object.keys(f).length
      ? `; failures ${Object.entries(f)
          .map(([s, n]) => `${n}×${s === '0' ? 'net' : s}`)
          .join(', ')}`
      : '';
  const rows: string[][] = [];
  const notes: string[] = [];
  if (a) {
    const secs = config.durationMs / 1000;
    const p = a.lagParts;
    const pairs = summarizePairs(a);
    rows.push(
      [
        '(a) autosave, event-sourced route',
        fmt(a.eventSourced.perSecond),
        fmt(a.eventSourced.latency.p50),
        fmt(a.eventSourced.latency.p99),
        `${fmt(ratio(a.eventSourced.perSecond, a.crud.perSecond), 2)}× CRUD`,
      ],
      ['(a) autosave, CRUD UPDATE baseline', fmt(a.crud.perSecond), fmt(a.crud.latency.p50), fmt(a.crud.latency.p99), '1.00×'],
      ...(pairs.ratios.length > 1
        ? [
            [
              `(a) autosave, median of ${pairs.ratios.length} pairs`,
              fmt(pairs.es_per_s_median ?? Number.NaN),
              '',
              '',
              `${fmt(pairs.ratio_median ?? Number.NaN, 2)}× CRUD`,
            ],
          ]
        : []),
      ['(b) projection lag, append → notice', '', fmt(a.lag.p50), fmt(a.lag.p99), ''],
      ["(b)   wait for the runner's read", '', fmt(p.wait.p50), fmt(p.wait.p99), ''],
      ['(b)   runner readAll', '', fmt(p.read.p50), fmt(p.read.p99), ''],
      ['(b)   batch transaction + publish', '', fmt(p.apply.p50), fmt(p.apply.p99), ''],
      ['(b)     of it: pool checkout + BEGIN', '', fmt(p.checkout.p50), fmt(p.checkout.p99), ''],
      ['(b)     of it: COMMIT', '', fmt(p.commit.p50), fmt(p.commit.p99), ''],
      ['(b)   runner cycle (read → next read)', '', fmt(p.cycle.p50), fmt(p.cycle.p99), ''],
    );
    notes.push(
      `(a) POST /students/set-assignment-response on startStandalone over real sockets (127.0.0.1); ${config.clients} keep-alive clients in a child process, ` +
        `one student each, ${a.streams} submission streams; commands/s and latency over ${secs} s after ${config.warmupMs / 1000} s warm-up; ` +
        `${a.eventSourced.latency.count} ok${failures(a.eventSourced.failures)}.`,
      `(a) same route definition (zod, session lookup, role, CSRF) on a second Fastify on the same database, handler = one UPDATE bench_answers; ` +
        `${a.crud.latency.count} ok${failures(a.crud.failures)}.`,
      `(b) during the event-sourced run: append completion (store.append wrapped) → in-process bus notice of the assignment-questions projection ` +
        `covering it (notices are per batch); ${a.lag.count} events, max ${fmt(a.lag.max)} ms, ${a.lag.unmatched} unmatched; ` +
        `runner batches of ${fmt(p.batchEvents.p50, 0)} events at p50 (max ${fmt(p.batchEvents.max, 0)}).`,
      `(b) what bounds the lag: ${lagBound(a)}`,
      `(b) applyBatch per projection, ms p50/p99: ${Object.entries(p.projections)
        .filter(([, s]) => s.count > 0)
        .map(([name, s]) => `${name} ${fmt(s.p50)}/${fmt(s.p99)}`)
        .join(', ')}.`,
    );
    const cpu = (c: RouteRun['cpu']) =>
      c ? `${fmt(c.nodeUs, 0)} µs Node + ${c.pgUs === null ? 'n/a (in process)' : `${fmt(c.pgUs, 0)} µs PostgreSQL`}` : 'not measured';
    if (a.rounds?.length)
      notes.push(
        `(a) the routes in turn after the first pair (${secs} s windows, each after ${config.warmupMs / 1000} s of warm-up, the first of ` +
          `a pair swapped every round; no lag measured): ` +
          a.rounds
            .map(
              (r, k) =>
                `pair ${k + 2} ${fmt(r.es, 0)} against ${fmt(r.crud, 0)}/s, ${fmt(ratio(r.es, r.crud), 2)}× ` +
                `(${r.esFirst ? 'event-sourced first' : 'CRUD first'}; CPU per save ${cpu(r.esCpu)} against ${cpu(r.crudCpu)})`,
            )
            .join('; ') +
          `. Ratios ${pairs.ratios.map((x) => fmt(x, 2)).join(', ')}: median ${fmt(pairs.ratio_median ?? Number.NaN, 2)}×.`,
      );
    notes.push(
      `(a) CPU per save (this process, and its PostgreSQL backends by application_name, /proc): event-sourced ${cpu(a.eventSourced.cpu)}; ` +
        `CRUD ${cpu(a.crud.cpu)}${a.longStreams ? `; with ${a.longStreams.priorSaves} prior saves ${cpu(a.longStreams.cpu)}` : ''}.`,
    );
  }
  if (r) {
    const replayRate = (r.generated.events * 1000) / r.replayMs;
    const readRate = (r.generated.events * 1000) / r.readMs;
    const g = r.generated;
    rows.push(
      [`(c) replay, rebuild ${r.projections} read models`, fmt(replayRate, 0), '', '', `${fmt(ratio(replayRate, readRate), 2)}× read`],
      ['(c) plain sequential read (readAll)', fmt(readRate, 0), '', '', '1.00×'],
    );
    const cpu = summarizePhases(null, r, config.clients, cpus().length).replay!.cpu;
    if (cpu.idle_replay_events_per_s !== null) {
      rows.push(
        [`(c) replay, CPU-bound on ${cpu.cores} idle cores`, fmt(cpu.idle_replay_events_per_s, 0), '', '', ''],
        [`(c) read, CPU-bound on ${cpu.cores} idle cores`, fmt(cpu.idle_read_events_per_s ?? Number.NaN, 0), '', '', ''],
      );
      notes.push(
        `(c) CPU per event, Node + PostgreSQL backends (/proc, by application_name): read ${fmt(cpu.read_node_us ?? Number.NaN)} + ` +
          `${fmt(cpu.read_pg_us ?? Number.NaN)} µs, rebuild ${fmt(cpu.replay_node_us ?? Number.NaN)} + ${fmt(cpu.replay_pg_us ?? Number.NaN)} µs; ` +
          `the "idle cores" rows are the rates that CPU allows when nothing else runs (Node's part on one thread): max(node, (node + pg) / cores).`,
      );
    }
    if (r.directMs !== null) {
      const directRate = (r.generated.events * 1000) / r.directMs;
      rows.push([
        '(c) replay, prefetch + async commit (bench driver)',
        fmt(directRate, 0),
        '',
        '',
        `${fmt(ratio(directRate, readRate), 2)}× read`,
      ]);
      notes.push(
        `(c) --compare: replayDirect (replay-direct.ts) rebuilt the same read models again from empty tables, reading the next page while ` +
          `the projections apply the current one, each projection's batch committed with synchronous_commit = off, no checkpoints or notices: ` +
          `${fmt(r.directMs / 1000, 2)} s; what the runner's replay path could gain.`,
      );
    }
    notes.push(
      `(c) ${g.events.toLocaleString('en-US')} generated events (${g.shape.schools} school(s) of ${g.shape.studentsPerSchool} students, ` +
        `${g.submissions.toLocaleString('en-US')} submissions graded, ${g.streams.toLocaleString('en-US')} streams) bulk-inserted in ` +
        `${fmt(r.generateMs / 1000, 1)} s; rebuildProjections(all ${r.projections} read models: shadow build in batches of ${r.batchSize}, then swap): ` +
        `${fmt(r.replayMs / 1000, 2)} s, peak RSS ${r.peakRssMb} MB; read models checked against the history.`,
      `(c) store.readAll pages of ${r.batchSize} from the start to the end, decoded, nothing applied: ${fmt(r.readMs / 1000, 2)} s (the median of three runs).`,
      `(c) per projection, s in applyBatch (of it awaiting SQL) and statements per batch; they run in parallel, so times overlap: ` +
        Object.entries(r.perProjection)
          .sort(([, x], [, y]) => y.ms - x.ms)
          .map(([name, c]) => `${name} ${fmt(c.ms / 1000, 1)} (${fmt(c.sqlMs / 1000, 1)}) ${fmt(ratio(c.statements, c.batches), 0)}`)
          .join(', ') +
        '.',
    );
  }
  console.log(`\nEvergrade bench on ${database}\n`);
  if (rows.length) console.log(formatTable(['measure', 'per second', 'p50 ms', 'p99 ms', 'ratio'], rows));
  if (i) {
    if (rows.length) console.log('');
    console.log(
      formatTable(
        ['measure', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'reply KB'],
        i.routes.map((t) => [`(d) ${t.path}`, fmt(t.p50), fmt(t.p95), fmt(t.p99), fmt(t.max), fmt(t.bytes / 1024)]),
      ),
    );
    const failed = i.routes.filter((t) => t.failures > 0);
    notes.push(
      `(d) a course of ${i.shape.students} students × ${i.shape.assignments} published assignments of ${i.shape.questions} tagged questions, ` +
        `every student submitted and graded (${i.shape.events.toLocaleString('en-US')} student, submission and grading events written into the log in ${fmt(i.seedMs / 1000, 1)} s, ` +
        `applied by the server's runner ${fmt(i.catchUpMs / 1000, 1)} s after the last append); startStandalone over real sockets, one keep-alive ` +
        `client, ${i.routes[0]?.count ?? 0} timed requests per route one after another (after ${config.insights.warmup} untimed), the stats ` +
        `and the summaries table rotating over the assignments, timed once the server's summary writer had written every summary ` +
        `(offline; ${i.summarised} of ${i.shape.assignments} assignments done ${fmt(i.summariesMs / 1000, 1)} s after the catch-up); goal < 100 ms p95` +
        (failed.length ? `; failures: ${failed.map((t) => `${t.path} ${t.failures}`).join(', ')}` : '') +
        (i.skipped.length ? `; not timed: ${i.skipped.join(', ')}` : '') +
        '.',
    );
  }
  if (e) {
    if (rows.length || i) console.log('');
    console.log(
      formatTable(
        ['measure', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'goal p95'],
        [
          ['(e) retrieval, searchPassages', fmt(e.retrieval.p50), fmt(e.retrieval.p95), fmt(e.retrieval.p99), fmt(e.retrieval.max), '< 50'],
          [
            '(e) offline answer, first chunk',
            fmt(e.firstChunk.p50),
            fmt(e.firstChunk.p95),
            fmt(e.firstChunk.p99),
            fmt(e.firstChunk.max),
            '< 300',
          ],
          ['(e) offline answer, whole reply', fmt(e.reply.p50), fmt(e.reply.p95), fmt(e.reply.p99), fmt(e.reply.max), ''],
        ],
      ),
    );
    notes.push(
      `(e) ${e.shape.books} generated books × ${e.shape.pages} pages (${e.shape.words.toLocaleString('en-US')} words, ` +
        `${e.shape.passages.toLocaleString('en-US')} passages) on the shared library, appended in ${fmt(e.seedMs / 1000, 1)} s and indexed by the ` +
        `server's runner ${fmt(e.catchUpMs / 1000, 1)} s after the last append; ${e.retrieval.count} questions of two to four of the books' words, ` +
        `searchPassages over every book (the five best; ${e.retrieval.hits} with hits), then each asked on one student socket ` +
        `(message → first response chunk, and → [END]; ${e.firstChunk.answered} answered, ${e.firstChunk.failures} refused), one after another, ` +
        `after ${config.assistant.warmup} untimed.`,
    );
  }
  if (f) {
    if (rows.length || i || e) console.log('');
    const row = (name: string, t: RetrievalResult['allBooks']) => [name, fmt(t.p50), fmt(t.p95), fmt(t.p99), fmt(t.max), '< 50'];
    console.log(
      formatTable(
        ['measure', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'goal p95'],
        [row('(f) searchPassages, every book', f.allBooks), row('(f) searchPassages, one book', f.oneBook)],
      ),
    );
    notes.push(
      `(f) ${f.shape.books} generated books × ${f.shape.pages} pages (${f.shape.words.toLocaleString('en-US')} words, ` +
        `${f.shape.passages.toLocaleString('en-US')} passages) built into the textbook-passages read model by its own batches in ` +
        `${fmt(f.indexMs / 1000, 1)} s; ${f.allBooks.count} natural questions (stop words and three of one page's words), the five best, ` +
        `one after another after ${config.retrieval.warmup} untimed; the page the words came from first: ${f.allBooks.samePage} over every book, ` +
        `${f.oneBook.samePage} in its book.`,
    );
  }
  console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
}

/**
 * `-- --exam N`: the timed-exam simulation alone (exam.ts); `-- --exam-search [--exam N]` doubles N from N (default 250)
 * while a run meets the goal and reports the largest that did. BENCH_EXAM_LIMIT_SECONDS (120), BENCH_EXAM_WINDOW_SECONDS
 * (60) and BENCH_EXAM_QUESTIONS (5) shape the exam; BENCH_EXAM_CONNECTIONS (unset: one per student) has the students
 * share that many keep-alive connections, as behind a reverse proxy (one process may hold 20,000 files here).
 */
async function runExams(): Promise<void> {
  const first = Number(args.exam ?? 250);
  if (!Number.isInteger(first) || first <= 0) {
    console.error('Usage: npm run bench -- --exam N [--exam-search] [--json]  (N: students, a positive whole number)');
    process.exit(2);
  }
  const database = await describeDatabase();
  const runs: ExamResult[] = [];
  for (let n = first; ; n *= 2) {
    log(`exam: ${n} students on ${database}; ${cpus().length} CPUs`);
    const result = await inSchema(false, (db) =>
      benchExam({
        ...EXAM_DEFAULTS,
        students: n,
        limitMs: env('BENCH_EXAM_LIMIT_SECONDS', 120) * 1000,
        startWindowMs: env('BENCH_EXAM_WINDOW_SECONDS', 60) * 1000,
        questions: env('BENCH_EXAM_QUESTIONS', 5),
        connections: process.env.BENCH_EXAM_CONNECTIONS ? env('BENCH_EXAM_CONNECTIONS', 1) : undefined,
        log,
        ...db,
      }),
    );
    runs.push(result);
    console.log(formatExam(result, database));
    if (!args['exam-search'] || !examMeetsGoal(result.summary)) break;
  }
  const carried = runs.filter((r) => examMeetsGoal(r.summary)).at(-1)?.summary.students ?? null;
  if (args['exam-search']) console.log(`\nLargest exam within the goal on this box: ${carried ?? `none (from ${first})`} students`);
  if (args.json)
    console.log(
      JSON.stringify({
        exam: {
          database: { kind: databaseUrl ? 'pg' : 'pglite', description: database, cpus: cpus().length },
          runs: runs.map((r) => ({ ...r.summary, meets_goal: examMeetsGoal(r.summary) })),
          largest_within_goal: args['exam-search'] ? carried : undefined,
        },
      }),
    );
}
if (args.exam !== undefined || args['exam-search']) {
  await runExams();
  process.exit(0);
}

const main = await runPhases(false);
print(main);
const pglite = databaseUrl && args.pglite ? await runPhases(true) : null;
if (pglite) print(pglite);
if (args.json) {
  const summary: BenchSummary = {
    database: { kind: databaseUrl ? 'pg' : 'pglite', description: main.database, cpus: cpus().length },
    ...summarizePhases(main.a, main.r, config.clients, cpus().length),
    insights: main.i && summarizeInsights(main.i),
    assistant: main.e && summarizeAssistant(main.e),
    retrieval: main.f && summarizeRetrieval(main.f),
    ...(pglite
      ? {
          pglite: {
            database: { kind: 'pglite' as const, description: pglite.database },
            ...summarizePhases(pglite.a, pglite.r, config.clients, cpus().length),
            insights: pglite.i && summarizeInsights(pglite.i),
            assistant: pglite.e && summarizeAssistant(pglite.e),
            retrieval: pglite.f && summarizeRetrieval(pglite.f),
          },
        }
      : {}),
  };
  console.log(jsonLine(summary));
}

async function describeDatabase(): Promise<string> {
  if (!databaseUrl) return 'PGlite (in-memory, one connection)';
  const db = openPostgresDatabase({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await db.query<{ server_version: string }>('SHOW server_version');
    const url = new URL(databaseUrl);
    return `PostgreSQL ${rows[0]?.server_version ?? '?'} at ${url.hostname}:${url.port || 5432}${url.pathname} (pg pool of 10, isolated schemas)`;
  } finally {
    await db.close();
  }
}
