import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { allProjections, rebuildProjections } from '@evergrade/projectors';
import { createSqlEventStore } from '@evergrade/platform/event-store';
import { openPostgresDatabase } from '@evergrade/platform/sql';
import pg from 'pg';
import { generateHistory } from './generate';
import { measureProjections, sampleRss, tableRowCounts } from './replay';
import { startCpuMeter } from './cpu';

/**
 * A tool for working on the replay's CPU cost (not part of `npm run bench`): a generated log kept in a schema of its
 * own between runs (`PROF_SCHEMA`, made and filled once with `PROF_EVENTS` events), then `PROF_RUNS` rebuilds of
 * every read model (or `PROF_ONLY`, comma-separated names), each timed per projection with the CPU per event of
 * Node and of PostgreSQL, and a hash of every read-model table (the content must not change with the code).
 * `PROF_CPUPROF=file.cpuprofile` writes a CPU profile of the last rebuild (`node:inspector`, the build alone).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test PROF_SCHEMA=prof_200k PROF_EVENTS=200000 \
 *     npx tsx bench/src/replay-profile.ts
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const schema = process.env.PROF_SCHEMA ?? 'prof_replay';
const events = Number(process.env.PROF_EVENTS ?? 200_000);
const runs = Number(process.env.PROF_RUNS ?? 1);
const batchSize = Number(process.env.PROF_BATCH ?? 10_000);
const only = process.env.PROF_ONLY?.split(',').filter(Boolean);
const projections = only ? allProjections.filter((p) => only.includes(p.name)) : allProjections;
const log = (m: string) => process.stderr.write(`[prof] ${m}\n`);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount! > 0;
if (!exists) await admin.query(`CREATE SCHEMA "${schema}"`);
await admin.end();

const u = new URL(url);
u.searchParams.set('options', `-c search_path=${schema}`);
const applicationName = `evergrade-prof-${process.pid}`;
u.searchParams.set('application_name', applicationName);
const db = openPostgresDatabase({ connectionString: u.toString() });
const store = await createSqlEventStore(db);
const have = Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]?.n ?? 0);
if (have === 0) {
  log(`generating ${events} events into ${schema}`);
  await generateHistory(db, events);
  await db.query('ANALYZE events');
}
const total = Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]?.n ?? 0);
log(`${schema}: ${total} events; ${projections.length} read models`);

const session = process.env.PROF_CPUPROF ? new Session() : null;
if (session) session.connect();
for (let run = 0; run < runs; run++) {
  const last = run === runs - 1;
  if (session && last) {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    if (process.env.PROF_HEAP)
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 16384,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      } as never);
  }
  const costs = measureProjections(projections);
  const rss = sampleRss();
  const cpu = startCpuMeter(db, applicationName);
  let buildMs: number | null = null;
  /** When every projection had gone through the log's last page (progress is reported every 0.4 s). */
  let pagesMs: number | null = null;
  let tail: ReturnType<typeof startCpuMeter> | null = null;
  const t = performance.now();
  try {
    await rebuildProjections({
      store,
      db,
      projections,
      buildBatchSize: batchSize,
      log: () => {},
      onProgress: (p) => {
        if (p.phase === 'swapping' && buildMs === null) buildMs = performance.now() - t;
        if (p.done >= p.total && pagesMs === null) {
          pagesMs = performance.now() - t;
          tail = startCpuMeter(db, applicationName);
        }
      },
    });
  } finally {
    costs.restore();
  }
  const ms = performance.now() - t;
  const used = await cpu.stop();
  const after = tail ? await (tail as ReturnType<typeof startCpuMeter>).stop() : null;
  if (session && last) {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(process.env.PROF_CPUPROF!, JSON.stringify(profile));
    if (process.env.PROF_HEAP) {
      const heap = await session.post('HeapProfiler.stopSampling');
      writeFileSync(process.env.PROF_HEAP, JSON.stringify(heap.profile));
    }
  }
  const peak = rss.stop();
  const perEvent = (x: number | null) => (x === null ? 'n/a' : ((x * 1000) / total).toFixed(1));
  if (after)
    log(
      `  after the last page (last writes, indexes, swaps): Node ${perEvent(after.nodeMs)} + PG ${perEvent(after.pgMs)} µs per event of the log`,
    );
  log(
    `run ${run + 1}: ${(ms / 1000).toFixed(2)} s (build ${((buildMs ?? ms) / 1000).toFixed(2)}, of it pages ${((pagesMs ?? 0) / 1000).toFixed(2)}), ${Math.round((total * 1000) / ms)} events/s; ` +
      `CPU per event Node ${perEvent(used.nodeMs)} + PG ${perEvent(used.pgMs)} µs; peak RSS ${peak} MB`,
  );
  const rows = Object.entries(costs.costs)
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(
      ([name, c]) =>
        `${name} ${(c.ms / 1000).toFixed(2)} s (sql ${(c.sqlMs / 1000).toFixed(2)}, ${c.statements} st; ` +
        `last writes ${((c.finishMs ?? 0) / 1000).toFixed(2)}, sql ${((c.finishSqlMs ?? 0) / 1000).toFixed(2)})`,
    );
  log(`  ${rows.join('; ')}`);
}

if (process.env.PROF_HASH !== '0') {
  const counts = await tableRowCounts(db, projections);
  const hashes: string[] = [];
  for (const table of projections.flatMap((p) => p.tables)) {
    const { rows } = await db.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS h FROM "${table}" t`,
    );
    hashes.push(`${table} ${counts.get(table)} ${rows[0]?.h}`);
  }
  const out = process.env.PROF_HASH_OUT;
  if (out) writeFileSync(out, hashes.join('\n') + '\n');
  log(`table hashes${out ? ` written to ${out}` : ''}:\n${hashes.join('\n')}`);
}
await store.close();
await db.close();
