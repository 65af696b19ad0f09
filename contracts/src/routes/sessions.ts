import { z } from 'zod';
import { MAX_EXTRA_SECONDS } from '../session-events';
import { route } from './route';

/** The read model of timed sessions (instructor panel, the server's deadline process); also its notices' name. */
export const TIMED_SESSIONS_PROJECTION = 'timed-sessions';

/** Timed assignments (spec document 1, sections 4 and 7). The server's clock is the authority. */
const assignmentIdParams = z.object({
  assignmentId: z.coerce
    .number({ error: 'assignmentId must be a number' })
    .int('assignmentId must be a number')
    .positive('assignmentId must be a number'),
});
const timeUsed = z
  .number({ error: 'time_used_seconds must be a number' })
  .nonnegative('time_used_seconds must not be negative')
  .max(7 * 24 * 3600, 'time_used_seconds is too large');

/** The spec's timer session, plus what a client needs to count down against the server's clock. */
export const TimedSessionStateSchema = z.object({
  is_active: z.boolean(),
  is_submitted: z.boolean(),
  /** Whole seconds left by the server's clock, never below 0. */
  time_remaining_seconds: z.number().int().nonnegative(),
  session_started_at: z.string(),
  started_at: z.string(),
  time_limit_seconds: z.number().int(),
  /** Start + limit (capped at the due time) + extra time granted. */
  deadline: z.string(),
  extra_seconds: z.number().int().nonnegative(),
  submission_method: z.string().nullable(),
  /** The server's clock when it replied, so a client can correct its own. */
  server_time: z.string(),
  /** Where the session's last event sits in the log (read-your-writes). */
  position: z.string().nullable(),
});
export type TimedSessionState = z.infer<typeof TimedSessionStateSchema>;

export const HeartbeatBodySchema = z.object({
  assignment_id: z.number({ error: 'assignment_id must be a number' }).int().positive(),
  time_used_seconds: timeUsed,
});

export const SessionSubmitBodySchema = z.object({
  submission_method: z.enum(['manual', 'auto_time_limit'], { error: "submission_method must be 'manual' or 'auto_time_limit'" }),
  time_used_seconds: timeUsed,
});

export const GrantExtraTimeBodySchema = z.object({
  assignment_id: z.number({ error: 'assignment_id must be a number' }).int().positive(),
  student_id: z.number({ error: 'student_id must be a number' }).int().positive(),
  extra_seconds: z
    .number({ error: 'extra_seconds must be a number' })
    .int('extra_seconds must be whole seconds')
    .positive('extra_seconds must be more than 0')
    .max(MAX_EXTRA_SECONDS, `extra_seconds must be at most ${MAX_EXTRA_SECONDS}`),
});

/** A student's timed session as the instructor's panel lists it. */
export const TimedSessionRowSchema = z.object({
  student_id: z.number().int(),
  name: z.string(),
  started_at: z.string(),
  deadline: z.string(),
  time_limit_seconds: z.number().int(),
  extra_seconds: z.number().int(),
  time_remaining_seconds: z.number().int().nonnegative(),
  status: z.enum(['active', 'submitted']),
  submission_method: z.string().nullable(),
});
export type TimedSessionRow = z.infer<typeof TimedSessionRowSchema>;

export const sessionRoutes = {
  startSession: route({
    method: 'POST',
    path: '/sessions/start/:assignmentId',
    kind: 'command',
    access: 'student',
    summary: "Start the signed-in student's timed session (TimedSessionStarted). 400 'Session already active' when one runs.",
    params: assignmentIdParams,
    reply: TimedSessionStateSchema,
  }),
  getCurrentSession: route({
    method: 'GET',
    path: '/sessions/current/:assignmentId',
    kind: 'command',
    access: 'student',
    summary: "The signed-in student's timed session, read from its stream with the server's clock; 404 when none.",
    params: assignmentIdParams,
    reply: TimedSessionStateSchema,
  }),
  sessionHeartbeat: route({
    method: 'PUT',
    path: '/sessions/heartbeat',
    kind: 'command',
    access: 'student',
    summary: 'Record a heartbeat (SessionHeartbeat) of a running session; replies with the time left by the server.',
    body: HeartbeatBodySchema,
    reply: z.object({ success: z.literal(true), time_remaining_seconds: z.number().int().nonnegative(), deadline: z.string() }),
  }),
  submitSession: route({
    method: 'POST',
    path: '/sessions/submit/:assignmentId',
    kind: 'command',
    access: 'student',
    summary: 'Submit the timed assignment (AssignmentSubmitted with the method); a session already submitted replies as it is.',
    params: assignmentIdParams,
    body: SessionSubmitBodySchema,
    reply: TimedSessionStateSchema,
  }),
  grantExtraTime: route({
    method: 'POST',
    path: '/instructors/grant-extra-time',
    kind: 'command',
    access: 'instructor',
    summary: "Give one student's running timed session extra seconds (ExtraTimeGranted); 409 when no session runs.",
    body: GrantExtraTimeBodySchema,
    reply: z.object({ success: z.literal(true), position: z.string().nullable(), deadline: z.string() }),
  }),
  getTimedSessions: route({
    method: 'GET',
    path: '/instructors/get-timed-sessions/:assignmentId',
    kind: 'query',
    access: 'instructor',
    summary: "The timed sessions of an assignment of a course the instructor teaches, with each one's time left.",
    params: assignmentIdParams,
    reply: z.object({ sessions: z.array(TimedSessionRowSchema) }),
  }),
} as const;
