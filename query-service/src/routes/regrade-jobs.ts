import type { FastifyInstance } from 'fastify';
import { MESSAGES, NotFoundError, PROJECTIONS, REGRADE_JOBS_PROJECTION, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { regradeJobsOf, taughtAssignment } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

/** An assignment's regrade-all jobs, for an instructor who teaches it. */
export function regradeJobQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;
  registerRoute(app, sessions, routes.getRegradeJobs, async (request) => {
    const s = sessionOf(request);
    const id = request.body.assignment_id;
    await awaitProjections(request, deps, [REGRADE_JOBS_PROJECTION, PROJECTIONS.instructorAssignments]);
    if (!(await taughtAssignment(db, s.tenant, s.userId, id))) throw new NotFoundError(MESSAGES.assignmentNotFound);
    const jobs = await regradeJobsOf(db, s.tenant, id);
    return {
      jobs: jobs.map((j) => ({
        job_id: j.job_id,
        question_number: j.question_number,
        regrade_instructions: j.instructions,
        status: j.status,
        total: j.total,
        done: j.done,
        changed: j.changed,
        kept_manual: j.kept_manual,
        failed: j.failed,
        started_at: j.started_at,
        finished_at: j.finished_at,
      })),
    };
  });
}
