import type { SqlClient } from '../sql/types';

/** The relay's own checkpoint: the position of the last event the broker acknowledged, one row per topic. */
export async function migrateRelayCheckpoints(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS kafka_relay_checkpoints (
    name text PRIMARY KEY,
    position text,
    published bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`);
}

export async function readRelayCheckpoint(db: SqlClient, name: string): Promise<string | null> {
  await db.query('INSERT INTO kafka_relay_checkpoints (name, position) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING', [name]);
  const { rows } = await db.query<{ position: string | null }>('SELECT position FROM kafka_relay_checkpoints WHERE name = $1', [name]);
  return rows[0]?.position ?? null;
}

/** Compare-and-set: false when another relay moved it first (this one then goes on from where that one is). */
export async function advanceRelayCheckpoint(
  db: SqlClient,
  name: string,
  from: string | null,
  to: string,
  count: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE kafka_relay_checkpoints SET position = $2, published = published + $4, updated_at = now()
     WHERE name = $1 AND position IS NOT DISTINCT FROM $3`,
    [name, to, from, count],
  );
  return rowCount === 1;
}
