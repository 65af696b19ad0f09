import { z } from 'zod';
import { RegradeJobOutcomeSchema } from '../regrade-job-events';
import { route } from './route';

/**
 * Regrading one question for every student as a background job (issue 14 item 5): regrade-all starts it and replies
 * at once with its id; regrade-job reports its progress and each student's outcome. The job's progress is events on
 * its own stream, so it survives a restart; the spec's one-student regrade-question stays as it was.
 */
export const REGRADE_JOB_MESSAGES = {
  jobNotFound: 'Regrade job not found',
} as const;

/** An assignment's id in a body: required, a positive integer (a numeric string is taken). */
const assignmentId = z.coerce
  .number({ error: 'assignment_id is required' })
  .int('assignment_id must be an integer')
  .positive('assignment_id is required');

export const RegradeAllBodySchema = z.object({
  assignment_id: assignmentId,
  question_number: z.coerce.number({ error: 'question_number is required' }).int().positive(),
  regrade_instructions: z.string().max(5000).default(''),
  override_manual: z.boolean().default(false),
});
export type RegradeAllBody = z.input<typeof RegradeAllBodySchema>;

export const RegradeAllReplySchema = z.object({
  job_id: z.string(),
  /** Students to regrade (every student of the course). */
  total: z.number().int(),
  position: z.string().nullable(),
});

export const RegradeJobStudentSchema = z.object({
  student_id: z.number().int(),
  outcome: RegradeJobOutcomeSchema,
  previous_points: z.number().nullable(),
  points_obtained: z.number().nullable(),
  /** What the instructions changed, or why they were not applied. */
  note: z.string(),
});
export type RegradeJobStudent = z.infer<typeof RegradeJobStudentSchema>;

export const RegradeJobReplySchema = z.object({
  job_id: z.string(),
  assignment_id: z.number().int(),
  question_number: z.number().int(),
  regrade_instructions: z.string(),
  status: z.enum(['running', 'finished']),
  total: z.number().int(),
  /** Students done so far, in the order they were done. */
  students: z.array(RegradeJobStudentSchema),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RegradeJobReply = z.infer<typeof RegradeJobReplySchema>;

/** One job in an assignment's list: its counts so far, not each student's line (regrade-job gives those). */
export const RegradeJobSummarySchema = z.object({
  job_id: z.string(),
  question_number: z.number().int(),
  regrade_instructions: z.string(),
  status: z.enum(['running', 'finished']),
  total: z.number().int(),
  done: z.number().int(),
  /** Marks now different from before. */
  changed: z.number().int(),
  kept_manual: z.number().int(),
  failed: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RegradeJobSummary = z.infer<typeof RegradeJobSummarySchema>;

export const regradeJobRoutes = {
  regradeAll: route({
    method: 'POST',
    path: '/grader/regrade-all',
    kind: 'command',
    access: 'instructor',
    summary:
      "Regrade one question for every student of the assignment's course, with the instructor's instructions, as a background job: replies at once with the job's id (follow it with regrade-job). The job survives a restart. Grades set by hand are kept unless override_manual.",
    body: RegradeAllBodySchema,
    reply: RegradeAllReplySchema,
  }),
  regradeJob: route({
    method: 'POST',
    path: '/grader/regrade-job',
    kind: 'command',
    access: 'instructor',
    summary:
      "A regrade-all job's progress: running or finished, and each student done so far with the outcome (applied, not-understood: the instructions need an AI provider and the mark was left, ai, regraded, kept-manual, no-response, failed).",
    body: z.object({ job_id: z.string({ error: 'job_id is required' }).trim().min(1, 'job_id is required').max(100) }),
    reply: RegradeJobReplySchema,
  }),
  getRegradeJobs: route({
    method: 'POST',
    path: '/grader/get-regrade-jobs',
    kind: 'query',
    access: 'instructor',
    summary:
      'The regrade-all jobs of an assignment the instructor teaches, the newest first (at most 50): running or finished, with their counts so far. A job started from another page or by another instructor of the course is here too.',
    body: z.object({ assignment_id: assignmentId }),
    reply: z.object({ jobs: z.array(RegradeJobSummarySchema) }),
  }),
} as const;
