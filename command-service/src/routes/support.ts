import type { FastifyInstance } from 'fastify';
import { PROBLEM_REPORT_LIMITS, PROBLEM_REPORT_MESSAGES as M, routes, streamIds, TooManyRequestsError } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { allocateId } from '../ids';
import { problemReportDecider } from '../support/problem-report';

const HOUR_MS = 3600_000;

/** "Report a problem": any signed-in user's report, stored for their school's admin; a few an hour per user. */
export function supportRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.reportProblem, async (request) => {
    const s = sessionOf(request);
    const now = deps.now();
    const limit = await deps.limiter.hit(
      `problem-report:${s.tenant}:${s.userId}`,
      { limit: PROBLEM_REPORT_LIMITS.perHour, windowMs: HOUR_MS },
      now,
    );
    if (!limit.allowed) throw new TooManyRequestsError(M.tooMany(Math.max(1, Math.ceil(limit.retryAfterMs / 60_000))));
    const metadata = { tenant: s.tenant, actorId: String(s.userId), actorRole: s.role };
    const reportId = await allocateId(deps.store, 'problem-report', metadata);
    const { category, message, page } = request.body;
    const result = await handleCommand(
      deps.store,
      streamIds.problemReport(s.tenant, reportId),
      problemReportDecider,
      {
        type: 'ReportProblem',
        reportId,
        category,
        message,
        page: page ?? null,
        now: now.toISOString(),
        reporter: { userId: s.userId, role: s.role, name: `${s.firstName} ${s.lastName}`.trim(), email: s.email },
      },
      { metadata },
    );
    return { success: true as const, position: result.position, report_id: reportId };
  });
}
