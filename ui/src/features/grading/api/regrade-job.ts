import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegradeAllBody, RegradeJobReply, RegradeJobSummary } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

/** How often a running regrade-all job is asked for its progress. */
export const REGRADE_JOB_POLL_MS = 600;

/** POST /grader/regrade-all: starts the background job and replies with its id at once. */
export const startRegradeAll = (body: RegradeAllBody) => callApi('regradeAll', { body });

export const regradeJobKey = (jobId: string) => ['grading', 'regrade-job', jobId] as const;

/** POST /grader/regrade-job, asked again while the job runs. */
export const regradeJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: regradeJobKey(jobId),
    queryFn: ({ signal }): Promise<RegradeJobReply> => callApi('regradeJob', { body: { job_id: jobId }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'finished' ? false : REGRADE_JOB_POLL_MS),
  });

export const useRegradeJob = (jobId: string | null) => useQuery({ ...regradeJobQueryOptions(jobId ?? ''), enabled: jobId !== null });

export const regradeJobsKey = (assignmentId: number) => ['grading', 'regrade-jobs', assignmentId] as const;

/**
 * POST /grader/get-regrade-jobs: an assignment's regrade-all jobs, the newest first (asked again while one runs, and on
 * the regrade-jobs read model's notices). A page left and opened again finds a job still running here.
 */
export const regradeJobsQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: regradeJobsKey(assignmentId),
    queryFn: ({ signal }): Promise<RegradeJobSummary[]> =>
      callApi('getRegradeJobs', { body: { assignment_id: assignmentId }, signal }).then((r) => r.jobs),
    refetchInterval: (query) => (query.state.data?.some((j) => j.status === 'running') ? REGRADE_JOB_POLL_MS * 2 : false),
  });
