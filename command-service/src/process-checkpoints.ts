import type { GlobalPosition } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';

// Any constant works; it only has to be the same in every process that creates this table.
const MIGRATION_LOCK = 7_340_021_311;

/**
 * Where a command-side process that follows the log (the deadline process) stands: the position it has applied and
 * the small state it keeps, saved together so a restart resumes from them. The command side's own table, not a
 * read model: no projector writes it and no query reads it.
 */
export type ProcessCheckpoint<S> = { position: GlobalPosition | undefined; state: S | undefined };

export async function migrateProcessCheckpoints(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS command_process_checkpoints (
      name text PRIMARY KEY, position text, state jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
  });
}

export async function loadProcessCheckpoint<S>(db: Database, name: string): Promise<ProcessCheckpoint<S>> {
  const { rows } = await db.query<{ position: string | null; state: S }>(
    'SELECT position, state FROM command_process_checkpoints WHERE name = $1',
    [name],
  );
  const row = rows[0];
  return { position: (row?.position ?? undefined) as GlobalPosition | undefined, state: row?.state };
}

export async function saveProcessCheckpoint<S>(db: Database, name: string, position: GlobalPosition | undefined, state: S): Promise<void> {
  await db.query(
    `INSERT INTO command_process_checkpoints (name, position, state, updated_at) VALUES ($1, $2, $3::jsonb, now())
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, state = EXCLUDED.state, updated_at = now()`,
    [name, position ?? null, JSON.stringify(state)],
  );
}
