import type { FastifyInstance } from 'fastify';
import { NotFoundError, PROJECTIONS, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { userById } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

export function instructorRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.getInstructor, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const u = await userById(deps.db, s.tenant, s.userId);
    if (!u) throw new NotFoundError('Instructor not found');
    return {
      instructorId: u.user_id,
      title: u.title,
      email: u.email,
      firstName: u.first_name,
      lastName: u.last_name,
      smart_builder_enabled: u.smart_builder,
    };
  });
}
