import type { FastifyInstance } from 'fastify';
import { MESSAGES, NotFoundError, PROJECTIONS, TIMED_SESSIONS_PROJECTION, routes, type TimedSessionRow } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { taughtAssignment, timedSessionsOfAssignment, usersByIds } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

const iso = (v: string) => new Date(v).toISOString();

/** The instructor's panel of timed sessions for one assignment of a course they teach. */
export function timedSessionRoutes(app: FastifyInstance, deps: QueryServiceDeps, now: () => Date = () => new Date()): void {
  const { db } = deps;
  registerRoute(app, deps.sessions, routes.getTimedSessions, async (request) => {
    const s = sessionOf(request);
    const { assignmentId } = request.params;
    await awaitProjections(request, deps, [TIMED_SESSIONS_PROJECTION, PROJECTIONS.instructorAssignments]);
    if (!(await taughtAssignment(db, s.tenant, s.userId, assignmentId))) throw new NotFoundError(MESSAGES.assignmentNotFound);
    const rows = await timedSessionsOfAssignment(db, s.tenant, assignmentId);
    // Users come ordered by last name, first name, id; a student the directory does not know comes after them.
    const users = await usersByIds(
      db,
      s.tenant,
      rows.map((r) => r.student_id),
    );
    const rank = new Map(users.map((u, i) => [Number(u.user_id), { i, u }]));
    const order = (id: number) => rank.get(id)?.i ?? users.length;
    rows.sort((a, b) => a.status.localeCompare(b.status) || order(a.student_id) - order(b.student_id) || a.student_id - b.student_id);
    const at = now().getTime();
    const sessions: TimedSessionRow[] = rows.map((r) => {
      const u = rank.get(r.student_id)?.u;
      return {
        student_id: r.student_id,
        name: [u?.first_name, u?.last_name].filter(Boolean).join(' ') || `Student ${r.student_id}`,
        started_at: iso(r.started_at),
        deadline: iso(r.deadline),
        time_limit_seconds: r.time_limit,
        extra_seconds: r.extra_seconds,
        time_remaining_seconds: r.status === 'active' ? Math.max(0, Math.floor((new Date(r.deadline).getTime() - at) / 1000)) : 0,
        status: r.status,
        submission_method: r.submission_method,
      };
    });
    return { sessions };
  });
}
