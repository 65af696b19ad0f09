import type { FastifyInstance } from 'fastify';
import { MESSAGES, NotFoundError, TIMER_MESSAGES, routes, streamIds } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { Session } from '@evergrade/platform/auth';
import type { EventStore } from '@evergrade/platform/event-store';
import { loadAssignmentContext, teachesAssignment } from '../assignment-context';
import type { CommandServiceDeps } from '../context';
import { handleCommand } from '../decider';
import { sessionView } from '../submission/clock';
import { loadFolded, streamStatesOf, type FoldedStream } from '../stream-states';
import type { Submission } from '../submission/submission';
import { SessionAlreadyActiveError, submissionDecider, type SubmissionCommand } from '../submission/decide';

const metadataFor = (s: Pick<Session, 'tenant' | 'userId' | 'role'>) => ({
  tenant: s.tenant,
  actorId: String(s.userId),
  actorRole: s.role,
});

/** The session as the student's stream says now, by the server's clock; 404 when none was started. */
async function currentView(store: EventStore, tenant: string, assignmentId: number, studentId: number, now: Date) {
  // The state the command just left (or the cached one plus the stream's tail): no read of the whole stream.
  const folded = await loadFolded(store, streamIds.submission(tenant, assignmentId, studentId), submissionDecider);
  const view = sessionView(folded.state, now.toISOString());
  if (!view) throw new NotFoundError(TIMER_MESSAGES.noSession);
  return { ...view, position: folded.position };
}

/**
 * The stream right after this process's command on it: the state the command left (cached at the version it
 * appended, checked by its expected version), or a newer one of this process; only when neither is there (evicted)
 * is the stream's tail read. A start, a heartbeat and a submit of an exam's students then cost no read after their
 * append.
 */
async function stateAfter(store: EventStore, streamId: string, result: { version: number }): Promise<FoldedStream<Submission>> {
  const left = streamStatesOf(store).get<Submission>(streamId, submissionDecider);
  return left && left.version >= result.version ? left : loadFolded(store, streamId, submissionDecider);
}

/** The session as the state after this process's command says, by the server's clock; 404 when none was started. */
async function viewAfter(
  store: EventStore,
  tenant: string,
  assignmentId: number,
  studentId: number,
  result: { version: number },
  now: Date,
) {
  const folded = await stateAfter(store, streamIds.submission(tenant, assignmentId, studentId), result);
  const view = sessionView(folded.state, now.toISOString());
  if (!view) throw new NotFoundError(TIMER_MESSAGES.noSession);
  return { ...view, position: folded.position };
}

/** Timed assignments (spec document 1, sections 4 and 7): the clock is the server's. */
export function sessionRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const { store } = deps;
  const run = (s: Session, assignmentId: number, studentId: number, command: SubmissionCommand) =>
    handleCommand(store, streamIds.submission(s.tenant, assignmentId, studentId), submissionDecider, command, { metadata: metadataFor(s) });

  registerRoute(app, deps.sessions, routes.startSession, async (request, reply) => {
    const s = sessionOf(request);
    const { assignmentId } = request.params;
    const assignment = await loadAssignmentContext(store, s.tenant, assignmentId, s.userId);
    let result: { version: number };
    try {
      result = await run(s, assignmentId, s.userId, {
        type: 'StartTimedSession',
        assignment,
        studentId: s.userId,
        now: deps.now().toISOString(),
      });
    } catch (err) {
      // The spec's client recognises this exact reply and loads the running session instead.
      if (err instanceof SessionAlreadyActiveError) return reply.code(400).send({ error: err.message, message: err.message });
      throw err;
    }
    return viewAfter(store, s.tenant, assignmentId, s.userId, result, deps.now());
  });

  registerRoute(app, deps.sessions, routes.getCurrentSession, async (request) => {
    const s = sessionOf(request);
    return currentView(store, s.tenant, request.params.assignmentId, s.userId, deps.now());
  });

  registerRoute(app, deps.sessions, routes.sessionHeartbeat, async (request) => {
    const s = sessionOf(request);
    const { assignment_id, time_used_seconds } = request.body;
    const assignment = await loadAssignmentContext(store, s.tenant, assignment_id, s.userId);
    const now = deps.now().toISOString();
    const streamId = streamIds.submission(s.tenant, assignment_id, s.userId);
    const result = await run(s, assignment_id, s.userId, {
      type: 'RecordHeartbeat',
      assignment,
      studentId: s.userId,
      timeUsedSeconds: time_used_seconds,
      now,
    });
    const view = sessionView((await stateAfter(store, streamId, result)).state, now);
    if (!view) throw new NotFoundError(TIMER_MESSAGES.noSession);
    return { success: true as const, time_remaining_seconds: view.time_remaining_seconds, deadline: view.deadline };
  });

  registerRoute(app, deps.sessions, routes.submitSession, async (request) => {
    const s = sessionOf(request);
    const { assignmentId } = request.params;
    const assignment = await loadAssignmentContext(store, s.tenant, assignmentId, s.userId);
    const result = await run(s, assignmentId, s.userId, {
      type: 'SubmitTimedSession',
      assignment,
      studentId: s.userId,
      submissionMethod: request.body.submission_method,
      timeUsedSeconds: request.body.time_used_seconds,
      now: deps.now().toISOString(),
    });
    return viewAfter(store, s.tenant, assignmentId, s.userId, result, deps.now());
  });

  registerRoute(app, deps.sessions, routes.grantExtraTime, async (request) => {
    const s = sessionOf(request);
    const { assignment_id, student_id, extra_seconds } = request.body;
    // Only an instructor teaching the course now; anyone else learns nothing (404), as for authoring.
    if (!(await teachesAssignment(store, s.tenant, assignment_id, s.userId, { publishedOnly: true })))
      throw new NotFoundError(MESSAGES.assignmentNotFound);
    const result = await run(s, assignment_id, student_id, {
      type: 'GrantExtraTime',
      assignmentId: assignment_id,
      studentId: student_id,
      seconds: extra_seconds,
      grantedBy: s.userId,
      now: deps.now().toISOString(),
    });
    const granted = result.events.find((e) => e.type === 'ExtraTimeGranted');
    return {
      success: true as const,
      position: result.position,
      deadline: granted?.type === 'ExtraTimeGranted' ? granted.data.newDeadline : '',
    };
  });
}
