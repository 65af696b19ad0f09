import { z } from 'zod';

/**
 * Student regrade requests (issue 14 item 7). A request and its resolution are events on the student's grading stream
 * (`grading:{tenant}:{assignmentId}:{studentId}`), so a response's history shows them beside its grades; an accepted
 * request carries the new mark and is folded as a mark change. The window is an assignment setting
 * (`RegradeWindowSet` on `regrade-settings:{tenant}:{assignmentId}`, REGRADE_WINDOW_DEFAULT_DAYS when never set), counted from the moment
 * the contested mark was set (the response's latest grade, edit or accepted request). A request id is allocated from
 * the `regrade-request` sequence with its grading stream as owner. Notifications read by a user are
 * `NotificationsRead` on `notifications:{tenant}:{userId}`.
 */
const isoDate = z.iso.datetime({ offset: true });

export const REGRADE_WINDOW_DEFAULT_DAYS = 7;
export const REGRADE_WINDOW_MAX_DAYS = 365;
export const REGRADE_REQUEST_OUTCOMES = ['accepted', 'rejected', 'answered'] as const;
export type RegradeRequestOutcome = (typeof REGRADE_REQUEST_OUTCOMES)[number];

/** The read models of requests and of notifications (for read-your-writes). */
export const REGRADE_REQUESTS_PROJECTION = 'regrade-requests';
export const NOTIFICATIONS_PROJECTION = 'notifications';

/** The instructor set how many days after a mark its student may ask for a regrade (0: requests closed). */
export const RegradeWindowSetSchema = z.object({
  type: z.literal('RegradeWindowSet'),
  data: z.object({
    assignmentId: z.number().int(),
    days: z.number().int().min(0).max(REGRADE_WINDOW_MAX_DAYS),
    by: z.number().int(),
    setAt: isoDate,
  }),
});

/** A student asked for a regrade of one graded response, with a reason. */
export const RegradeRequestedSchema = z.object({
  type: z.literal('RegradeRequested'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    requestId: z.number().int(),
    responseId: z.number().int(),
    questionId: z.number().int(),
    questionNumber: z.number().int(),
    /** The assignment's title when asked (what a notification names). */
    assignmentTitle: z.string(),
    reason: z.string(),
    /** The mark contested. */
    points: z.number().nonnegative(),
    pointsPossible: z.number().nonnegative(),
    /** Who taught the course when the student asked: they are notified. */
    instructorIds: z.array(z.number().int()).optional(),
    requestedAt: isoDate,
  }),
});

/** The instructor answered a request: accepted (with the new mark), rejected or answered (a reply, the mark kept). */
export const RegradeRequestResolvedSchema = z.object({
  type: z.literal('RegradeRequestResolved'),
  data: z.object({
    assignmentId: z.number().int(),
    studentId: z.number().int(),
    requestId: z.number().int(),
    responseId: z.number().int(),
    questionId: z.number().int(),
    questionNumber: z.number().int(),
    assignmentTitle: z.string(),
    outcome: z.enum(REGRADE_REQUEST_OUTCOMES),
    reply: z.string(),
    previousPoints: z.number().nonnegative(),
    /** The new mark when accepted; null otherwise (the mark stays). */
    points: z.number().nonnegative().nullable(),
    pointsPossible: z.number().nonnegative(),
    /** The response's feedback, kept as it was (what an accepted request's mark change carries). */
    feedback: z.string(),
    /** The instructor's user id. */
    by: z.number().int(),
    resolvedAt: isoDate,
  }),
});

/** A user read notifications: these ids, or every one they had (`ids` null). */
export const NotificationsReadSchema = z.object({
  type: z.literal('NotificationsRead'),
  data: z.object({ userId: z.number().int(), ids: z.array(z.string()).nullable(), readAt: isoDate }),
});

/** On the grading stream (and in GRADING_EVENT_SCHEMAS). */
export const REGRADE_REQUEST_EVENT_SCHEMAS = [RegradeRequestedSchema, RegradeRequestResolvedSchema] as const;
/** On the assignment's regrade settings stream and the user's notifications stream. */
export const REGRADE_SETTING_EVENT_SCHEMAS = [RegradeWindowSetSchema, NotificationsReadSchema] as const;

/** A notification's id: what it is about, stable across rebuilds. */
export const notificationIdOfRequest = (requestId: number) => `regrade-request:${requestId}`;
