import type { FastifyInstance } from 'fastify';
import { MARKING_POLICIES_PROJECTION, MESSAGES, NotFoundError, PROJECTIONS, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { markingPolicyOf, taughtAssignment } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

/** An assignment's marking policy, for an instructor who teaches it (every switch unset until first set). */
export function markingPolicyQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;
  registerRoute(app, sessions, routes.getMarkingPolicy, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, [MARKING_POLICIES_PROJECTION, PROJECTIONS.instructorAssignments]);
    if (!(await taughtAssignment(db, s.tenant, s.userId, id))) throw new NotFoundError(MESSAGES.assignmentNotFound);
    const found = await markingPolicyOf(db, s.tenant, id);
    return { policy: found?.policy ?? {}, set_at: found?.setAt ?? null };
  });
}
