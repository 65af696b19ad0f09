import type { FastifyInstance } from 'fastify';
import { routes, streamIds } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { loadAssignmentContext } from '../assignment-context';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { submissionDecider } from '../submission/decide';

export function answerRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const metadataFor = (s: { tenant: string; userId: number; role: string }, commandId?: string) => ({
    tenant: s.tenant,
    actorId: String(s.userId),
    actorRole: s.role,
    ...(commandId ? { commandId } : {}),
  });

  registerRoute(app, deps.sessions, routes.setAssignmentResponse, async (request) => {
    const session = sessionOf(request);
    const { assignment_id, question_id, response_content, command_id, client_saved_at } = request.body;
    const assignment = await loadAssignmentContext(deps.store, session.tenant, assignment_id, session.userId);
    const result = await handleCommand(
      deps.store,
      streamIds.submission(session.tenant, assignment_id, session.userId),
      submissionDecider,
      {
        type: 'SaveAnswer',
        assignment,
        studentId: session.userId,
        questionId: question_id,
        responseContent: response_content,
        now: deps.now().toISOString(),
        ...(client_saved_at ? { clientSavedAt: client_saved_at } : {}),
      },
      { metadata: metadataFor(session, command_id) },
    );
    return { success: true as const, position: result.position };
  });

  registerRoute(app, deps.sessions, routes.submitAssignment, async (request) => {
    const session = sessionOf(request);
    const { assignment_id, responses, command_id } = request.body;
    const assignment = await loadAssignmentContext(deps.store, session.tenant, assignment_id, session.userId);
    const result = await handleCommand(
      deps.store,
      streamIds.submission(session.tenant, assignment_id, session.userId),
      submissionDecider,
      {
        type: 'SubmitAssignment',
        assignment,
        studentId: session.userId,
        responses: Object.fromEntries(Object.entries(responses).map(([k, v]) => [Number(k), v])),
        now: deps.now().toISOString(),
      },
      { metadata: metadataFor(session, command_id) },
    );
    return { success: true as const, position: result.position };
  });
}
