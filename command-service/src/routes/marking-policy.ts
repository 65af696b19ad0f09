import type { FastifyInstance } from 'fastify';
import { routes, streamIds } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { loadGradingAssignment } from '../grading/context';
import { markingPolicyDecider } from '../grading/marking-policy';
import { metadataOf } from '../grading/run';

/** An assignment's marking policy (issue 14): set by an instructor who teaches its course, from the streams. */
export function markingPolicyRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.setMarkingPolicy, async (request) => {
    const s = sessionOf(request);
    const { assignment_id, policy } = request.body;
    await loadGradingAssignment(deps.store, s.tenant, assignment_id, s.userId);
    const result = await handleCommand(
      deps.store,
      streamIds.markingPolicy(s.tenant, assignment_id),
      markingPolicyDecider,
      { type: 'SetMarkingPolicy', assignmentId: assignment_id, policy, by: s.userId, now: deps.now().toISOString() },
      { metadata: metadataOf(s) },
    );
    return { success: true as const, position: result.position };
  });
}
