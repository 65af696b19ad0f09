import { z } from 'zod';

/**
 * Regrading one question for every student (issue 14 item 5) runs as a background job whose progress is events on
 * its own stream, `regrade-job:{tenant}:{jobId}`: started, one line per student, finished. The job's open/closed
 * state is also kept on one index stream (`regrade-jobs:open`), so a restarted command service finds and finishes
 * the jobs it left, without reading the whole log. Each student's grade is a ResponseGraded on their grading stream
 * carrying the job id (and a command id made from it), so a student is regraded once even across a restart.
 */
const isoDate = z.iso.datetime({ offset: true });

/** How one student's regrade ended. */
export const RegradeJobOutcomeSchema = z.enum([
  /** The instructions were understood offline and applied (the mark may or may not have changed). */
  'applied',
  /** Not understood offline: the mark was left as it was, and the response flagged. */
  'not-understood',
  /** Graded by the AI provider with the instructions. */
  'ai',
  /** Regraded without instructions. */
  'regraded',
  /** A mark set by hand was kept (override_manual was not asked for). */
  'kept-manual',
  /** The student has no response to this question. */
  'no-response',
  /** Regrading this student failed (the reason is in `note`); the mark is as it was. */
  'failed',
]);
export type RegradeJobOutcome = z.infer<typeof RegradeJobOutcomeSchema>;

export const RegradeJobStartedSchema = z.object({
  type: z.literal('RegradeJobStarted'),
  data: z.object({
    jobId: z.string(),
    assignmentId: z.number().int(),
    questionId: z.number().int(),
    questionNumber: z.number().int(),
    instructions: z.string(),
    overrideManual: z.boolean(),
    /** In the order they are regraded. */
    studentIds: z.array(z.number().int()),
    /** The instructor who started it: the job acts as them. */
    startedBy: z.number().int(),
    startedAt: isoDate,
  }),
});

export const RegradeJobStudentDoneSchema = z.object({
  type: z.literal('RegradeJobStudentDone'),
  data: z.object({
    jobId: z.string(),
    studentId: z.number().int(),
    outcome: RegradeJobOutcomeSchema,
    /** The mark before and after; null when there was none (no response). */
    previousPoints: z.number().nullable(),
    points: z.number().nullable(),
    /** What the instructions changed, or why they were not applied. */
    note: z.string(),
    doneAt: isoDate,
  }),
});

export const RegradeJobFinishedSchema = z.object({
  type: z.literal('RegradeJobFinished'),
  data: z.object({ jobId: z.string(), finishedAt: isoDate }),
});

/** On the index stream: a job to finish (written before its RegradeJobStarted). */
export const RegradeJobOpenedSchema = z.object({
  type: z.literal('RegradeJobOpened'),
  data: z.object({ tenant: z.string(), jobId: z.string(), openedAt: isoDate }),
});

/** On the index stream: the job is finished (or could not start). */
export const RegradeJobClosedSchema = z.object({
  type: z.literal('RegradeJobClosed'),
  data: z.object({ tenant: z.string(), jobId: z.string(), closedAt: isoDate }),
});

export const REGRADE_JOB_EVENT_SCHEMAS = [
  RegradeJobStartedSchema,
  RegradeJobStudentDoneSchema,
  RegradeJobFinishedSchema,
  RegradeJobOpenedSchema,
  RegradeJobClosedSchema,
] as const;

/** The read model of regrade-all jobs per assignment (an instructor coming back to a job still running finds it). */
export const REGRADE_JOBS_PROJECTION = 'regrade-jobs';
