import type { EventStore } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';
import { migrateCheckpoints } from './checkpoints';
import type { Projection } from './projection';
import { createProjectorRunner } from './runner';

/**
 * Rebuilds one read model from position zero into fresh tables in a scratch schema, then swaps them in
 * with the checkpoint in one transaction; a live runner waiting on the checkpoint row continues from there.
 */
export async function rebuildProjection(
  opts: { store: EventStore; db: Database; projection: Projection; batchSize?: number; onProgress?: (events: number) => void },
): Promise<{ schema: string }> {
  const { store, db, projection } = opts;
  const schema = `rebuild_${projection.name.replace(/[^a-z0-9]/gi, '_')}_${Date.now()}`;
  await migrateCheckpoints(db);
  const runner = createProjectorRunner({ store, db, projections: [projection], schema, batchSize: opts.batchSize ?? 1000 });
  await runner.start();
  await runner.idle();
  await runner.stop();
  const rebuiltName = `${projection.name}@${schema}`;
  const home = (await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0]?.s ?? 'public';
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO projection_checkpoints (name, position) VALUES ($1, NULL) ON CONFLICT (name) DO NOTHING', [projection.name]);
    await tx.query('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
    for (const table of projection.tables) {
      await tx.query(`DROP TABLE IF EXISTS "${home}"."${table}"`);
      await tx.query(`ALTER TABLE "${schema}"."${table}" SET SCHEMA "${home}"`);
    }
    await tx.query(
      `UPDATE projection_checkpoints SET position = (SELECT position FROM projection_checkpoints WHERE name = $2), version = $3,
       updated_at = now() WHERE name = $1`, [projection.name, rebuiltName, projection.version]);
    await tx.query('DELETE FROM projection_checkpoints WHERE name = $1', [rebuiltName]);
    await tx.query(`DROP SCHEMA "${schema}" CASCADE`);
  });
  return { schema };
}
