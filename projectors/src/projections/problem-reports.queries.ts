import type { SqlClient } from '@evergrade/platform/sql';
import type { ProblemReportRow } from './problem-reports';

export type { ProblemReportRow } from './problem-reports';

/** A school's problem reports, newest first (at most `limit`); `reported_at` as an ISO string. */
export async function problemReportsOfTenant(db: SqlClient, tenant: string, limit = 500): Promise<ProblemReportRow[]> {
  const { rows } = await db.query<ProblemReportRow>(
    `SELECT * FROM problem_reports WHERE tenant = $1 ORDER BY reported_at DESC, report_id DESC LIMIT $2`,
    [tenant, limit],
  );
  return rows.map((r) => ({
    ...r,
    report_id: Number(r.report_id),
    reporter_id: Number(r.reporter_id),
    reported_at: new Date(r.reported_at).toISOString(),
  }));
}
