import type { FastifyInstance } from 'fastify';
import { NotFoundError, PROJECTIONS, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

export function instructorRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  registerRoute(app, deps.sessions, routes.getInstructor, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [PROJECTIONS.directory]);
    const { rows } = await deps.db.query<{ user_id: number; title: string; email: string; first_name: string; last_name: string; smart_builder: boolean }>(
      'SELECT user_id, title, email, first_name, last_name, smart_builder FROM users WHERE tenant = $1 AND user_id = $2', [s.tenant, s.userId]);
    const u = rows[0];
    if (!u) throw new NotFoundError('Instructor not found');
    return { instructorId: u.user_id, title: u.title, email: u.email, firstName: u.first_name, lastName: u.last_name, smart_builder_enabled: u.smart_builder };
  });
}
