import { performance } from 'node:perf_hooks';
import type { Projection } from '@evergrade/projectors';
import type { EventStore, GlobalPosition, RecordedEvent } from '@evergrade/platform/event-store';
import type { Database } from '@evergrade/platform/sql';

/**
 * A rebuild without the runner, to measure what the runner's replay path could gain (`--compare`): the next page is
 * read while the projections apply the current one (prefetch), and each projection's batch commits with
 * `synchronous_commit = off` (a read model is derived: a batch lost in a crash is replayed from its checkpoint, which
 * commits with it). No checkpoints, notices or retries: it only times the work. The tables must be empty.
 */
export async function replayDirect(
  store: EventStore,
  db: Database,
  projections: readonly Projection[],
  batchSize: number,
  how: { prefetch: boolean; asyncCommit: boolean } = { prefetch: true, asyncCommit: true },
): Promise<{ ms: number; events: number }> {
  for (const p of projections) await db.transaction((tx) => p.migrate(tx));
  const t0 = performance.now();
  let events = 0;
  const read = (after?: GlobalPosition) => store.readAll({ after, limit: batchSize });
  let next: Promise<RecordedEvent[]> = read();
  for (;;) {
    const page = await next;
    if (page.length === 0) break;
    events += page.length;
    const after = page.at(-1)!.globalPosition;
    if (how.prefetch) next = read(after);
    await Promise.all(
      projections.map((p) =>
        db.transaction(async (tx) => {
          if (how.asyncCommit && db.kind === 'pg') await tx.query('SET LOCAL synchronous_commit = off');
          await p.applyBatch(tx, page);
        }),
      ),
    );
    if (!how.prefetch) next = read(after);
  }
  return { ms: performance.now() - t0, events };
}

/** Empties the projections' tables (drops them; `replayDirect` migrates them again). Only for the bench's own schema. */
export async function dropReadModels(db: Database, projections: readonly Projection[]): Promise<void> {
  for (const table of projections.flatMap((p) => p.tables)) await db.query(`DROP TABLE IF EXISTS "${table.replace(/"/g, '""')}" CASCADE`);
}
