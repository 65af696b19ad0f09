import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPgliteDatabase } from '@evergrade/platform/sql';
import { checkDemoSchool } from './demo-school';
import { freePort, SEEDED, spawnServer, whenReady } from './server';

/**
 * Part (b): the first start of a fresh data directory is SIGKILLed at a random moment (sometimes its next start
 * too), then the server is started normally: every demo login must work and the whole demo school must be listed,
 * and the banner's "(demo school seeded)" must be true (shown exactly when the start had seeding left to do).
 * Half the first starts are killed at a random moment of the whole start, the others (and every next start killed)
 * during a random step of the demo seed, which the server names on stderr with EVERGRADE_SEED_TRACE=true. After each
 * kill a copy of the data directory is opened to see where the kill landed: before the seed, half-way through it,
 * or after it.
 */
export type FirstStartOptions = {
  kills: number;
  /** Chance that the start after a kill that left seeding to do is killed too (during a seed step), before the normal start. */
  killResumeChance?: number;
  /** Time a clean first start once first (aims the kills better); without it the aim starts at `aimMs`. */
  reference?: boolean;
  aimMs?: number;
  port?: number;
  log?: (line: string) => void;
};

export type SeedState = 'empty' | 'partial' | 'whole' | 'unreadable';

export type FirstStartResult = {
  kills: number;
  /** Where the kills landed. */
  landed: Record<SeedState, number>;
  /** Normal starts after kills, and how many of them ended with the whole demo school. */
  starts: number;
  wholeStarts: number;
  /** Starts whose banner's "(demo school seeded)" did not match whether seeding was left to do. */
  untruthfulBanners: number;
  failures: string[];
};

/** The seed's last step (command-service/src/demo-school.ts): its command id is on the tenant's stream once the seed is whole. */
const SEED_DONE = 'demo-seed:preapprove-students';
/** What EVERGRADE_SEED_TRACE=true prints as each seed step begins, and how many steps the seed has. */
const SEED_STEP = 'demo seed step: ';
const SEED_STEPS = 19;

/**
 * Demo-school events in a copy of the data directory (a copy, so the next start still recovers the original), and
 * whether the seed's last step is among them.
 */
async function demoEvents(dataDir: string): Promise<{ events: number; done: boolean } | 'unreadable'> {
  const copy = mkdtempSync(path.join(tmpdir(), 'evergrade-chaos-b-copy-'));
  try {
    cpSync(dataDir, copy, { recursive: true });
    const db = await openPgliteDatabase({ dataDir: copy });
    try {
      const table = await db.query<{ t: string | null }>(`SELECT to_regclass('public.events')::text AS t`);
      if (!table.rows[0]?.t) return { events: 0, done: false };
      const { rows } = await db.query<{ n: number; done: boolean }>(
        `SELECT count(*)::int AS n, coalesce(bool_or(metadata->>'commandId' = $1), false) AS done
           FROM events WHERE stream_id = 'tenant:demo' OR stream_id LIKE '%:demo:%'`,
        [SEED_DONE],
      );
      return { events: rows[0]!.n, done: rows[0]!.done };
    } finally {
      await db.close();
    }
  } catch {
    return 'unreadable';
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export async function runFirstStartKills(options: FirstStartOptions): Promise<FirstStartResult> {
  const log = options.log ?? (() => {});
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const failures: string[] = [];
  const landed: Record<SeedState, number> = { empty: 0, partial: 0, whole: 0, unreadable: 0 };
  let kills = 0;
  let starts = 0;
  let wholeStarts = 0;
  let untruthfulBanners = 0;
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evergrade-chaos-b-'));
    dirs.push(dir);
    return dir;
  };

  try {
    let aim = options.aimMs ?? 15_000;
    if (options.reference ?? true) {
      const dir = freshDir();
      const server = spawnServer({ port, dataDir: dir });
      const banner = await whenReady(server);
      const ms = Date.now() - server.startedAt;
      const check = await checkDemoSchool(base);
      await server.stop();
      if (!banner.includes(SEEDED)) failures.push('a clean first start did not say "(demo school seeded)"');
      if (!check.whole) failures.push(`a clean first start is not whole: ${check.problems.join('; ')}`);
      const n = await demoEvents(dir);
      if (n === 'unreadable' || !n.done) failures.push('a clean first start did not finish the seed');
      aim = ms * 0.8;
      log(`(b) a clean first start takes ${(ms / 1000).toFixed(1)} s and writes ${n === 'unreadable' ? '?' : n.events} demo-school events`);
    }

    const classify = async (dir: string): Promise<SeedState> => {
      const n = await demoEvents(dir);
      if (n === 'unreadable') return 'unreadable';
      return n.done ? 'whole' : n.events === 0 ? 'empty' : 'partial';
    };
    /** Seeding was left to do exactly when the school was empty or half made: the banner must say so then only. */
    const checkBanner = (banner: string, before: SeedState, what: string) => {
      const seeded = banner.includes(SEEDED);
      if (before !== 'unreadable' && seeded !== (before !== 'whole')) {
        untruthfulBanners++;
        failures.push(
          `${what}: the banner ${seeded ? 'says' : 'does not say'} "(demo school seeded)" though the demo school was ${before} before that start`,
        );
      }
      return seeded;
    };
    /**
     * One start killed at a moment: `ms` after spawning, or during the demo seed, a random 0-100 ms after the start
     * of its `step`-th step (EVERGRADE_SEED_TRACE names each step as it begins). Whichever comes first: the banner.
     */
    const killAt = async (dir: string, moment: { ms: number } | { step: number }, before: SeedState, what: string): Promise<SeedState> => {
      const server = spawnServer({ port, dataDir: dir, env: { EVERGRADE_SEED_TRACE: 'true' } });
      const trigger =
        'ms' in moment
          ? new Promise<void>((r) => setTimeout(r, moment.ms))
          : server
              .whenOutput((out) => out.split(SEED_STEP).length - 1 >= moment.step)
              .then(() => new Promise<void>((r) => setTimeout(r, Math.random() * 100)));
      const banner = await Promise.race([server.ready.catch(() => null), trigger.then(() => null)]);
      if (server.child.exitCode !== null)
        failures.push(`${what} exited by itself (${server.child.exitCode}): ${server.output().slice(-2000)}`);
      const elapsed = Date.now() - server.startedAt;
      const stepsBegun = server.output().split(SEED_STEP).length - 1;
      await server.kill();
      kills++;
      if (banner !== null) checkBanner(banner, before, what);
      const state = banner !== null ? 'whole' : await classify(dir);
      landed[state]++;
      const how = 'ms' in moment ? `at a random moment, ${(elapsed / 1000).toFixed(1)} s in` : `during seed step ${moment.step}`;
      log(
        `(b) kill ${kills}: ${what} killed ${how}${banner !== null ? ' (it had already started)' : ''} (${stepsBegun} seed steps begun): demo school ${state}`,
      );
      return state;
    };

    for (let round = 1; kills < options.kills; round++) {
      const dir = freshDir();
      // Every other first start at a random moment of the whole start, the others during a random seed step.
      const anyMoment = round % 2 === 1;
      const firstMoment = anyMoment
        ? { ms: Math.round(aim * (0.1 + 1.1 * Math.random())) }
        : { step: 1 + Math.floor(Math.random() * SEED_STEPS) };
      let state = await killAt(dir, firstMoment, 'empty', `first start #${round}`);
      // Random moments follow the start's length: later when the kill came before the seed, earlier when after it.
      if (anyMoment && state === 'empty') aim *= 1.2;
      else if (anyMoment && state === 'whole') aim *= 0.8;
      if (kills < options.kills && state !== 'whole' && Math.random() < (options.killResumeChance ?? 0.5)) {
        state = await killAt(dir, { step: 1 + Math.floor(Math.random() * SEED_STEPS) }, state, `its next start`);
      }
      const server = spawnServer({ port, dataDir: dir });
      starts++;
      try {
        const seeded = checkBanner(await whenReady(server), state, `round ${round}`);
        const check = await checkDemoSchool(base);
        if (check.whole) wholeStarts++;
        else failures.push(`round ${round}: the demo school is not whole after the start: ${check.problems.join('; ')}`);
        log(
          `(b) round ${round}: the normal start ${seeded ? 'seeded' : 'found the seed done'}; demo school ${check.whole ? 'whole' : 'NOT whole'}`,
        );
      } catch (err) {
        failures.push(`round ${round}: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        await server.stop();
      }
    }
  } catch (err) {
    failures.push(err instanceof Error ? err.message : String(err));
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return { kills, landed, starts, wholeStarts, untruthfulBanners, failures };
}
