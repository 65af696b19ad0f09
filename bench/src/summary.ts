import type { AssistantSummary } from './assistant';
import type { AutosaveResult, RouteRun } from './autosave';
import { idleCoresBound, type CpuCost } from './cpu';
import type { InsightsSummary } from './insights';
import type { ReplayResult } from './replay';
import type { RetrievalSummary } from './retrieval';
import { median, ratio, type Summary } from './stats';

/**
 * The machine-readable result of `npm run bench -- --json` (its last line). Times in ms, rates per second, rounded to
 * 0.1; a figure that could not be measured is null. A phase left out with `--only` is null as a whole.
 */
export type PhaseSummary = {
  autosave: {
    es_per_s: number | null;
    es_p50_ms: number | null;
    es_p99_ms: number | null;
    crud_per_s: number | null;
    crud_p50_ms: number | null;
    crud_p99_ms: number | null;
    /** Failed requests (non-2xx or network errors) in the measured windows, both routes together. */
    failures: number;
    failures_by_status: { es: Record<string, number>; crud: Record<string, number> };
    clients: number;
    /**
     * CPU per acknowledged save in each window, µs: this process (server, runner, baseline) and its PostgreSQL backends
     * (`pg_us` null on PGlite). Null when not measured.
     */
    cpu_per_save: { es: CpuPerSave | null; crud: CpuPerSave | null } | null;
    /**
     * Every pair of windows (the first, then BENCH_AUTOSAVE_ROUNDS - 1 more with the routes taking turns): each pair's
     * ratio of commands/s and their median, the figure to compare between runs on a machine whose speed drifts.
     */
    pairs: PairsSummary;
    /** The event-sourced route again once every submission stream holds `prior_saves` more saves (BENCH_PRIOR_SAVES). */
    long_streams: {
      prior_saves: number;
      es_per_s: number | null;
      es_p50_ms: number | null;
      es_p99_ms: number | null;
      failures: number;
      cpu_per_save: CpuPerSave | null;
    } | null;
  } | null;
  lag: {
    p50_ms: number | null;
    p99_ms: number | null;
    max_ms: number | null;
    events: number;
    unmatched: number;
    /** Where the lag went, p50/p99 each (see README). */
    parts: Record<'wait' | 'read' | 'apply' | 'cycle' | 'checkout' | 'commit', { p50_ms: number | null; p99_ms: number | null }>;
    batch_events: { p50: number | null; max: number | null };
    /** Each projection's applyBatch inside its transaction, per batch. */
    projections_ms: Record<string, { p50: number | null; p99: number | null }>;
    /** One sentence: what bounds the lag, from the parts measured. */
    bound: string;
  } | null;
  replay: {
    events: number;
    events_per_s: number | null;
    read_events_per_s: number | null;
    ratio_to_read: number | null;
    peak_rss_mb: number;
    batch_size: number;
    projections: number;
    replay_s: number;
    /** Of replay_s, the shadow build (its last writes and indexes included); the rest is the swaps. */
    build_s: number;
    read_s: number;
    generate_s: number;
    by_type: Record<string, number>;
    /** Per projection over the rebuild: seconds in applyBatch, of which awaiting SQL, and statements per batch. */
    per_projection: Record<string, { s: number; sql_s: number; statements_per_batch: number | null }>;
    /** With `--compare`: the same rebuild with the next page read during the apply and asynchronous commit. */
    direct_events_per_s: number | null;
    /**
     * CPU per event (µs) of the plain read and of the rebuild, in this process and in its PostgreSQL backends (null
     * on PGlite or a remote server), and the rates that CPU allows on this many idle cores: what the figures would be
     * on a machine nothing else loads.
     */
    cpu: {
      read_node_us: number | null;
      read_pg_us: number | null;
      replay_node_us: number | null;
      replay_pg_us: number | null;
      cores: number;
      idle_read_events_per_s: number | null;
      idle_replay_events_per_s: number | null;
    };
  } | null;
  /** (d) the insights routes on a course of 300 students × 40 assignments (absent from older summaries). */
  insights?: InsightsSummary | null;
  /** (e) the study assistant: retrieval over 10 books × 500 pages and the offline answer's first chunk (absent from older summaries). */
  assistant?: AssistantSummary | null;
  /** (f) retrieval alone: searchPassages over 10 books × 500 pages, every book and one (absent from older summaries). */
  retrieval?: RetrievalSummary | null;
};

export type BenchSummary = PhaseSummary & {
  database: { kind: 'pg' | 'pglite'; description: string; cpus: number };
  /** The same phases on in-memory PGlite, when run on PostgreSQL with `--pglite`. */
  pglite?: PhaseSummary & { database: { kind: 'pglite'; description: string } };
};

const r1 = (n: number): number | null => (Number.isFinite(n) ? Math.round(n * 10) / 10 : null);
const r3 = (n: number): number | null => (Number.isFinite(n) ? Math.round(n * 1000) / 1000 : null);
const pair = (s: Summary) => ({ p50_ms: r1(s.p50), p99_ms: r1(s.p99) });
const total = (f: Record<string, number>) => Object.values(f).reduce((a, b) => a + b, 0);

const perEventUs = (ms: number | null, events: number) => (ms === null || events === 0 ? null : r1((ms * 1000) / events));
const cpuSummary = (r: ReplayResult, cores: number) => {
  const e = r.generated.events;
  const bound = (c: CpuCost) => ((x) => (x === null ? null : r1(x)))(idleCoresBound(e, c, cores));
  return {
    read_node_us: perEventUs(r.cpu.read.nodeMs, e),
    read_pg_us: perEventUs(r.cpu.read.pgMs, e),
    replay_node_us: perEventUs(r.cpu.replay.nodeMs, e),
    replay_pg_us: perEventUs(r.cpu.replay.pgMs, e),
    cores,
    idle_read_events_per_s: bound(r.cpu.read),
    idle_replay_events_per_s: bound(r.cpu.replay),
  };
};

export type PairsSummary = {
  ratios: number[];
  ratio_median: number | null;
  es_per_s_median: number | null;
  crud_per_s_median: number | null;
};
type CpuPerSave = { node_us: number | null; pg_us: number | null };
const cpuPerSave = (c: RouteRun['cpu']): CpuPerSave | null =>
  c ? { node_us: r1(c.nodeUs), pg_us: c.pgUs === null ? null : r1(c.pgUs) } : null;

/** The first pair of windows and the rounds after it: each pair's ratio (ES / CRUD commands/s) and the medians. */
export function summarizePairs(a: AutosaveResult): PairsSummary {
  const pairs = [{ es: a.eventSourced.perSecond, crud: a.crud.perSecond }, ...(a.rounds ?? [])];
  const ratios = pairs.map((p) => ratio(p.es, p.crud)).filter((x) => Number.isFinite(x));
  return {
    ratios: ratios.map((x) => Math.round(x * 1000) / 1000),
    ratio_median: ratios.length ? Math.round(median(ratios) * 1000) / 1000 : null,
    es_per_s_median: r1(median(pairs.map((p) => p.es))),
    crud_per_s_median: r1(median(pairs.map((p) => p.crud))),
  };
}

export function summarizePhases(a: AutosaveResult | null, r: ReplayResult | null, clients: number, cores = 2): PhaseSummary {
  return {
    autosave: a && {
      es_per_s: r1(a.eventSourced.perSecond),
      es_p50_ms: r1(a.eventSourced.latency.p50),
      es_p99_ms: r1(a.eventSourced.latency.p99),
      crud_per_s: r1(a.crud.perSecond),
      crud_p50_ms: r1(a.crud.latency.p50),
      crud_p99_ms: r1(a.crud.latency.p99),
      failures: total(a.eventSourced.failures) + total(a.crud.failures),
      failures_by_status: { es: a.eventSourced.failures, crud: a.crud.failures },
      clients,
      cpu_per_save: a.eventSourced.cpu || a.crud.cpu ? { es: cpuPerSave(a.eventSourced.cpu), crud: cpuPerSave(a.crud.cpu) } : null,
      pairs: summarizePairs(a),
      long_streams: a.longStreams
        ? {
            prior_saves: a.longStreams.priorSaves,
            es_per_s: r1(a.longStreams.perSecond),
            es_p50_ms: r1(a.longStreams.latency.p50),
            es_p99_ms: r1(a.longStreams.latency.p99),
            failures: total(a.longStreams.failures),
            cpu_per_save: cpuPerSave(a.longStreams.cpu),
          }
        : null,
    },
    lag: a && {
      p50_ms: r1(a.lag.p50),
      p99_ms: r1(a.lag.p99),
      max_ms: r1(a.lag.max),
      events: a.lag.count,
      unmatched: a.lag.unmatched,
      parts: {
        wait: pair(a.lagParts.wait),
        read: pair(a.lagParts.read),
        apply: pair(a.lagParts.apply),
        cycle: pair(a.lagParts.cycle),
        checkout: pair(a.lagParts.checkout),
        commit: pair(a.lagParts.commit),
      },
      batch_events: { p50: r1(a.lagParts.batchEvents.p50), max: r1(a.lagParts.batchEvents.max) },
      projections_ms: Object.fromEntries(
        Object.entries(a.lagParts.projections).map(([name, s]) => [name, { p50: r1(s.p50), p99: r1(s.p99) }]),
      ),
      bound: lagBound(a),
    },
    replay: r && {
      events: r.generated.events,
      events_per_s: r1((r.generated.events * 1000) / r.replayMs),
      read_events_per_s: r1((r.generated.events * 1000) / r.readMs),
      ratio_to_read: r3(ratio(r.readMs, r.replayMs)),
      peak_rss_mb: r.peakRssMb,
      batch_size: r.batchSize,
      projections: r.projections,
      replay_s: Math.round(r.replayMs) / 1000,
      build_s: Math.round(r.buildMs) / 1000,
      read_s: Math.round(r.readMs) / 1000,
      generate_s: Math.round(r.generateMs) / 1000,
      by_type: r.generated.byType,
      per_projection: Object.fromEntries(
        Object.entries(r.perProjection).map(([name, c]) => [
          name,
          {
            s: Math.round(c.ms) / 1000,
            sql_s: Math.round(c.sqlMs) / 1000,
            statements_per_batch: r1(ratio(c.statements, c.batches)),
          },
        ]),
      ),
      direct_events_per_s: r.directMs === null ? null : r1((r.generated.events * 1000) / r.directMs),
      cpu: cpuSummary(r, cores),
    },
  };
}

/**
 * What bounds the lag, in one sentence, from the measured parts: an event waits for the runner's read that returns
 * it (the runner is busy with the batch in flight, or asleep until woken), then for that read, the batch's transaction
 * (pool checkout, the projections' applyBatch, COMMIT) and the notice.
 */
export function lagBound(a: Pick<AutosaveResult, 'lag' | 'lagParts'>): string {
  const { wait, read, apply, cycle, checkout, commit } = a.lagParts;
  const slowest = Object.entries(a.lagParts.projections)
    .filter(([, s]) => s.count > 0)
    .sort(([, x], [, y]) => y.p99 - x.p99)
    .slice(0, 2)
    .map(([name, s]) => `${name} p99 ${fmtMs(s.p99)}`);
  const ownBatch = a.lagParts.projections['assignment-questions'];
  const biggest = (
    [
      ["waiting for the runner's read (the batch in flight, or the wake-up)", wait.p50],
      ["the runner's readAll", read.p50],
      ['waiting for a pooled connection (the runner shares the pool with the commands)', checkout.p50],
      ["the projection's own applyBatch", ownBatch?.p50 ?? Number.NaN],
      ['COMMIT', commit.p50],
    ] as const
  )
    .filter(([, v]) => Number.isFinite(v))
    .sort(([, x], [, y]) => y - x)[0];
  if (!biggest) return 'no lag measured';
  return (
    `append → notice p99 ${fmtMs(a.lag.p99)} = wait for the runner's read (p50 ${fmtMs(wait.p50)}, p99 ${fmtMs(wait.p99)}) + ` +
    `readAll (p50 ${fmtMs(read.p50)}) + the batch's transaction and publish (p50 ${fmtMs(apply.p50)}, p99 ${fmtMs(apply.p99)}: ` +
    `of it waiting for a pooled connection p50 ${fmtMs(checkout.p50)}, p99 ${fmtMs(checkout.p99)}, COMMIT p50 ${fmtMs(commit.p50)}); ` +
    `the runner applies one batch at a time, so an event also waits for the batch in flight: a cycle (read to next read) takes ` +
    `p50 ${fmtMs(cycle.p50)}, p99 ${fmtMs(cycle.p99)}, the slowest projections' batches ${slowest.join(', ') || 'n/a'}; ` +
    `the largest part at p50 is ${biggest[0]}.`
  );
}

const fmtMs = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');

/** The `--json` line: the summary on one line. */
export const jsonLine = (summary: BenchSummary): string => JSON.stringify(summary);
