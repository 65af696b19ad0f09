import type { SqlClient } from '@evergrade/platform/sql';

export async function migrateCheckpoints(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS projection_checkpoints (
    name text PRIMARY KEY,
    position text,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
}

export async function readCheckpoint(db: SqlClient, name: string): Promise<string | null> {
  await db.query('INSERT INTO projection_checkpoints (name, position) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING', [name]);
  const { rows } = await db.query<{ position: string | null }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0]?.position ?? null;
}

/** Compare-and-set: false when another runner moved the checkpoint first, so this batch must roll back. */
export async function advanceCheckpoint(tx: SqlClient, name: string, from: string | null, to: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    'UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1 AND position IS NOT DISTINCT FROM $3',
    [name, to, from],
  );
  return rowCount === 1;
}
