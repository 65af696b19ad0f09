import { z } from 'zod';

/**
 * Timed sessions (spec document 1, section 4), on the student's submission stream
 * `submission:{tenant}:{assignment}:{student}`, so one decider judges every answer against the clock.
 * Data is camelCase.
 */
const isoDate = z.iso.datetime({ offset: true });

/** How long after the deadline a save already on its way is still accepted, in seconds. */
export const SESSION_GRACE_SECONDS = 15;
/** How often the server's deadline process looks for expired sessions. */
export const DEADLINE_POLL_MS = 1000;
/** Spec document 1, section 9. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
export const TIMER_WARNING_THRESHOLDS = [1800, 600, 300, 60, 30] as const;
export const TIMER_CRITICAL_SECONDS = 60;
export const TIMER_PULSE_SECONDS = 300;
export const BANNER_HIDE_MS = 5000;
export const RESTORED_BANNER_MS = 3000;
export const BEEP_HZ = 800;
export const BEEP_SECONDS = 0.5;
/** Most extra time an instructor may grant in one go (a school day). */
export const MAX_EXTRA_SECONDS = 8 * 3600;

export const TimedSessionStartedSchema = z.object({
  type: z.literal('TimedSessionStarted'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    startedAt: isoDate,
    timeLimitSeconds: z.number().int().positive(),
    /** startedAt + limit, but never past the assignment's due time. */
    deadline: isoDate,
  }),
});

export const SessionHeartbeatSchema = z.object({
  type: z.literal('SessionHeartbeat'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    /** The browser's count; the server's clock stays the authority. */
    timeUsedSeconds: z.number().nonnegative(),
    at: isoDate,
  }),
});

export const ExtraTimeGrantedSchema = z.object({
  type: z.literal('ExtraTimeGranted'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    seconds: z.number().int().positive(),
    /** The instructor's user id. */
    grantedBy: z.number().int(),
    newDeadline: isoDate,
    grantedAt: isoDate,
  }),
});

export const SESSION_EVENT_SCHEMAS = [TimedSessionStartedSchema, SessionHeartbeatSchema, ExtraTimeGrantedSchema] as const;

export const SUBMISSION_METHODS = ['manual', 'auto_time_limit', 'server_time_limit'] as const;
