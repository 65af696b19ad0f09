import type { FastifyInstance } from 'fastify';
import { NotFoundError, routes } from '@evergrade/contracts';
import { registerRoute } from '@evergrade/platform/http';
import { tenantById } from '@evergrade/projectors/queries';
import type { QueryServiceDeps } from '../context';

/** A school's public face for its branded login and signup pages. */
export function schoolRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.schoolBranding, async (request) => {
    const school = await tenantById(deps.db, request.params.tenant);
    if (!school) throw new NotFoundError('School not found');
    return { tenant: school.tenant, name: school.name, logo_url: school.logo_url };
  });
}
