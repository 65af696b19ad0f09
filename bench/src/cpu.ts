import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { Database } from '@evergrade/platform/sql';

/**
 * CPU time spent on a phase, by this process and by the PostgreSQL backends serving its connections (found by
 * `application_name` in pg_stat_activity, read from /proc, so only when PostgreSQL runs on this machine). On a machine
 * other work also loads, wall-clock rates say little; CPU per event does not, and bounds what two idle cores could do.
 */
export type CpuCost = { nodeMs: number; pgMs: number | null };

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a process in ms, or undefined when it is gone or not readable. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

export function startCpuMeter(db: Database, applicationName: string | null): { stop(): Promise<CpuCost> } {
  const node = process.cpuUsage();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let readable = applicationName !== null && db.kind === 'pg';
  let initial = true;
  const sample = async () => {
    if (!readable) return;
    const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    const seen = rows.map(({ pid }) => [pid, processCpuMs(pid)] as const);
    // None readable: PostgreSQL runs elsewhere (or /proc is hidden). One missing: that backend just ended.
    if (seen.length > 0 && seen.every(([, ms]) => ms === undefined)) {
      readable = false;
      return;
    }
    for (const [pid, ms] of seen) {
      if (ms === undefined) continue;
      // A backend already there counts from now; one that appears later was started for this phase.
      if (!first.has(pid)) first.set(pid, initial ? ms : 0);
      last.set(pid, ms);
    }
    initial = false;
  };
  const started = sample();
  // Backends come and go with the pool: sample often enough to see each one's time before it ends.
  const timer = setInterval(() => {
    sample().catch(() => {
      readable = false;
    });
  }, 500);
  return {
    async stop() {
      clearInterval(timer);
      await started.catch(() => {
        readable = false;
      });
      await sample().catch(() => {
        readable = false;
      });
      const used = process.cpuUsage(node);
      let pg = 0;
      for (const [pid, end] of last) pg += end - (first.get(pid) ?? end);
      return { nodeMs: (used.user + used.system) / 1000, pgMs: readable ? pg : null };
    },
  };
}

/** Events per second two (or `cores`) idle cores could sustain at this CPU cost: Node's part runs on one thread. */
export function idleCoresBound(events: number, cost: CpuCost, cores: number): number | null {
  if (cost.pgMs === null || events === 0) return null;
  const perEventMs = Math.max(cost.nodeMs, (cost.nodeMs + cost.pgMs) / cores) / events;
  return perEventMs > 0 ? 1000 / perEventMs : null;
}

/**
 * A CPU profile of this process (`node:inspector`) from `afterMs` on, for `forMs`, sampled every `intervalUs`,
 * written to `file` (open it in Chrome's DevTools or summarise it by function). Resolves once written.
 */
export async function writeCpuProfile(
  file: string,
  { afterMs, forMs, intervalUs }: { afterMs: number; forMs: number; intervalUs: number },
): Promise<void> {
  await new Promise((r) => setTimeout(r, afterMs));
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.post('Profiler.start');
  await new Promise((r) => setTimeout(r, forMs));
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
}
