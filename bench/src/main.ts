import { cpus } from 'node:os';
import { createIsolatedSchema, openPostgresDatabase, type IsolatedSchema } from '@evergrade/platform/sql';
import { benchAutosave } from './autosave';
import { benchReplay } from './replay';
import { fmt, formatTable, ratio } from './stats';
import { allProjections } from '@evergrade/projectors';

/** `npm run bench`: autosave throughput and latency, projection lag and replay speed, on one database. */
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
  pageSize: 1000,
};
const databaseUrl = process.env.DATABASE_URL || undefined;
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const schemas: IsolatedSchema[] = [];
const isolated = async () => {
  if (!databaseUrl) return undefined;
  const schema = await createIsolatedSchema(databaseUrl, 'bench');
  schemas.push(schema);
  return schema.connectionString;
};

try {
  const database = await describeDatabase();
  log(`database: ${database}; ${cpus().length} CPUs`);
  log(`autosave: ${config.clients} clients, ${config.warmupMs / 1000} s warm-up + ${config.durationMs / 1000} s per route`);
  const autosaveUrl = await isolated();
  const a = await benchAutosave({ ...config, ...(autosaveUrl ? { databaseUrl: autosaveUrl } : {}) });
  log(`replay: generating ${config.replayEvents.toLocaleString('en-US')} events`);
  const replayUrl = await isolated();
  const r = await benchReplay({ total: config.replayEvents, pageSize: config.pageSize, ...(replayUrl ? { databaseUrl: replayUrl } : {}) });

  const replayRate = (r.events * 1000) / r.replayMs;
  const readRate = (r.events * 1000) / r.readMs;
  const failures = (f: Record<string, number>) =>
    Object.keys(f).length ? `; failures ${Object.entries(f).map(([s, n]) => `${n}×${s === '0' ? 'net' : s}`).join(', ')}` : '';
  const secs = config.durationMs / 1000;
  const rows = [
    ['(a) autosave, event-sourced route', fmt(a.eventSourced.perSecond), fmt(a.eventSourced.latency.p50), fmt(a.eventSourced.latency.p99),
      `${fmt(ratio(a.eventSourced.perSecond, a.crud.perSecond), 2)}× CRUD`],
    ['(a) autosave, CRUD UPDATE baseline', fmt(a.crud.perSecond), fmt(a.crud.latency.p50), fmt(a.crud.latency.p99), '1.00×'],
    ['(b) projection lag, append → notice', '', fmt(a.lag.p50), fmt(a.lag.p99), ''],
    [`(c) replay, rebuild ${allProjections.length} read models`, fmt(replayRate, 0), '', '', `${fmt(ratio(replayRate, readRate), 2)}× read`],
    ['(c) plain sequential read (readAll)', fmt(readRate, 0), '', '', '1.00×'],
  ];
  const notes = [
    `(a) POST /students/set-assignment-response on startStandalone over real sockets (127.0.0.1); ${config.clients} keep-alive clients in a child process, ` +
      `one student each, ${a.streams} submission streams; commands/s and latency over ${secs} s after ${config.warmupMs / 1000} s warm-up; ` +
      `${a.eventSourced.latency.count} ok${failures(a.eventSourced.failures)}.`,
    `(a) same route definition (zod, session lookup, role, CSRF) on a second Fastify on the same database, handler = one UPDATE bench_answers; ` +
      `${a.crud.latency.count} ok${failures(a.crud.failures)}.`,
    `(b) during the event-sourced run: append completion (store.append wrapped) → in-process bus notice of the assignment-questions projection ` +
      `covering it (notices are per batch); ${a.lag.count} events, max ${fmt(a.lag.max)} ms, ${a.lag.unmatched} unmatched.`,
    `(c) ${r.events.toLocaleString('en-US')} generated events (${r.submissionStreams.toLocaleString('en-US')} submission streams) in a fresh ` +
      `${databaseUrl ? 'schema' : 'PGlite'}; createProjectorRunner(allProjections, batch ${r.pageSize}) from empty until idle: ${fmt(r.replayMs / 1000, 2)} s; events/s of the log.`,
    `(c) store.readAll pages of ${r.pageSize} from the start to the end, decoded, nothing applied: ${fmt(r.readMs / 1000, 2)} s ` +
      `(generating took ${fmt(r.generateMs / 1000, 1)} s, not measured).`,
  ];
  console.log(`\nEvergrade bench on ${database}\n`);
  console.log(formatTable(['measure', 'per second', 'p50 ms', 'p99 ms', 'ratio'], rows));
  console.log(`\n${notes.map((n) => `- ${n}`).join('\n')}`);
} finally {
  for (const s of schemas) await s.drop().catch((err: unknown) => log(`could not drop schema ${s.schema}: ${String(err)}`));
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
