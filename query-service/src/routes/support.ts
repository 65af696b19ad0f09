import type { FastifyInstance } from 'fastify';
import { PROBLEM_REPORTS_PROJECTION, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { problemReportsOfTenant } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

/** The public app settings, and the admin's list of problem reports from their own school. */
export function supportQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.appConfig, async () => ({ feedback_url: deps.feedbackUrl ?? null }));

  registerRoute(app, deps.sessions, routes.listProblemReports, async (request) => {
    const { tenant } = sessionOf(request);
    await awaitProjections(request, deps, [PROBLEM_REPORTS_PROJECTION]);
    const rows = await problemReportsOfTenant(deps.db, tenant, 500);
    return rows.map((r) => ({
      report_id: r.report_id,
      category: r.category,
      message: r.message,
      page: r.page,
      reporter: { user_id: r.reporter_id, role: r.reporter_role, name: r.reporter_name, email: r.reporter_email },
      reported_at: r.reported_at,
    }));
  });
}
