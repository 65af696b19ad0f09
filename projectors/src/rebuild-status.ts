import type { SqlClient } from '@evergrade/platform/sql';

import { ALL_PROJECTIONS, PROJECTION_REBUILD_REQUESTED, PROJECTION_REBUILD_STREAM } from '@evergrade/contracts';

/**
 * "Rebuild this read model" is an event in the log (contracts: the command side appends it), so whichever projector
 * process runs the projection picks it up (standalone, or the projectors' own process in the distributed mode).
 */
export const REBUILD_REQUESTED = PROJECTION_REBUILD_REQUESTED;
export const REBUILD_STREAM = PROJECTION_REBUILD_STREAM;
export { ALL_PROJECTIONS };

export type RebuildStatus = 'rebuilding' | 'swapped' | 'failed';

/**
 * Rebuild progress, one row per projection: operational state the query side reads for the admin page (not a read
 * model: no projection writes it and a rebuild never replaces it).
 */
export async function migrateRebuildStatus(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS projection_rebuilds (
    name text PRIMARY KEY,
    status text NOT NULL,
    version integer NOT NULL,
    request_position text,
    events_done bigint NOT NULL DEFAULT 0,
    events_total bigint NOT NULL DEFAULT 0,
    started_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    last_error text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
}

/**
 * Claims the request at `position` for these projections: each is claimed by exactly one caller, however many
 * projector processes (or re-reads of the same batch) see it. Positions sort as text. Returns the names claimed.
 */
export async function claimRebuildRequest(
  db: SqlClient,
  projections: readonly { name: string; version: number }[],
  position: string,
): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `INSERT INTO projection_rebuilds (name, status, version, request_position)
     SELECT name, 'rebuilding', version, $3 FROM unnest($1::text[], $2::int[]) AS u(name, version)
     ON CONFLICT (name) DO UPDATE SET status = 'rebuilding', version = excluded.version, request_position = $3, events_done = 0, events_total = 0,
       started_at = now(), finished_at = NULL, last_error = NULL, updated_at = now()
     WHERE projection_rebuilds.request_position IS NULL OR projection_rebuilds.request_position < $3
     RETURNING name`,
    [projections.map((p) => p.name), projections.map((p) => p.version), position],
  );
  return rows.map((r) => r.name);
}

export async function markRebuildStarted(db: SqlClient, name: string, version: number, total: number): Promise<void> {
  await db.query(
    `INSERT INTO projection_rebuilds (name, status, version, events_total) VALUES ($1, 'rebuilding', $2, $3)
     ON CONFLICT (name) DO UPDATE SET status = 'rebuilding', version = $2, events_done = 0, events_total = $3,
       started_at = now(), finished_at = NULL, last_error = NULL, updated_at = now()`,
    [name, version, total],
  );
}

export async function markRebuildProgress(db: SqlClient, names: readonly string[], done: number, total: number): Promise<void> {
  await db.query(
    `UPDATE projection_rebuilds SET events_done = $2, events_total = GREATEST($3::bigint, $2::bigint), updated_at = now()
     WHERE name = ANY($1) AND status = 'rebuilding'`,
    [names, done, total],
  );
}

export async function markRebuildFinished(db: SqlClient, name: string, outcome: { error?: string }): Promise<void> {
  await db.query(
    `UPDATE projection_rebuilds SET status = $2, last_error = $3, finished_at = now(), updated_at = now(),
       events_total = CASE WHEN $2 = 'swapped' THEN events_done ELSE events_total END
     WHERE name = $1`,
    [name, outcome.error === undefined ? 'swapped' : 'failed', outcome.error ?? null],
  );
}
