import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ALL_PROJECTIONS, OPERATOR_KEY_HEADER, type ProjectionsReply } from '@evergrade/contracts';
import { loadConfig } from '@evergrade/platform/config';
import { createPostgresBus } from '@evergrade/platform/bus';
import { createEventStore } from '@evergrade/platform/event-store';
import { openPgliteDatabase, openPostgresDatabase } from '@evergrade/platform/sql';
import { allProjections } from './projections/index';
import { rebuildProjections, type RebuildProgress } from './rebuild';

/**
 * `npm run replay -- --projection NAME [--projection NAME…]` or `-- --all`: rebuilds read models beside the serving ones
 * and swaps them in (no downtime), with a progress bar.
 * - PostgreSQL (DATABASE_URL): runs here, alongside any running servers (their runners continue from the swap).
 * - PGlite: the data directory belongs to the running server if there is one (`{DATA_DIR}/server.json`): then it asks
 *   that server to rebuild (operator key from `{DATA_DIR}/operator-key` or OPERATOR_KEY) and shows the progress the
 *   server reports; otherwise it opens the data directory itself.
 */
const { values } = parseArgs({ options: { projection: { type: 'string', multiple: true }, all: { type: 'boolean' } } });
const names = allProjections.map((p) => p.name);
const unknown = (values.projection ?? []).filter((n) => !names.includes(n));
const chosen = values.all ? allProjections : allProjections.filter((p) => values.projection?.includes(p.name));
if (chosen.length === 0 || unknown.length > 0) {
  if (unknown.length > 0) console.error(`Unknown projection: ${unknown.join(', ')}`);
  console.error(`Usage: npm run replay -- --projection NAME   (or --all)\nProjections: ${names.join(', ')}`);
  process.exit(2);
}
const chosenNames = chosen.map((p) => p.name);
const config = loadConfig();
const dataDir = path.resolve(config.dataDir);

const bar = createProgressBar();
try {
  const server = config.databaseUrl ? null : await runningServer();
  if (server) await rebuildOnServer(server.url, server.key);
  else await rebuildHere();
} catch (err) {
  bar.end();
  console.error(`replay failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

async function rebuildHere(): Promise<void> {
  const db = config.databaseUrl ? openPostgresDatabase({ connectionString: config.databaseUrl }) : await openPgliteDatabase({ dataDir });
  const store = await createEventStore(db, { eventStoreUrl: config.eventStoreUrl });
  // On PostgreSQL the swap is announced to the running servers' clients through LISTEN/NOTIFY.
  const bus = config.databaseUrl ? createPostgresBus(db) : undefined;
  const started = Date.now();
  try {
    await rebuildProjections({ store, db, projections: chosen, ...(bus ? { bus } : {}), onProgress: (p) => bar.show(p), log: () => {} });
  } finally {
    await bus?.close();
    await store.close();
    await db.close();
  }
  bar.end();
  console.log(`rebuilt ${chosenNames.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function runningServer(): Promise<{ url: string; key: string } | null> {
  const file = path.join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  const { url, pid } = JSON.parse(await readFile(file, 'utf8')) as { url: string; pid: number };
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  const key = config.operatorKey ?? (await readFile(path.join(dataDir, 'operator-key'), 'utf8')).trim();
  return { url, key };
}

async function rebuildOnServer(url: string, key: string): Promise<void> {
  console.log(`The server at ${url} holds ${dataDir}: asking it to rebuild.`);
  const call = async (method: 'GET' | 'POST', route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { [OPERATOR_KEY_HEADER]: key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(json as { message?: string } | null)?.message ?? ''}`);
    return json;
  };
  const asked = Date.now();
  const requests = values.all ? [ALL_PROJECTIONS] : chosenNames;
  for (const projection of requests) await call('POST', '/admin/rebuild-projection', { projection });
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const reply = (await call('GET', '/admin/projections')) as ProjectionsReply;
    const mine = reply.projections.filter(
      (p) => chosenNames.includes(p.name) && p.rebuild && Date.parse(p.rebuild.started_at) >= asked - 2000,
    );
    if (mine.length < chosenNames.length) continue;
    const failed = mine.filter((p) => p.rebuild!.status === 'failed');
    if (failed.length > 0) throw new Error(failed.map((p) => `${p.name}: ${p.rebuild!.last_error ?? 'failed'}`).join('; '));
    const done = Math.min(...mine.map((p) => p.rebuild!.events_done));
    const total = Math.max(...mine.map((p) => p.rebuild!.events_total));
    const seconds = (Date.now() - asked) / 1000;
    const finished = mine.every((p) => p.rebuild!.status === 'swapped');
    bar.show({
      done: finished ? total : done,
      total,
      eventsPerSecond: seconds > 0 ? Math.round(done / seconds) : 0,
      phase: finished ? 'done' : 'building',
    });
    if (finished) break;
  }
  bar.end();
  console.log(`rebuilt ${chosenNames.join(', ')} on the running server in ${((Date.now() - asked) / 1000).toFixed(1)} s`);
}

/** One line redrawn in place on a terminal; a line every few seconds otherwise (CI logs). */
function createProgressBar() {
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  let drawn = false;
  const fmt = (n: number) => n.toLocaleString('en-US');
  return {
    show(p: RebuildProgress) {
      const fraction = p.phase === 'done' ? 1 : p.total > 0 ? Math.min(1, p.done / p.total) : 0;
      const width = 30;
      const filled = Math.round(fraction * width);
      const eta = p.eventsPerSecond > 0 ? Math.max(0, (p.total - p.done) / p.eventsPerSecond) : null;
      const phase = p.phase === 'swapping' ? ' swapping in…' : p.phase === 'done' ? ' swapped in' : '';
      const line =
        `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}%  ` +
        `${fmt(p.done)} / ${fmt(p.total)} events  ${fmt(p.eventsPerSecond)} events/s  ETA ${eta === null ? '?' : `${eta.toFixed(0)} s`}${phase}`;
      if (tty) {
        process.stderr.write(`\r${line}\x1b[K`);
        drawn = true;
      } else if (Date.now() - lastLine > 2000 || p.phase !== 'building') {
        process.stderr.write(`${line}\n`);
        lastLine = Date.now();
      }
    },
    end() {
      if (tty && drawn) process.stderr.write('\n');
      drawn = false;
    },
  };
}
