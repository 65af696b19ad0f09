import { describe, expect, it } from 'vitest';
import type { AutosaveResult } from './autosave';
import type { ReplayResult } from './replay';
import { summarize } from './stats';
import { jsonLine, lagBound, summarizePairs, summarizePhases, type BenchSummary } from './summary';

const autosave: AutosaveResult = {
  eventSourced: { perSecond: 812.345, latency: summarize([20, 30, 40, 90]), failures: { 409: 2 }, cpu: { nodeUs: 412.345, pgUs: 380.04 } },
  crud: { perSecond: 4000, latency: summarize([3, 4, 5]), failures: { 0: 1 } },
  lag: { ...summarize([10, 20, 95]), unmatched: 0 },
  lagParts: {
    wait: summarize([2, 4, 50]),
    read: summarize([1, 1, 2]),
    apply: summarize([7, 8, 40]),
    batchEvents: summarize([12, 30]),
    cycle: summarize([15, 60]),
    projections: { 'assignment-questions': summarize([5, 6]), grading: summarize([1, 38]), idle: summarize([]) },
    checkout: summarize([0.5, 30]),
    commit: summarize([2, 3]),
  },
  streams: 64,
};

const replay: ReplayResult = {
  generated: {
    events: 1_000_000,
    shape: { schools: 10, studentsPerSchool: 120, teachers: 6, courses: 8, coursesPerStudent: 3, weeks: 6, questions: 5 },
    byType: { AnswerSaved: 700_000 },
    streams: 60_000,
    users: 1260,
    submissions: 21_600,
    timedSessions: 4000,
    responses: 108_000,
    practices: 700,
    problemReports: 70,
    rubrics: 70,
    libraryQuestions: 300,
    textbooks: 40,
  },
  generateMs: 40_000,
  readMs: 5000,
  replayMs: 16_000,
  buildMs: 30_000,
  batchSize: 10_000,
  projections: 12,
  peakRssMb: 512,
  perProjection: { grading: { batches: 100, ms: 4000.4, sqlMs: 3000, statements: 700 } },
  directMs: null,
  cpu: { read: { nodeMs: 4000, pgMs: 3000 }, replay: { nodeMs: 12_000, pgMs: 16_000 } },
};

describe('the pairs of autosave windows', () => {
  it('gives each pair its ratio and the median of them, the first pair included', () => {
    const rounds = [
      { es: 900, crud: 1000, esCpu: null, crudCpu: null, esFirst: false },
      { es: 1200, crud: 1000, esCpu: null, crudCpu: null, esFirst: true },
    ];
    // 812.345 / 4000 = 0.203, then 0.9 and 1.2: the median is the middle one.
    expect(summarizePairs({ ...autosave, rounds })).toEqual({
      ratios: [0.203, 0.9, 1.2],
      ratio_median: 0.9,
      es_per_s_median: 900,
      crud_per_s_median: 1000,
    });
  });

  it('is the first pair alone with one round, and leaves out a pair without a rate', () => {
    expect(summarizePairs(autosave)).toEqual({ ratios: [0.203], ratio_median: 0.203, es_per_s_median: 812.3, crud_per_s_median: 4000 });
    const empty = summarizePairs({ ...autosave, rounds: [{ es: 5, crud: 0, esCpu: null, crudCpu: null, esFirst: true }] });
    expect(empty.ratios).toEqual([0.203]);
  });
});

describe('the --json summary', () => {
  const summary: BenchSummary = {
    database: { kind: 'pg', description: 'PostgreSQL 15', cpus: 2 },
    ...summarizePhases(autosave, replay, 32),
  };

  it('has every key the issue asks for, as numbers', () => {
    const parsed = JSON.parse(jsonLine(summary)) as Record<string, Record<string, unknown>>;
    for (const key of ['es_per_s', 'es_p50_ms', 'es_p99_ms', 'crud_per_s', 'crud_p99_ms', 'failures'])
      expect(typeof parsed.autosave![key], key).toBe('number');
    for (const key of ['p50_ms', 'p99_ms']) expect(typeof parsed.lag![key], key).toBe('number');
    for (const key of ['events', 'events_per_s', 'read_events_per_s', 'peak_rss_mb'])
      expect(typeof parsed.replay![key], key).toBe('number');
  });

  it('rounds rates and times, totals failures and relates replay to the read', () => {
    expect(summary.autosave).toMatchObject({
      es_per_s: 812.3,
      es_p50_ms: 30,
      es_p99_ms: 90,
      crud_per_s: 4000,
      crud_p99_ms: 5,
      failures: 3,
      cpu_per_save: { es: { node_us: 412.3, pg_us: 380 }, crud: null },
    });
    expect(summary.lag).toMatchObject({ p50_ms: 20, p99_ms: 95, events: 3, unmatched: 0, batch_events: { p50: 12, max: 30 } });
    expect(summary.replay).toMatchObject({
      events: 1_000_000,
      events_per_s: 62_500,
      read_events_per_s: 200_000,
      ratio_to_read: 0.313,
      peak_rss_mb: 512,
    });
    expect(summary.replay!.per_projection).toEqual({ grading: { s: 4, sql_s: 3, statements_per_batch: 7 } });
    expect(summary.replay!.direct_events_per_s).toBeNull();
    // Read: Node 4 s on one thread bounds it (7 s over two cores is 3.5 s): 250,000/s. Rebuild: 28 s over two cores.
    expect(summary.replay!.cpu).toEqual({
      read_node_us: 4,
      read_pg_us: 3,
      replay_node_us: 12,
      replay_pg_us: 16,
      cores: 2,
      idle_read_events_per_s: 250_000,
      idle_replay_events_per_s: 71_428.6,
    });
    expect(
      summarizePhases(null, { ...replay, cpu: { read: { nodeMs: 1, pgMs: null }, replay: { nodeMs: 1, pgMs: null } } }, 32).replay!.cpu
        .idle_replay_events_per_s,
    ).toBeNull();
    expect(summarizePhases(null, { ...replay, directMs: 10_000 }, 32).replay!.direct_events_per_s).toBe(100_000);
  });

  it('is one line, and unmeasured figures and skipped phases are null', () => {
    const skipped = summarizePhases(null, { ...replay, replayMs: 0 }, 32);
    expect(skipped.autosave).toBeNull();
    expect(skipped.lag).toBeNull();
    expect(skipped.replay!.events_per_s).toBeNull();
    expect(summarizePhases(autosave, null, 32).lag!.projections_ms.idle).toEqual({ p50: null, p99: null });
    expect(jsonLine(summary)).not.toContain('\n');
  });

  it('says what bounds the lag, naming the slowest projections', () => {
    const bound = lagBound(autosave);
    expect(bound).toContain('p99 95.0 ms');
    expect(bound).toMatch(/slowest projections' batches grading p99 38\.0 ms, assignment-questions p99 6\.0 ms;/);
    expect(bound).toContain("largest part at p50 is the projection's own applyBatch");
    expect(bound).toContain('waiting for a pooled connection p50 0.5 ms, p99 30.0 ms, COMMIT p50 2.0 ms');
  });
});
