import { PROBLEM_REPORTS_PROJECTION, noticeKeys, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { tenantOf, type Projection, type Touched } from '../projection';
import { perEventProjection } from '../per-event';

/** Reports sent from the in-app "Report a problem" form, per school. Serves the admin's Problem reports page. */
async function apply(tx: SqlClient, recorded: RecordedEvent): Promise<Touched | null> {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'ProblemReported') return null;
  const tenant = tenantOf(recorded);
  const d = event.data;
  await tx.query(
    `INSERT INTO problem_reports (tenant, report_id, category, message, page, reporter_id, reporter_role, reporter_name,
       reporter_email, reported_at, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
    [tenant, d.reportId, d.category, d.message, d.page, d.reporterId, d.reporterRole, d.reporterName, d.reporterEmail, d.reportedAt,
      recorded.globalPosition]);
  return { tenant, keys: [noticeKeys.school()] };
}

export const problemReportsProjection: Projection = perEventProjection({
  name: PROBLEM_REPORTS_PROJECTION,
  version: 1,
  tables: ['problem_reports'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS problem_reports (
      tenant text NOT NULL, report_id integer NOT NULL, category text NOT NULL, message text NOT NULL, page text,
      reporter_id integer NOT NULL, reporter_role text NOT NULL, reporter_name text NOT NULL, reporter_email text NOT NULL,
      reported_at timestamptz NOT NULL, position text NOT NULL,
      PRIMARY KEY (tenant, report_id))`);
  },
  apply,
});
