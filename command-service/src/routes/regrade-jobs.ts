import type { FastifyInstance } from 'fastify';
import { GRADING_MESSAGES, NotFoundError, REGRADE_JOB_MESSAGES, routes, streamIds } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { CommandServiceDeps } from '../context';
import { fold } from '../decider';
import { loadGradingAssignment } from '../grading/context';
import { regradeJobDecider } from '../grading/regrade-job-decide';
import type { RegradeJobs } from '../grading/regrade-jobs';

/** Job ids are UUIDs: anything else names no job (and never reaches the store as a stream id). */
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Regrade-all as a background job: start it, then follow it. Only an instructor who teaches the assignment's course
 * starts or reads one (anyone else hears 404); the job's stream is the source of its progress.
 */
export function regradeJobRoutes(app: FastifyInstance, deps: CommandServiceDeps, jobs: RegradeJobs): void {
  const { store } = deps;

  registerRoute(app, deps.sessions, routes.regradeAll, async (request) => {
    const s = sessionOf(request);
    const b = request.body;
    const assignment = await loadGradingAssignment(store, s.tenant, b.assignment_id, s.userId);
    const q = assignment.questions.find((x) => x.questionNumber === b.question_number);
    if (!q) throw new NotFoundError(GRADING_MESSAGES.questionNotFound(b.question_number));
    const { jobId, position } = await jobs.start(s, assignment, q, {
      instructions: b.regrade_instructions.trim(),
      overrideManual: b.override_manual,
      studentIds: assignment.studentIds,
    });
    return { job_id: jobId, total: assignment.studentIds.length, position };
  });

  registerRoute(app, deps.sessions, routes.regradeJob, async (request) => {
    const s = sessionOf(request);
    const jobId = request.body.job_id;
    if (!JOB_ID.test(jobId)) throw new NotFoundError(REGRADE_JOB_MESSAGES.jobNotFound);
    const job = fold(regradeJobDecider, await store.readStream(streamIds.regradeJob(s.tenant, jobId)));
    if (job.status === 'none') throw new NotFoundError(REGRADE_JOB_MESSAGES.jobNotFound);
    const { started } = job;
    try {
      await loadGradingAssignment(store, s.tenant, started.assignmentId, s.userId);
    } catch (err) {
      if (err instanceof NotFoundError) throw new NotFoundError(REGRADE_JOB_MESSAGES.jobNotFound);
      throw err;
    }
    return {
      job_id: jobId,
      assignment_id: started.assignmentId,
      question_number: started.questionNumber,
      regrade_instructions: started.instructions,
      status: job.status,
      total: started.studentIds.length,
      students: [...job.done].map(([studentId, d]) => ({
        student_id: studentId,
        outcome: d.outcome,
        previous_points: d.previousPoints,
        points_obtained: d.points,
        note: d.note,
      })),
      started_at: started.startedAt,
      finished_at: job.finishedAt,
    };
  });
}
