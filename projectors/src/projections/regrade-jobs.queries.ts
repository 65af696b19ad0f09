import type { SqlClient } from '@evergrade/platform/sql';
import { iso } from '../row-set';
import type { RegradeJobRow } from './regrade-jobs';

export type { RegradeJobRow } from './regrade-jobs';

/** An assignment's regrade-all jobs, the newest first (at most `limit`). */
export async function regradeJobsOf(db: SqlClient, tenant: string, assignmentId: number, limit = 50): Promise<RegradeJobRow[]> {
  const { rows } = await db.query<RegradeJobRow>(
    `SELECT tenant, job_id, assignment_id, question_number, instructions, status, total, done, changed, kept_manual,
            failed, started_at, finished_at, position
       FROM regrade_jobs WHERE tenant = $1 AND assignment_id = $2 ORDER BY started_at DESC, job_id LIMIT $3`,
    [tenant, assignmentId, limit],
  );
  return rows.map((r) => ({
    ...r,
    started_at: iso(r.started_at),
    finished_at: r.finished_at === null ? null : iso(r.finished_at),
  }));
}
