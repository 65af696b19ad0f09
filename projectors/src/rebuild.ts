import { readEventsBetween, type EventStore, type GlobalPosition, type RecordedEvent } from '@evergrade/platform/event-store';
import type { NoticeBus } from '@evergrade/platform/bus';
import { sqlState, type Database, type SqlClient } from '@evergrade/platform/sql';
import { migrateCheckpoints } from './checkpoints';
import type { Projection } from './projection';
import { markRebuildFinished, markRebuildProgress, markRebuildStarted, migrateRebuildStatus } from './rebuild-status';
import { createProjectorRunner } from './runner';

/** The notice a swap publishes: every tenant, every key (the query side tells every client to refetch). */
export const REBUILT_TENANT = '*';
export const REBUILT_KEY = '*';

export type RebuildProgress = {
  /** Events of the log the shadow build has gone through, and the log's size (grows while it runs). */
  done: number;
  total: number;
  eventsPerSecond: number;
  phase: 'building' | 'swapping' | 'done';
};

export type RebuildOptions = {
  store: EventStore;
  db: Database;
  projections: readonly Projection[];
  /** The swap is announced here (projection name, tenant `*`, key `*`), so clients refetch. */
  bus?: NoticeBus;
  /** Events per batch when catching up during the swap (under the live checkpoint's lock: small). */
  batchSize?: number;
  /** Events per batch of the shadow build. */
  buildBatchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Right after a projection's new tables were swapped in at `position` (the live runner resumes it from there). */
  onSwapped?: (name: string, position: string | null) => void;
  log?: (message: string, err?: unknown) => void;
  /** Aborted: the shadow build stops and nothing is swapped in (the rebuild fails with 'stopped'). */
  signal?: AbortSignal;
};

const PROGRESS_EVERY_MS = 400;
/** The shadow build reads big pages: fewer, larger statements; each projection's rows stay in memory meanwhile. */
const BUILD_BATCH = 10_000;
/** How long the swap waits for a table's readers before it lets go and tries again (so it never takes part in a deadlock). */
const LOCK_TIMEOUT_MS = 100;
const SWAP_ATTEMPTS = 200;

/**
 * Builds read models from position zero into fresh tables in a shadow schema while the live ones keep serving (and
 * the live runner keeps them moving), then swaps each in, in one transaction with its checkpoint:
 * 1. one shadow runner reads the log once for all of them until it is idle (close to the live position);
 * 2. per projection, under the live checkpoint's row lock (the live runner's next batch waits on it), the shadow
 *    tables apply what the live runner applied since, so the swap neither steps back nor skips;
 * 3. the live tables are locked (briefly, with a lock timeout: a query in flight finishes on the old tables, a later
 *    one waits and then reads the new ones, none fails or sees them empty), dropped, and the shadow tables moved in;
 * 4. the checkpoint and version are set, the transaction commits, and the swap is announced.
 */
export async function rebuildProjections(opts: RebuildOptions): Promise<{ positions: Record<string, string | null> }> {
  const { store, db, projections } = opts;
  const log = opts.log ?? ((m, e) => console.error(m, e ?? ''));
  const names = projections.map((p) => p.name);
  if (names.length === 0) return { positions: {} };
  await migrateCheckpoints(db);
  await migrateRebuildStatus(db);
  const home = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public';
  /** Named after the live schema, so two databases' schemas in one PostgreSQL (tests) tell their shadows apart. */
  const schema = `${home.slice(0, 40)}_rebuild_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  // The build reads only the types these read models handle (runner.ts, runBulk): progress counts those events.
  const types = handledTypes(projections);
  // Events outside the database (KurrentDB) are not counted up front: the total grows with what the build has read.
  let total =
    store.eventsInDatabase === false
      ? 0
      : Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*)::text AS n FROM events${types ? ' WHERE type = ANY($1::text[])' : ''}`,
              types ? [types] : [],
            )
          ).rows[0]?.n ?? 0,
        );
  for (const p of projections) await markRebuildStarted(db, p.name, p.version, total);

  const started = Date.now();
  const done = new Map<string, number>(names.map((n) => [n, 0]));
  const progressNow = (phase: RebuildProgress['phase']): RebuildProgress => {
    const least = Math.min(...done.values());
    total = Math.max(total, least);
    const seconds = (Date.now() - started) / 1000;
    return { done: least, total, eventsPerSecond: seconds > 0 ? Math.round(least / seconds) : 0, phase };
  };
  let lastReport = 0;
  let throughAll = false;
  let reporting: Promise<void> = Promise.resolve();
  const report = (force = false) => {
    const now = Date.now();
    if (!force && now - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = now;
    const progress = progressNow('building');
    opts.onProgress?.(progress);
    reporting = reporting
      .then(() => markRebuildProgress(db, names, progress.done, progress.total))
      .catch((err) => log('rebuild: progress not saved', err));
  };

  const shadow = createProjectorRunner({
    store,
    db,
    projections,
    schema,
    bulk: true,
    // Secondary indexes are built once at the end, from the finished tables, rather than kept up row by row.
    onMigrated: async () => {
      deferred = await dropSecondaryIndexes(
        db,
        schema,
        projections.flatMap((p) => p.tables),
      );
    },
    batchSize: opts.buildBatchSize ?? BUILD_BATCH,
    pollMs: 50,
    log,
    onBatch: (name, events) => {
      done.set(name, (done.get(name) ?? 0) + events);
      // Every projection through the log's last page: said at once, once (what remains is the build's last writes).
      const through = !throughAll && Math.min(...done.values()) >= total;
      if (through) throughAll = true;
      report(through);
    },
  });
  let deferred: string[] = [];
  const positions: Record<string, string | null> = {};
  const swapped = new Set<string>();
  const abort = () => {
    void shadow.stop();
  };
  opts.signal?.addEventListener('abort', abort);
  try {
    if (opts.signal?.aborted) throw new Error('stopped before the rebuild began');
    await shadow.start();
    await shadow.idle();
    await shadow.stop();
    if (opts.signal?.aborted) throw new Error('stopped: the server shut down during the rebuild');
    // One index per connection at a time, in parallel (on PGlite, one after another).
    await Promise.all(deferred.map((definition) => db.query(definition)));
    report(true);
    await reporting;
    opts.onProgress?.(progressNow('swapping'));
    for (const p of projections) {
      const { position, caughtUp } = await swapIn(db, store, p, schema, home, opts.batchSize ?? 2000);
      done.set(p.name, (done.get(p.name) ?? 0) + caughtUp);
      positions[p.name] = position;
      swapped.add(p.name);
      await markRebuildProgress(db, [p.name], done.get(p.name) ?? 0, total);
      await markRebuildFinished(db, p.name, {});
      opts.onSwapped?.(p.name, position);
      if (opts.bus && position) {
        await opts.bus
          .publish({ projection: p.name, tenant: REBUILT_TENANT, keys: [REBUILT_KEY], position })
          .catch((err) => log('rebuild: announcement failed', err));
      }
    }
    opts.onProgress?.(progressNow('done'));
    return { positions };
  } catch (err) {
    await shadow.stop().catch(() => {});
    const message = err instanceof Error ? err.message : String(err);
    for (const p of projections) if (!swapped.has(p.name)) await markRebuildFinished(db, p.name, { error: message }).catch(() => {});
    throw err;
  } finally {
    opts.signal?.removeEventListener('abort', abort);
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch((err) => log(`rebuild: could not drop ${schema}`, err));
    await db.query('DELETE FROM projection_checkpoints WHERE name = ANY($1)', [names.map((n) => `${n}@${schema}`)]).catch(() => {});
  }
}

/** One read model, as before: `npm run replay -- --projection NAME` and the tests. */
export async function rebuildProjection(
  opts: Omit<RebuildOptions, 'projections'> & { projection: Projection },
): Promise<{ position: string | null }> {
  const { projection, ...rest } = opts;
  const { positions } = await rebuildProjections({ ...rest, projections: [projection] });
  return { position: positions[projection.name] ?? null };
}

/** Every event type these projections read, when each declares them (else null: all types). */
export const handledTypes = (projections: readonly Projection[]): string[] | null =>
  projections.every((p) => p.handles) ? [...new Set(projections.flatMap((p) => [...p.handles!]))] : null;

/**
 * Drops the indexes of these tables in `schema` that back no constraint (the primary keys stay: upserts need them) and
 * returns their definitions, schema-qualified, to build them again.
 */
async function dropSecondaryIndexes(db: Database, schema: string, tables: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     WHERE i.schemaname = $1 AND i.tablename = ANY($2::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [schema, [...tables]],
  );
  for (const { name } of rows) await db.query(`DROP INDEX "${schema}"."${name.replace(/"/g, '""')}"`);
  return rows.map((r) => r.definition);
}

/**
 * Events in (after, upTo]: read in the swap's own transaction where the events share its database (PGlite has one
 * connection), else through the store (KurrentDB), whose log below `upTo` is committed and fixed.
 */
async function eventsBetween(
  tx: SqlClient,
  store: EventStore,
  after: GlobalPosition | null,
  upTo: GlobalPosition,
  limit: number,
): Promise<RecordedEvent[]> {
  if (store.eventsInDatabase !== false) return readEventsBetween(tx, after, upTo, limit);
  const page = await store.readAll({ after: after ?? undefined, limit });
  return page.filter((e) => store.comparePositions(e.globalPosition, upTo) <= 0);
}

async function swapIn(
  db: Database,
  store: EventStore,
  p: Projection,
  schema: string,
  home: string,
  batchSize: number,
): Promise<{ position: string | null; caughtUp: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL search_path TO "${schema}", "${home}"`);
        await tx.query(`INSERT INTO "${home}".projection_checkpoints (name, position) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING`, [
          p.name,
        ]);
        const live =
          (
            await tx.query<{ position: string | null }>(
              `SELECT position FROM "${home}".projection_checkpoints WHERE name = $1 FOR UPDATE`,
              [p.name],
            )
          ).rows[0]?.position ?? null;
        const shadowName = `${p.name}@${schema}`;
        let caughtUp = 0;
        let at =
          (
            await tx.query<{ position: string | null }>(`SELECT position FROM "${home}".projection_checkpoints WHERE name = $1`, [
              shadowName,
            ])
          ).rows[0]?.position ?? null;
        // What the live runner applied since the shadow went idle: committed (the live runner read it), so readable here.
        while (live !== null && (at === null || store.comparePositions(at as GlobalPosition, live as GlobalPosition) < 0)) {
          const events = await eventsBetween(tx, store, at as GlobalPosition | null, live as GlobalPosition, batchSize);
          if (events.length === 0) break;
          await p.applyBatch(tx, events);
          caughtUp += events.length;
          at = events[events.length - 1]!.globalPosition;
        }
        const position =
          at === null ? live : live === null ? at : store.comparePositions(at as GlobalPosition, live as GlobalPosition) >= 0 ? at : live;
        await tx.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT_MS}ms'`);
        const existing: string[] = [];
        for (const table of p.tables) {
          const { rows } = await tx.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`"${home}"."${table}"`]);
          if (rows[0]?.t) existing.push(`"${home}"."${table}"`);
        }
        if (existing.length > 0) await tx.query(`LOCK TABLE ${existing.join(', ')} IN ACCESS EXCLUSIVE MODE`);
        for (const table of p.tables) {
          await tx.query(`DROP TABLE IF EXISTS "${home}"."${table}"`);
          await tx.query(`ALTER TABLE "${schema}"."${table}" SET SCHEMA "${home}"`);
        }
        // writer NULL: a live runner keeping rows of the old tables forgets them (runner.ts, `live`).
        await tx.query(
          `UPDATE "${home}".projection_checkpoints SET position = $2, version = $3, updated_at = now(), writer = NULL WHERE name = $1`,
          [p.name, position, p.version],
        );
        await tx.query(`DELETE FROM "${home}".projection_checkpoints WHERE name = $1`, [shadowName]);
        return { position, caughtUp };
      });
    } catch (err) {
      // 55P03: a reader held a live table past the lock timeout; let it finish and try again.
      if (sqlState(err) !== '55P03' || attempt >= SWAP_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40));
    }
  }
}
