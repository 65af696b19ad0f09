import type { FastifyInstance } from 'fastify';
import { routes, streamIds } from '@evergrade/contracts';
import type { Session } from '@evergrade/platform/auth';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { userDecider } from '../user/user';

/** Students and instructors edit their own names (instructors also their title). */
export function profileRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const updateProfile = async (s: Session, names: { firstName: string; lastName: string; title?: string }) => {
    const result = await handleCommand(
      deps.store,
      streamIds.user(s.tenant, s.userId),
      userDecider,
      { type: 'UpdateProfile', ...names, now: deps.now().toISOString() },
      { metadata: { tenant: s.tenant, actorId: String(s.userId), actorRole: s.role } },
    );
    // validate-token answers from the session row, not the read model, so it carries the name too.
    await deps.sessions.renameUser(s.tenant, s.userId, names.firstName, names.lastName);
    return { success: true as const, position: result.position };
  };

  registerRoute(app, deps.sessions, routes.updateStudentProfile, async (request) => updateProfile(sessionOf(request), request.body));
  registerRoute(app, deps.sessions, routes.updateInstructorProfile, async (request) => updateProfile(sessionOf(request), request.body));
}
