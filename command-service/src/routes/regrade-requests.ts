import type { FastifyInstance } from 'fastify';
import { MESSAGES, NotFoundError, REGRADE_MESSAGES as M, routes, streamIds } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { assignmentDecider } from '../assignment/decide';
import type { CommandServiceDeps } from '../context';
import { courseDecider } from '../course/course';
import { fold, handleCommand } from '../decider';
import { loadGradingAssignment } from '../grading/context';
import { metadataOf } from '../grading/run';
import { allocateId, responseOwner } from '../ids';
import { regradeDecider } from '../regrade/regrade-requests';
import { notificationsDecider, ownerOfRequest, readWindowDays, regradeWindowDecider } from '../regrade/settings';

/**
 * Student regrade requests (issue 14 item 7): a student asks on their own graded question within the window, the
 * instructor who teaches the course resolves it. Every decision is made from the streams (assignment, course, the
 * student's grading stream, the assignment's regrade settings), never from a read model.
 */
export function regradeRequestRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const { store } = deps;

  registerRoute(app, deps.sessions, routes.requestRegrade, async (request) => {
    const s = sessionOf(request);
    const { assignment_id, question_id, reason } = request.body;
    const assignment = fold(assignmentDecider, await store.readStream(streamIds.assignment(s.tenant, assignment_id)));
    if (assignment.status !== 'published') throw new NotFoundError(MESSAGES.assignmentNotFound);
    const course = fold(courseDecider, await store.readStream(streamIds.course(s.tenant, assignment.courseId)));
    if (course.status !== 'active' || !course.studentIds.includes(s.userId)) throw new NotFoundError(MESSAGES.assignmentNotFound);
    if (!assignment.questions.some((q) => q.questionId === question_id)) throw new NotFoundError(M.questionNotFound);
    const stream = streamIds.grading(s.tenant, assignment_id, s.userId);
    const command = {
      type: 'RequestRegrade' as const,
      assignmentId: assignment_id,
      studentId: s.userId,
      assignmentTitle: assignment.title,
      questionId: question_id,
      reason,
      windowDays: await readWindowDays(store, s.tenant, assignment_id),
      instructorIds: course.instructorIds,
      now: deps.now().toISOString(),
    };
    // Refusals come before an id is allocated (the decider decides again on the stream as it is then).
    regradeDecider.decide({ ...command, requestId: 0 }, fold(regradeDecider, await store.readStream(stream)));
    const metadata = metadataOf(s);
    const requestId = await allocateId(store, 'regrade-request', metadata, responseOwner(s.tenant, assignment_id, s.userId));
    const result = await handleCommand(store, stream, regradeDecider, { ...command, requestId }, { metadata });
    return { success: true as const, position: result.position, request_id: requestId };
  });

  registerRoute(app, deps.sessions, routes.resolveRegradeRequest, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    const owner = await ownerOfRequest(store, s.tenant, b.request_id);
    if (!owner?.studentId) throw new NotFoundError(M.requestNotFound);
    const assignment = await loadGradingAssignment(store, s.tenant, owner.assignmentId, s.userId);
    const stream = streamIds.grading(s.tenant, owner.assignmentId, owner.studentId);
    const questionId = fold(regradeDecider, await store.readStream(stream)).requests[b.request_id]?.questionId;
    const question = assignment.questions.find((q) => q.questionId === questionId);
    if (!question) throw new NotFoundError(M.requestNotFound);
    const result = await handleCommand(
      store,
      stream,
      regradeDecider,
      {
        type: 'ResolveRegradeRequest',
        assignmentId: owner.assignmentId,
        studentId: owner.studentId,
        assignmentTitle: assignment.title,
        requestId: b.request_id,
        outcome: b.outcome,
        points: b.points_obtained,
        pointsPossible: question.marksPossible,
        reply: b.reply,
        by: s.userId,
        now: deps.now().toISOString(),
      },
      { metadata: metadataOf(s) },
    );
    return { success: true as const, position: result.position };
  });

  registerRoute(app, deps.sessions, routes.setRegradeWindow, async (request) => {
    const s = sessionOf(request);
    const { assignment_id, days } = request.body;
    await loadGradingAssignment(store, s.tenant, assignment_id, s.userId);
    const result = await handleCommand(
      store,
      streamIds.regradeSettings(s.tenant, assignment_id),
      regradeWindowDecider,
      { type: 'SetRegradeWindow', assignmentId: assignment_id, days, by: s.userId, now: deps.now().toISOString() },
      { metadata: metadataOf(s) },
    );
    return { success: true as const, position: result.position };
  });

  registerRoute(app, deps.sessions, routes.markNotificationsRead, async (request) => {
    const s = sessionOf(request);
    const result = await handleCommand(
      store,
      streamIds.notifications(s.tenant, s.userId),
      notificationsDecider,
      { type: 'MarkNotificationsRead', userId: s.userId, ids: request.body.ids ?? null, now: deps.now().toISOString() },
      { metadata: metadataOf(s) },
    );
    return { success: true as const, position: result.position };
  });
}
