import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PROJECTION_REBUILD_REQUESTED, PROJECTION_REBUILD_STREAM, routes } from '@evergrade/contracts';
import { registerRoute } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';

/**
 * The platform operator asks for a read model to be rebuilt: an event in the log that whichever projector process
 * runs that projection picks up (and claims once). Nothing to decide: every request is recorded, a rebuild already
 * under way for that projection absorbs it. The name is checked by shape only (the command side knows no projection).
 */
export function operatorRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  registerRoute(app, deps.sessions, routes.rebuildProjection, async (request) => {
    const result = await deps.store.append(
      PROJECTION_REBUILD_STREAM,
      [
        {
          type: PROJECTION_REBUILD_REQUESTED,
          data: { projection: request.body.projection, requested_at: deps.now().toISOString() },
          metadata: { tenant: '_platform', actorRole: 'operator', commandId: randomUUID() },
        },
      ],
      { expectedVersion: 'any' },
    );
    return { success: true as const, position: result.lastPosition };
  });
}
