import { PROBLEM_REPORTS_PROJECTION, noticeKeys, type DomainEvent, type ProblemCategory } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** One report sent from the in-app "Report a problem" form. `position`: the event that wrote it. */
export type ProblemReportRow = {
  tenant: string;
  report_id: number;
  category: ProblemCategory;
  message: string;
  page: string | null;
  reporter_id: number;
  reporter_role: string;
  reporter_name: string;
  reporter_email: string;
  reported_at: string;
  position: string;
};

const problemReportsTable: TableSpec<ProblemReportRow> = {
  table: 'problem_reports',
  key: ['tenant', 'report_id'],
  columns: [
    'tenant',
    'report_id',
    'category',
    'message',
    'page',
    'reporter_id',
    'reporter_role',
    'reporter_name',
    'reporter_email',
    'reported_at',
    'position',
  ],
};

type State = { reports: RowSet<ProblemReportRow> };

/** Pure: reports sent from the in-app form, per school; a report is written once (a redelivered one changes nothing). */
export function evolveProblemReports(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  if (event.type !== 'ProblemReported') return null;
  const tenant = tenantOf(recorded);
  const d = event.data;
  if (!state.reports.has({ tenant, report_id: d.reportId })) {
    state.reports.put({
      tenant,
      report_id: d.reportId,
      category: d.category,
      message: d.message,
      page: d.page ?? null,
      reporter_id: d.reporterId,
      reporter_role: d.reporterRole,
      reporter_name: d.reporterName,
      reporter_email: d.reporterEmail,
      reported_at: d.reportedAt,
      position: recorded.globalPosition,
    });
  }
  return { tenant, keys: [noticeKeys.school()] };
}

/** Reports sent from the in-app "Report a problem" form, per school. Serves the admin's Problem reports page. */
export const problemReportsProjection = defineProjection<State>({
  name: PROBLEM_REPORTS_PROJECTION,
  version: 1,
  tables: ['problem_reports'],
  handles: ['ProblemReported'],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS problem_reports (
      tenant text NOT NULL, report_id integer NOT NULL, category text NOT NULL, message text NOT NULL, page text,
      reporter_id integer NOT NULL, reporter_role text NOT NULL, reporter_name text NOT NULL, reporter_email text NOT NULL,
      reported_at timestamptz NOT NULL, position text NOT NULL,
      PRIMARY KEY (tenant, report_id))`);
  },
  init: () => ({ reports: new RowSet(problemReportsTable) }),
  async load(tx, state, events) {
    await state.reports.load(
      tx,
      ofTypes(events, 'ProblemReported').map((e) => ({ tenant: tenantOf(e), report_id: Number(e.data.reportId) })),
    );
  },
  evolve: evolveProblemReports,
});
