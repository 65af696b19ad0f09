import type { IntervalHistogram } from 'node:perf_hooks';
import { summarize, type Summary } from './stats';

/**
 * The exam simulation's pure parts (issue 16): who does what when, and the arithmetic of the summary. The runner
 * (exam.ts) and the load generator (exam-worker.ts) carry the plan out against a real server.
 */
export type ExamConfig = {
  students: number;
  /** Students start at uniformly spread moments within this window (ms from the run's start). */
  startWindowMs: number;
  /** The assignment's time limit: each student's deadline is their start plus this. */
  limitMs: number;
  heartbeatMs: number;
  /** Mean gap between two saves of one student; each gap is jittered by ±25 %. */
  saveMs: number;
  /** Share of students who submit themselves (the rest stop working and are auto-submitted by the server). */
  submitShare: number;
  /** Those who stop without submitting stop this long before their deadline. */
  stopBeforeDeadlineMs: number;
  seed: number;
};

export const EXAM_DEFAULTS: Omit<ExamConfig, 'students'> = {
  startWindowMs: 60_000,
  limitMs: 120_000,
  heartbeatMs: 30_000,
  saveMs: 20_000,
  submitShare: 0.8,
  stopBeforeDeadlineMs: 5_000,
  seed: 16,
};

export type ExamAction = { at: number; kind: 'start' | 'heartbeat' | 'save' | 'submit' };
/** One student's actions, times in ms from the run's start, in order. */
export type StudentPlan = { startAt: number; deadline: number; submits: boolean; actions: ExamAction[] };

/** A small seeded generator (mulberry32), so a plan is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every student's plan: a start within the window; a heartbeat every `heartbeatMs` after it; saves from a random
 * phase onwards every `saveMs` ± 25 %; submitters submit between 60 % and 95 % of the time limit, the others stop
 * `stopBeforeDeadlineMs` before their deadline and leave the submission to the server.
 */
export function planExam(config: ExamConfig): StudentPlan[] {
  const random = seededRandom(config.seed);
  const submitters = Math.round(config.students * config.submitShare);
  return Array.from({ length: config.students }, (_, i) => {
    const startAt = Math.floor(random() * config.startWindowMs);
    const deadline = startAt + config.limitMs;
    const submits = i < submitters;
    const end = submits ? startAt + Math.floor(config.limitMs * (0.6 + 0.35 * random())) : deadline - config.stopBeforeDeadlineMs;
    const actions: ExamAction[] = [{ at: startAt, kind: 'start' }];
    for (let t = startAt + config.heartbeatMs; t < end; t += config.heartbeatMs) actions.push({ at: t, kind: 'heartbeat' });
    for (let t = startAt + Math.floor(random() * config.saveMs) + 1; t < end; t += Math.floor(config.saveMs * (0.75 + 0.5 * random())))
      actions.push({ at: t, kind: 'save' });
    if (submits) actions.push({ at: end, kind: 'submit' });
    actions.sort((a, b) => a.at - b.at || order[a.kind] - order[b.kind]);
    return { startAt, deadline, submits, actions };
  });
}
const order = { start: 0, heartbeat: 1, save: 2, submit: 3 } as const;

/** What N students working steadily offer: a heartbeat per `heartbeatMs` and a save per `saveMs` each (commands/s). */
export const steadyOffered = (config: Pick<ExamConfig, 'students' | 'heartbeatMs' | 'saveMs'>) =>
  config.students * (1000 / config.heartbeatMs + 1000 / config.saveMs);

/** The plans' commands over their span (first planned command to last): what the run offers on average (commands/s). */
export function meanOffered(plans: StudentPlan[]): number {
  // A loop, not Math.max(...times): 16,000 students plan some 150,000 commands, past the call stack's room for arguments.
  let count = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const p of plans)
    for (const a of p.actions) {
      count += 1;
      if (a.at < first) first = a.at;
      if (a.at > last) last = a.at;
    }
  if (count < 2) return 0;
  const span = last - first;
  return span > 0 ? (count * 1000) / span : 0;
}

/** The plans' busiest `windowMs` (sliding, in steps of a second): commands planned in it per second. */
export function peakOffered(plans: StudentPlan[], windowMs = 10_000): number {
  const times = plans.flatMap((p) => p.actions.map((a) => a.at)).sort((a, b) => a - b);
  if (times.length === 0) return 0;
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    while (times[hi]! - times[lo]! >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return (best * 1000) / windowMs;
}

/** What the load generator reports back. */
export type ExamLoadResult = {
  /** Per command kind: latencies (ms) of replies with 2xx, and non-2xx replies by status (0 = network error). */
  byKind: Record<ExamAction['kind'], { latencies: number[]; failures: Record<string, number> }>;
  /** Saves acknowledged (200) per student, in the order of the students given. */
  savesAcked: number[];
  /** Submissions acknowledged per student (0 or 1). */
  submitted: number[];
  /** From the first command sent to the last reply (ms). */
  elapsedMs: number;
  /** Commands sent later than planned by more than a second (the generator or the server fell behind). */
  late: number;
  /** The load generator's own event-loop delay over the run (ms): what of a latency is the client's. */
  loopDelayMs?: LoopDelay | null;
};

/** An event loop's delay over a run (`monitorEventLoopDelay`), in ms. */
export type LoopDelay = { p50: number; p99: number; max: number };

/** What the log holds per student after the run. */
export type ExamStored = { saves: number; submittedBy: 'manual' | 'server' | 'other' | null };

export type ExamSummary = {
  students: number;
  commands: number;
  ok: number;
  failed: number;
  offered_steady_per_s: number;
  /** Planned commands over the planned span; compare with achieved_per_s (sent commands over the real span). */
  offered_mean_per_s: number;
  offered_peak_per_s: number;
  achieved_per_s: number;
  latency_ms: { p50: number; p99: number; max: number };
  /** Per command kind; `failures` by HTTP status (0: a network error). */
  by_kind: Record<string, { ok: number; failed: number; failures: Record<string, number>; p50: number; p99: number }>;
  saves_acked: number;
  saves_stored: number;
  saves_lost: number;
  submitted_manual: number;
  submitted_by_server: number;
  not_submitted: number;
  late_commands: number;
  /** Event-loop delay (ms) of the server's process and of the load generator's, over the run. */
  loop_delay_ms?: { server: LoopDelay | null; client: LoopDelay | null };
};

export function summarizeExam(config: ExamConfig, plans: StudentPlan[], load: ExamLoadResult, stored: ExamStored[]): ExamSummary {
  const kinds = Object.entries(load.byKind);
  const all: number[] = kinds.flatMap(([, k]) => k.latencies);
  const failedOf = (f: Record<string, number>) => Object.values(f).reduce((a, n) => a + n, 0);
  const failed = kinds.reduce((a, [, k]) => a + failedOf(k.failures), 0);
  const total: Summary = summarize(all);
  const savesAcked = load.savesAcked.reduce((a, n) => a + n, 0);
  const savesStored = stored.reduce((a, s) => a + s.saves, 0);
  // A save is lost when the student's stream holds fewer saves than were acknowledged to them.
  const lost = stored.reduce((a, s, i) => a + Math.max(0, (load.savesAcked[i] ?? 0) - s.saves), 0);
  return {
    students: config.students,
    commands: all.length + failed,
    ok: all.length,
    failed,
    offered_steady_per_s: round(steadyOffered(config)),
    offered_mean_per_s: round(meanOffered(plans)),
    offered_peak_per_s: round(peakOffered(plans)),
    achieved_per_s: round(load.elapsedMs > 0 ? ((all.length + failed) * 1000) / load.elapsedMs : 0),
    latency_ms: { p50: round(total.p50), p99: round(total.p99), max: round(total.max) },
    by_kind: Object.fromEntries(
      kinds.map(([kind, k]) => {
        const s = summarize(k.latencies);
        return [kind, { ok: k.latencies.length, failed: failedOf(k.failures), failures: k.failures, p50: round(s.p50), p99: round(s.p99) }];
      }),
    ),
    saves_acked: savesAcked,
    saves_stored: savesStored,
    saves_lost: lost,
    submitted_manual: stored.filter((s) => s.submittedBy === 'manual').length,
    submitted_by_server: stored.filter((s) => s.submittedBy === 'server').length,
    not_submitted: stored.filter((s) => s.submittedBy === null).length,
    late_commands: load.late,
  };
}

const round = (n: number) => (Number.isFinite(n) ? Math.round(n * 10) / 10 : 0);

/** A `monitorEventLoopDelay` histogram (ns) as ms; null when it saw nothing. */
export function loopDelayOf(h: Pick<IntervalHistogram, 'count' | 'percentile' | 'max'>): LoopDelay | null {
  if (h.count === 0) return null;
  const ms = (ns: number) => round(ns / 1e6);
  return { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) };
}
