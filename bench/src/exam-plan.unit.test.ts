import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import {
  EXAM_DEFAULTS,
  loopDelayOf,
  meanOffered,
  peakOffered,
  planExam,
  seededRandom,
  steadyOffered,
  summarizeExam,
  type ExamLoadResult,
} from './exam-plan';

const config = { ...EXAM_DEFAULTS, students: 200 };

describe('planExam', () => {
  const plans = planExam(config);

  it('starts every student within the window, each once, first', () => {
    expect(plans).toHaveLength(200);
    for (const p of plans) {
      expect(p.startAt).toBeGreaterThanOrEqual(0);
      expect(p.startAt).toBeLessThan(config.startWindowMs);
      expect(p.actions[0]).toEqual({ at: p.startAt, kind: 'start' });
      expect(p.actions.filter((a) => a.kind === 'start')).toHaveLength(1);
      expect(p.deadline).toBe(p.startAt + config.limitMs);
    }
  });

  it('heartbeats every 30 s and saves every 15-25 s, in order, all before the end of the student’s work', () => {
    for (const p of plans) {
      const times = p.actions.map((a) => a.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const beats = p.actions.filter((a) => a.kind === 'heartbeat').map((a) => a.at);
      beats.forEach((t, i) => expect(t).toBe(p.startAt + (i + 1) * config.heartbeatMs));
      const saves = p.actions.filter((a) => a.kind === 'save').map((a) => a.at);
      expect(saves.length).toBeGreaterThan(0);
      saves.slice(1).forEach((t, i) => {
        expect(t - saves[i]!).toBeGreaterThanOrEqual(0.75 * config.saveMs - 1);
        expect(t - saves[i]!).toBeLessThanOrEqual(1.25 * config.saveMs);
      });
      const last = p.actions.at(-1)!;
      if (p.submits) {
        expect(last.kind).toBe('submit');
        expect(last.at).toBeGreaterThanOrEqual(p.startAt + 0.6 * config.limitMs - 1);
        expect(last.at).toBeLessThan(p.deadline);
      } else {
        expect(p.actions.some((a) => a.kind === 'submit')).toBe(false);
        expect(last.at).toBeLessThan(p.deadline - config.stopBeforeDeadlineMs);
      }
    }
  });

  it('lets the given share submit and is the same on every run', () => {
    expect(plans.filter((p) => p.submits)).toHaveLength(160);
    expect(planExam(config)).toEqual(plans);
    expect(planExam({ ...config, seed: 17 })).not.toEqual(plans);
  });

  it('offers what N students make: a heartbeat per 30 s and a save per 20 s each', () => {
    expect(steadyOffered({ students: 30_000, heartbeatMs: 30_000, saveMs: 20_000 })).toBeCloseTo(2500);
    // Once everyone has started, the plan's busiest 10 s carries about the steady rate.
    const peak = peakOffered(plans);
    expect(peak).toBeGreaterThan(0.8 * steadyOffered(config));
    expect(peak).toBeLessThan(2 * steadyOffered(config));
  });
});

describe('peakOffered', () => {
  it('counts the busiest window', () => {
    const plan = (ats: number[]) => ({
      startAt: 0,
      deadline: 0,
      submits: false,
      actions: ats.map((at) => ({ at, kind: 'save' as const })),
    });
    expect(peakOffered([plan([0, 1000, 2000]), plan([9_000, 30_000])], 10_000)).toBeCloseTo(0.4);
    expect(peakOffered([], 10_000)).toBe(0);
  });
});

describe('meanOffered', () => {
  it('is the planned commands over the planned span', () => {
    const plan = (ats: number[]) => ({
      startAt: 0,
      deadline: 0,
      submits: false,
      actions: ats.map((at) => ({ at, kind: 'save' as const })),
    });
    expect(meanOffered([plan([1000, 3000]), plan([5000, 11_000])])).toBeCloseTo(0.4);
    expect(meanOffered([plan([1000])])).toBe(0);
  });

  it('counts a large exam (some 150,000 commands for 16,000 students: more than a call can take as arguments)', () => {
    const plans = Array.from({ length: 16_000 }, (_, i) => ({
      startAt: 0,
      deadline: 0,
      submits: false,
      actions: Array.from({ length: 10 }, (_, k) => ({ at: i + k * 20_000, kind: 'save' as const })),
    }));
    // 160,000 commands from 0 to 15,999 + 180,000 ms.
    expect(meanOffered(plans)).toBeCloseTo(160_000_000 / 195_999, 3);
  });
});

describe('seededRandom', () => {
  it('gives numbers in [0, 1), the same for the same seed', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });
});

describe('summarizeExam', () => {
  const small = { ...EXAM_DEFAULTS, students: 3 };
  const load: ExamLoadResult = {
    byKind: {
      start: { latencies: [10, 20, 30], failures: {} },
      heartbeat: { latencies: [5, 5], failures: { '503': 1 } },
      save: { latencies: [8, 9, 10, 11], failures: {} },
      submit: { latencies: [12], failures: { '0': 1 } },
    },
    savesAcked: [2, 1, 1],
    submitted: [1, 0, 0],
    elapsedMs: 2000,
    late: 3,
  };

  it('adds up commands, failures, saves and submissions', () => {
    const s = summarizeExam(small, planExam(small), load, [
      { saves: 2, submittedBy: 'manual' },
      { saves: 0, submittedBy: 'server' },
      { saves: 3, submittedBy: null },
    ]);
    expect(s.commands).toBe(12);
    expect(s.ok).toBe(10);
    expect(s.failed).toBe(2);
    expect(s.achieved_per_s).toBe(6);
    expect(s.latency_ms.max).toBe(30);
    expect(s.by_kind.heartbeat).toMatchObject({ ok: 2, failed: 1, failures: { '503': 1 } });
    expect(s.saves_acked).toBe(4);
    expect(s.saves_stored).toBe(5);
    // Student 1 had one save acknowledged and none stored; student 2's extra stored save makes up for nothing.
    expect(s.saves_lost).toBe(1);
    expect([s.submitted_manual, s.submitted_by_server, s.not_submitted]).toEqual([1, 1, 1]);
    expect(s.late_commands).toBe(3);
    expect(s.offered_steady_per_s).toBeCloseTo(0.3);
  });
});

describe('loopDelayOf', () => {
  it('reads a real event-loop delay histogram in ms, and is null when it saw nothing', async () => {
    const h = monitorEventLoopDelay({ resolution: 1 });
    expect(loopDelayOf(h)).toBeNull();
    h.enable();
    // Hold the loop about 30 ms, then let the timer sample it.
    await new Promise((r) => setTimeout(r, 5));
    const until = performance.now() + 30;
    while (performance.now() < until);
    await new Promise((r) => setTimeout(r, 5));
    h.disable();
    const d = loopDelayOf(h)!;
    expect(d.max).toBeGreaterThanOrEqual(25);
    expect(d.p50).toBeGreaterThan(0);
    expect(d.p50).toBeLessThanOrEqual(d.p99);
    expect(d.p99).toBeLessThanOrEqual(d.max);
  });
});
