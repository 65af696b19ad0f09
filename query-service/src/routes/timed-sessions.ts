import type { FastifyInstance } from 'fastify';
import { MESSAGES, NotFoundError, PROJECTIONS, TIMED_SESSIONS_PROJECTION, routes, type TimedSessionRow } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

type Row = {
  student_id: number; first_name: string | null; last_name: string | null; started_at: Date | string; deadline: Date | string;
  time_limit: number; extra_seconds: number; status: 'active' | 'submitted'; submission_method: string | null;
};
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The instructor's panel of timed sessions for one assignment of a course they teach. */
export function timedSessionRoutes(app: FastifyInstance, deps: QueryServiceDeps, now: () => Date = () => new Date()): void {
  const { db } = deps;
  registerRoute(app, deps.sessions, routes.getTimedSessions, async (request) => {
    const s = sessionOf(request);
    const { assignmentId } = request.params;
    await awaitProjections(request, deps, [TIMED_SESSIONS_PROJECTION, PROJECTIONS.instructorAssignments]);
    const teaches = await db.query(
      `SELECT 1 FROM ia_assignments a JOIN ia_courses c ON c.tenant = a.tenant AND c.course_id = a.course_id
       WHERE a.tenant = $1 AND a.assignment_id = $2 AND $3 = ANY(c.instructor_ids) AND NOT a.deleted`, [s.tenant, assignmentId, s.userId]);
    if (teaches.rowCount === 0) throw new NotFoundError(MESSAGES.assignmentNotFound);
    const { rows } = await db.query<Row>(
      `SELECT t.student_id, u.first_name, u.last_name, t.started_at, t.deadline, t.time_limit, t.extra_seconds, t.status, t.submission_method
       FROM timed_sessions t LEFT JOIN users u ON u.tenant = t.tenant AND u.user_id = t.student_id
       WHERE t.tenant = $1 AND t.assignment_id = $2 ORDER BY t.status, u.last_name, u.first_name, t.student_id`, [s.tenant, assignmentId]);
    const at = now().getTime();
    const sessions: TimedSessionRow[] = rows.map((r) => ({
      student_id: r.student_id,
      name: [r.first_name, r.last_name].filter(Boolean).join(' ') || `Student ${r.student_id}`,
      started_at: iso(r.started_at), deadline: iso(r.deadline), time_limit_seconds: r.time_limit, extra_seconds: r.extra_seconds,
      time_remaining_seconds: r.status === 'active' ? Math.max(0, Math.floor((new Date(r.deadline).getTime() - at) / 1000)) : 0,
      status: r.status, submission_method: r.submission_method,
    }));
    return { sessions };
  });
}
