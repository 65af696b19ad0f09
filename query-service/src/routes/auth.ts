import type { FastifyInstance } from 'fastify';
import { routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { QueryServiceDeps } from '../context';

export function authQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.validateToken, async (request) => {
    const { tenant, userId, role, email, firstName, lastName } = sessionOf(request);
    return { status: 'success' as const, data: { tenant, userId, role, email, firstName, lastName } };
  });
  registerRoute(app, deps.sessions, routes.ping, async () => ({ status: 'ok' as const }));
}
