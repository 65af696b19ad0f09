import type { FastifyInstance } from 'fastify';
import { NotFoundError, routes } from '@evergrade/contracts';
import { registerRoute } from '@evergrade/platform/http';
import type { QueryServiceDeps } from '../context';

/** A school's public face for its branded login and signup pages. */
export function schoolRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.schoolBranding, async (request) => {
    const { rows } = await deps.db.query<{ tenant: string; name: string; logo_url: string | null }>(
      'SELECT tenant, name, logo_url FROM tenants WHERE tenant = $1', [request.params.tenant]);
    const school = rows[0];
    if (!school) throw new NotFoundError('School not found');
    return { tenant: school.tenant, name: school.name, logo_url: school.logo_url };
  });
}
