import type { FastifyInstance } from 'fastify';
import { PROBLEM_REPORTS_PROJECTION, routes, type ProblemReport } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type ReportRow = {
  report_id: number; category: ProblemReport['category']; message: string; page: string | null; reporter_id: number;
  reporter_role: string; reporter_name: string; reporter_email: string; reported_at: Date | string;
};

/** The public app settings, and the admin's list of problem reports from their own school. */
export function supportQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.appConfig, async () => ({ feedback_url: deps.feedbackUrl ?? null }));

  registerRoute(app, deps.sessions, routes.listProblemReports, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PROBLEM_REPORTS_PROJECTION]);
    const { rows } = await deps.db.query<ReportRow>(
      `SELECT report_id, category, message, page, reporter_id, reporter_role, reporter_name, reporter_email, reported_at
       FROM problem_reports WHERE tenant = $1 ORDER BY reported_at DESC, report_id DESC LIMIT 500`, [tenant]);
    return rows.map((r) => ({
      report_id: Number(r.report_id), category: r.category, message: r.message, page: r.page,
      reporter: { user_id: Number(r.reporter_id), role: r.reporter_role, name: r.reporter_name, email: r.reporter_email },
      reported_at: new Date(r.reported_at).toISOString(),
    }));
  });
}
