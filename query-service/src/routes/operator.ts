import type { FastifyInstance } from 'fastify';
import { routes, type ProjectionStatus } from '@evergrade/contracts';
import { registerRoute } from '@evergrade/platform/http';
import { countEvents, projectionStatuses } from '@evergrade/projectors/queries';
import type { QueryServiceDeps } from '../context';

/** The platform operator's read-model page: positions, lag, rebuild progress (operator key, no school session). */
export function operatorQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.listProjections, async () => {
    const rows = await projectionStatuses(deps.db, deps.eventLog);
    const projections = rows.map((r): ProjectionStatus => {
      const rebuild = r.rebuild && {
        ...r.rebuild,
        percent:
          r.rebuild.status === 'swapped'
            ? 100
            : r.rebuild.events_total > 0
              ? Math.min(100, Math.round((r.rebuild.events_done / r.rebuild.events_total) * 1000) / 10)
              : 0,
      };
      return {
        ...r,
        rebuild,
        status: rebuild?.status === 'rebuilding' ? 'rebuilding' : rebuild?.status === 'failed' ? 'failed' : 'live',
      };
    });
    return { events: await countEvents(deps.db, deps.eventLog), projections };
  });
}
