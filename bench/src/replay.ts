import { performance } from 'node:perf_hooks';
import { allProjections, createProjectorRunner } from '@evergrade/projectors';
import { createSqlEventStore, type GlobalPosition } from '@evergrade/platform/event-store';
import { openPgliteDatabase, openPostgresDatabase, type Database } from '@evergrade/platform/sql';
import { generateHistory, type Generated } from './generate';

export type ReplayResult = Generated & {
  generateMs: number;
  /** readAll paging through the whole log, `pageSize` events per page, decoding every event. */
  readMs: number;
  /** A runner with every projection, from an empty schema until all are idle. */
  replayMs: number;
  pageSize: number;
};

/**
 * (c): writes `total` events to a fresh event store (an isolated PostgreSQL schema, or a fresh
 * in-memory PGlite), then times a plain sequential read of the log and a full rebuild of the slice's
 * read models by a projector runner over the same log.
 */
export async function benchReplay(opts: { databaseUrl?: string; total: number; pageSize: number }): Promise<ReplayResult> {
  const db: Database = opts.databaseUrl ? openPostgresDatabase({ connectionString: opts.databaseUrl }) : await openPgliteDatabase();
  const store = await createSqlEventStore(db);
  try {
    let t = performance.now();
    const generated = await generateHistory(store, opts.total, db.kind === 'pg' ? 8 : 1);
    const generateMs = performance.now() - t;
    if (db.kind === 'pg') await db.query('ANALYZE events');

    t = performance.now();
    let read = 0;
    for (let after: GlobalPosition | undefined, page = await store.readAll({ limit: opts.pageSize }); page.length > 0;
      after = page.at(-1)!.globalPosition, page = await store.readAll({ after, limit: opts.pageSize })) {
      read += page.length;
    }
    const readMs = performance.now() - t;
    if (read !== generated.events) throw new Error(`read ${read} events, wrote ${generated.events}`);

    // No bus: nobody listens during a rebuild. The schema (or PGlite) is fresh, so checkpoints start at zero.
    const runner = createProjectorRunner({ store, db, projections: allProjections, batchSize: opts.pageSize, pollMs: 50 });
    t = performance.now();
    await runner.start();
    await runner.idle();
    const replayMs = performance.now() - t;
    await runner.stop();
    await checkReadModels(db, generated);
    return { ...generated, generateMs, readMs, replayMs, pageSize: opts.pageSize };
  } finally {
    await store.close();
    await db.close();
  }
}

/** The rebuild did the work: every list row and every answered question is there, every submission marked. */
async function checkReadModels(db: Database, g: Generated): Promise<void> {
  const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
  const rows = await count('SELECT count(*)::text AS n FROM student_assignments');
  const submitted = await count(`SELECT count(*)::text AS n FROM student_assignments WHERE doc->>'status' = 'Submitted'`);
  const responses = await count('SELECT count(*)::text AS n FROM aq_responses');
  if (rows !== g.studentAssignments || submitted !== g.studentAssignments || responses !== g.answeredQuestions) {
    throw new Error(`read models incomplete: ${rows}/${submitted} list rows (want ${g.studentAssignments}), ${responses} responses (want ${g.answeredQuestions})`);
  }
}
