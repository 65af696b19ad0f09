import type { SqlClient } from '@evergrade/platform/sql';

export async function migrateCheckpoints(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text PRIMARY KEY,
    position text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
  await db.query('ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS version integer');
  // The live runner that wrote the row last (its own random id; NULL after anyone else's write): runner.ts keeps rows in
  // memory between batches only while it is still the writer.
  await db.query('ALTER TABLE projection_checkpoints ADD COLUMN IF NOT EXISTS writer text');
}

export type CheckpointState =
  /** No checkpoint yet (a new database): build the tables in place. */
  | 'new'
  /** Built with this version: keep going. */
  | 'current'
  /** Built with another version and serving: build the new one beside it and swap it in (no downtime). */
  | 'outdated';

/**
 * Read models are disposable, events are not. A projection never built (or whose build never applied an event) is
 * built in place; one built with another version keeps serving while the new version is built in a shadow schema
 * (see rebuild.ts). Never drops a table that serves.
 */
export async function checkpointState(db: SqlClient, name: string, version: number, tables: readonly string[]): Promise<CheckpointState> {
  await db.query('INSERT INTO projection_checkpoints (name, position, version) VALUES ($1, NULL, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    version,
  ]);
  const { rows } = await db.query<{ version: number | null; position: string | null }>(
    'SELECT version, position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
    [name],
  );
  const row = rows[0];
  if (row?.version === version) return 'current';
  if (row?.position == null) {
    // Nothing was served from these tables: start again in place.
    for (const table of tables) await db.query(`DROP TABLE IF EXISTS "${table}"`);
    await db.query('UPDATE projection_checkpoints SET version = $2, updated_at = now(), writer = NULL WHERE name = $1', [name, version]);
    return 'new';
  }
  return 'outdated';
}

export async function readCheckpoint(db: SqlClient, name: string): Promise<string | null> {
  await db.query('INSERT INTO projection_checkpoints (name, position) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING', [name]);
  const { rows } = await db.query<{ position: string | null }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0]?.position ?? null;
}

/** Compare-and-set: false when another runner moved the checkpoint first, so this batch must roll back. */
export async function advanceCheckpoint(tx: SqlClient, name: string, from: string | null, to: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE projection_checkpoints SET position = $2, updated_at = now(), writer = NULL WHERE name = $1 AND position IS NOT DISTINCT FROM $3',
    [name, to, from],
  );
  return rowCount === 1;
}
