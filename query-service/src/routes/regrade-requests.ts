import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  NOTIFICATIONS_PROJECTION,
  NotFoundError,
  REGRADE_REQUESTS_PROJECTION,
  REGRADE_WINDOW_DEFAULT_DAYS,
  PROJECTIONS,
  routes,
  type RegradeRequest,
} from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import {
  fullName,
  notificationsOf,
  regradeRequestsOf,
  regradeWindowOf,
  taughtAssignment,
  usersMap,
  type RegradeRequestRow,
} from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

/** Regrade requests as the instructor's queue and the student's own view read them, and every user's notifications. */
export function regradeRequestQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  const reply = async (tenant: string, assignmentId: number, rows: RegradeRequestRow[]) => {
    const users = await usersMap(db, tenant, [...new Set(rows.map((r) => r.student_id))]);
    const requests = rows.map((r): RegradeRequest => ({
      request_id: r.request_id,
      assignment_id: r.assignment_id,
      student_id: r.student_id,
      student_name: users.has(r.student_id) ? fullName(users.get(r.student_id)!) : `Student ${r.student_id}`,
      question_id: r.question_id,
      question_number: r.question_number,
      response_id: r.response_id,
      reason: r.reason,
      status: r.status,
      reply: r.reply,
      points_before: r.points_before,
      points_after: r.points_after,
      points_possible: r.points_possible,
      requested_at: r.requested_at,
      resolved_at: r.resolved_at,
    }));
    const window_days = (await regradeWindowOf(db, tenant, assignmentId)) ?? REGRADE_WINDOW_DEFAULT_DAYS;
    return { window_days, requests };
  };

  registerRoute(app, sessions, routes.getRegradeRequests, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, [REGRADE_REQUESTS_PROJECTION, PROJECTIONS.instructorAssignments]);
    if (!(await taughtAssignment(db, s.tenant, s.userId, id))) throw new NotFoundError(MESSAGES.assignmentNotFound);
    return reply(s.tenant, id, await regradeRequestsOf(db, s.tenant, id));
  });

  registerRoute(app, sessions, routes.getStudentRegradeRequests, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, [REGRADE_REQUESTS_PROJECTION]);
    return reply(s.tenant, id, await regradeRequestsOf(db, s.tenant, id, s.userId));
  });

  registerRoute(app, sessions, routes.getNotifications, async (request) => {
    const s = sessionOf(request);
    await awaitProjections(request, deps, [NOTIFICATIONS_PROJECTION]);
    const { unread, rows } = await notificationsOf(db, s.tenant, s.userId);
    return {
      unread,
      notifications: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        body: r.body,
        link: r.link,
        created_at: r.created_at,
        read: r.read,
      })),
    };
  });
}
