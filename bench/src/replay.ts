import { performance } from 'node:perf_hooks';
import { allProjections, rebuildProjections, type BulkApplier, type Projection } from '@evergrade/projectors';
import type { SqlClient } from '@evergrade/platform/sql';
import { createSqlEventStore, type EventStore, type GlobalPosition } from '@evergrade/platform/event-store';
import { openPgliteDatabase, openPostgresDatabase, type Database } from '@evergrade/platform/sql';
import { responseCounts, studentAssignmentCounts } from '@evergrade/projectors/queries';
import { generateHistory, type Generated } from './generate';
import { dropReadModels, replayDirect } from './replay-direct';
import { startCpuMeter, type CpuCost } from './cpu';

export type ReplayResult = {
  generated: Generated;
  generateMs: number;
  /** readAll paging through the whole log, `batchSize` events per page, decoding every event: the median of three runs. */
  readMs: number;
  /** `rebuildProjections` over every read model: the shadow build, then each swap. */
  replayMs: number;
  /** Of it, the build (until the first swap begins). */
  buildMs: number;
  batchSize: number;
  projections: number;
  /** Highest resident set size sampled during the rebuild (MB); the process's, so the bench's own memory is in it. */
  peakRssMb: number;
  /** Per projection, over the whole rebuild: time in applyBatch, of it waiting on SQL, and SQL statements issued. */
  perProjection: Record<string, ProjectionCost>;
  /** With `compare`: the same rebuild by `replayDirect` (prefetch, asynchronous commit, no checkpoints), ms. */
  directMs: number | null;
  /** CPU time of the plain read and of the rebuild: this process's and its PostgreSQL backends' (null on PGlite). */
  cpu: { read: CpuCost; replay: CpuCost };
};

/** Runs of the plain read; the median is the figure. */
const READ_RUNS = 3;

export type ProjectionCost = {
  batches: number;
  ms: number;
  sqlMs: number;
  statements: number;
  /** Of `ms` and `sqlMs`: the build's last writes (`finish`), when it has them. */
  finishMs?: number;
  finishSqlMs?: number;
};

/**
 * (c): writes `total` generated events to a fresh event store (an isolated PostgreSQL schema, or a fresh
 * in-memory PGlite), then times a plain sequential read of the log and a full rebuild of every read model by a
 * projector runner over the same log, and checks the rebuilt read models against what was generated.
 */
export async function benchReplay(opts: {
  databaseUrl?: string;
  total: number;
  batchSize: number;
  compare?: boolean;
  log?: (message: string) => void;
}): Promise<ReplayResult> {
  const log = opts.log ?? (() => {});
  // Named, so the CPU meter finds this pool's backends.
  const applicationName = opts.databaseUrl ? `evergrade-bench-${process.pid}` : null;
  const db: Database = opts.databaseUrl
    ? openPostgresDatabase({ connectionString: named(opts.databaseUrl, applicationName!) })
    : await openPgliteDatabase();
  const store = await createSqlEventStore(db);
  try {
    let t = performance.now();
    const generated = await generateHistory(db, opts.total);
    const generateMs = performance.now() - t;
    // A bulk-loaded table is not what a school's log looks like: autovacuum would visit these million fresh rows while
    // the rebuild runs (setting hint bits, filling the visibility map) and take a core from it. Vacuumed first, as a
    // long-lived log is.
    await db.query('VACUUM ANALYZE events');
    log(`replay: ${generated.events.toLocaleString('en-US')} events in ${(generateMs / 1000).toFixed(1)} s; reading the log`);

    // The plain read is timed READ_RUNS times and the median kept: on a small machine one run alone varies by a third.
    const reads: { ms: number; cpu: CpuCost }[] = [];
    let cpu: ReturnType<typeof startCpuMeter>;
    for (let run = 0; run < READ_RUNS; run++) {
      cpu = startCpuMeter(db, applicationName);
      t = performance.now();
      const read = await readWholeLog(store, opts.batchSize);
      const ms = performance.now() - t;
      reads.push({ ms, cpu: await cpu.stop() });
      if (read !== generated.events) throw new Error(`read ${read} events, wrote ${generated.events}`);
    }
    const { ms: readMs, cpu: readCpu } = [...reads].sort((a, b) => a.ms - b.ms)[Math.floor(READ_RUNS / 2)]!;
    log(
      `replay: read in ${reads.map((r) => (r.ms / 1000).toFixed(1)).join(', ')} s (median ${(readMs / 1000).toFixed(1)}); ` +
        `rebuilding ${allProjections.length} read models`,
    );

    // The path `npm run replay` and the admin page take: every read model built in a shadow schema by one shadow
    // runner (rows kept in memory from batch to batch), then swapped in. No bus: nobody listens here.
    const rss = sampleRss();
    const costs = measureProjections(allProjections);
    let replayMs: number;
    /** Until the swaps begin: the shadow build, its last writes and its indexes. */
    let buildMs: number | null = null;
    cpu = startCpuMeter(db, applicationName);
    try {
      t = performance.now();
      await rebuildProjections({
        store,
        db,
        projections: allProjections,
        buildBatchSize: opts.batchSize,
        log: () => {},
        onProgress: (p) => {
          if (p.phase === 'swapping' && buildMs === null) buildMs = performance.now() - t;
        },
      });
      replayMs = performance.now() - t;
    } finally {
      costs.restore();
    }
    const replayCpu = await cpu.stop();
    const peakRssMb = rss.stop();
    await checkReadModels(db, generated);
    let directMs: number | null = null;
    if (opts.compare) {
      log(`replay: ${(replayMs / 1000).toFixed(1)} s; again with prefetch and asynchronous commit (bench driver)`);
      await dropReadModels(db, allProjections);
      directMs = (await replayDirect(store, db, allProjections, opts.batchSize)).ms;
      await checkReadModels(db, generated);
    }
    return {
      generated,
      generateMs,
      readMs,
      replayMs,
      buildMs: buildMs ?? replayMs,
      batchSize: opts.batchSize,
      projections: allProjections.length,
      peakRssMb,
      perProjection: costs.costs,
      directMs,
      cpu: { read: readCpu, replay: replayCpu },
    };
  } finally {
    await store.close();
    await db.close();
  }
}

const named = (url: string, applicationName: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', applicationName);
  return u.toString();
};

/** The plain read the rebuild is compared with: every event, in order, decoded, nothing applied. */
export async function readWholeLog(store: EventStore, batchSize: number): Promise<number> {
  let read = 0;
  let after: GlobalPosition | undefined;
  for (;;) {
    const page = await store.readAll({ after, limit: batchSize });
    if (page.length === 0) return read;
    read += page.length;
    after = page.at(-1)!.globalPosition;
  }
}

/**
 * Wraps each projection's applyBatch (the runner calls it through the object) to add up, per projection, the time in
 * it, the part spent awaiting SQL, and the statements issued. Projections run in parallel, so times overlap.
 */
export function measureProjections(projections: readonly Projection[]): { costs: Record<string, ProjectionCost>; restore(): void } {
  const costs: Record<string, ProjectionCost> = {};
  const restore = projections.map((p) => {
    const cost: ProjectionCost = { batches: 0, ms: 0, sqlMs: 0, statements: 0 };
    costs[p.name] = cost;
    const measured =
      (applyBatch: Projection['applyBatch']): Projection['applyBatch'] =>
      async (tx, events) => {
        const counted: SqlClient = Object.assign(Object.create(tx) as SqlClient, {
          async query(text: string, params?: readonly unknown[]) {
            const t0 = performance.now();
            cost.statements++;
            try {
              return await tx.query(text, params);
            } finally {
              cost.sqlMs += performance.now() - t0;
            }
          },
          async copyIn(table: string, columns: readonly string[], data: readonly string[]) {
            const t0 = performance.now();
            cost.statements++;
            try {
              return await tx.copyIn(table, columns, data);
            } finally {
              cost.sqlMs += performance.now() - t0;
            }
          },
        }) as SqlClient;
        const t0 = performance.now();
        try {
          return await applyBatch(counted, events);
        } finally {
          cost.ms += performance.now() - t0;
          cost.batches++;
        }
      };
    const { applyBatch, bulk } = p;
    p.applyBatch = measured(applyBatch.bind(p));
    if (bulk)
      p.bulk = (options): BulkApplier => {
        const applier = bulk.call(p, options);
        // The build's last writes (finish) count as one more batch of the projection's.
        const finish = measured(async (tx) => {
          const sqlMs = cost.sqlMs;
          const t0 = performance.now();
          await applier.finish(tx);
          cost.finishMs = performance.now() - t0;
          cost.finishSqlMs = cost.sqlMs - sqlMs;
          return [];
        });
        return {
          applyBatch: measured(applier.applyBatch.bind(applier)),
          discard: () => applier.discard(),
          finish: async (tx) => {
            await finish(tx, []);
          },
        };
      };
    return () => {
      p.applyBatch = applyBatch;
      p.bulk = bulk;
    };
  });
  return { costs, restore: () => restore.forEach((f) => f()) };
}

/** Samples the process's RSS every 50 ms (and at the end); `stop` gives the peak in MB. */
export function sampleRss(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return Math.round(peak / 2 ** 20);
    },
  };
}

/**
 * The rebuild did the work: every list row and response graded (through the read models' own query functions), and
 * the row counts of the other read models' main tables as the history implies (counted generically, table by table).
 */
async function checkReadModels(db: Database, g: Generated): Promise<void> {
  const wrong: string[] = [];
  const expect = (what: string, got: number, want: number) => {
    if (got !== want) wrong.push(`${what}: ${got}, want ${want}`);
  };
  const lists = await studentAssignmentCounts(db);
  expect('student assignment rows', lists.rows, g.submissions);
  expect('student assignments Graded', lists.byStatus.Graded ?? 0, g.submissions);
  const responses = await responseCounts(db);
  expect('graded responses (assignment questions)', responses.graded, g.responses);
  const rows = await tableRowCounts(db, allProjections);
  const wanted: Record<string, number> = {
    users: g.users,
    gr_responses: g.responses,
    timed_sessions: g.timedSessions,
    practice_assignments: g.practices,
    problem_reports: g.problemReports,
    rubrics: g.rubrics,
    library_questions: g.libraryQuestions,
    textbooks: g.textbooks,
  };
  for (const [table, want] of Object.entries(wanted)) expect(`${table} rows`, rows.get(table) ?? Number.NaN, want);
  if (wrong.length > 0) throw new Error(`read models incomplete after the rebuild: ${wrong.join('; ')}`);
}

/** Rows in each projection's tables, by table name (names come from the projections, as the runner uses them). */
export async function tableRowCounts(db: SqlClient, projections: readonly Projection[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of projections.flatMap((p) => p.tables)) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table.replace(/"/g, '""')}"`);
    counts.set(table, Number(rows[0]?.n ?? 0));
  }
  return counts;
}
