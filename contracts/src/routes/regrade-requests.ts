import { z } from 'zod';
import { REGRADE_REQUEST_OUTCOMES, REGRADE_WINDOW_MAX_DAYS } from '../regrade-request-events';
import { CommandReplySchema, route } from './route';

/** Student regrade requests (issue 14 item 7) and the notifications that tell a student the outcome. */
export const REGRADE_LIMITS = { reasonMax: 2000, replyMax: 2000 } as const;

export const REGRADE_MESSAGES = {
  reason: 'Please say why this question should be regraded',
  reasonTooLong: `Please keep the reason under ${REGRADE_LIMITS.reasonMax} characters`,
  reply: 'Please write a reply to the student',
  replyTooLong: `Please keep the reply under ${REGRADE_LIMITS.replyMax} characters`,
  outcome: 'outcome must be accepted, rejected or answered',
  pointsNeeded: 'An accepted request needs the new mark (points_obtained)',
  pointsNotAllowed: 'Only an accepted request changes the mark: leave points_obtained out',
  pointsRange: (max: number) => `The new mark must be between 0 and ${max}`,
  days: `days must be a whole number from 0 to ${REGRADE_WINDOW_MAX_DAYS}`,
  notGraded: 'This question has not been graded yet, so there is nothing to regrade',
  questionNotFound: 'Question not found in this assignment',
  windowClosed: (days: number) =>
    days === 0
      ? 'Regrade requests are closed for this assignment'
      : `Regrade requests close ${days} day${days === 1 ? '' : 's'} after the mark is given, and that time has passed`,
  alreadyOpen: 'You already have an open regrade request on this question',
  requestNotFound: 'Regrade request not found',
  alreadyResolved: 'This regrade request has already been resolved',
} as const;

const assignmentId = z.number({ error: 'assignment_id must be a number' }).int().positive();

export const RequestRegradeBodySchema = z.object({
  assignment_id: assignmentId,
  question_id: z.number({ error: 'question_id must be a number' }).int().positive(),
  reason: z
    .string({ error: REGRADE_MESSAGES.reason })
    .trim()
    .min(1, REGRADE_MESSAGES.reason)
    .max(REGRADE_LIMITS.reasonMax, REGRADE_MESSAGES.reasonTooLong),
});
export type RequestRegradeBody = z.input<typeof RequestRegradeBodySchema>;

export const ResolveRegradeRequestBodySchema = z.object({
  request_id: z.number({ error: 'request_id must be a number' }).int().positive(),
  outcome: z.enum(REGRADE_REQUEST_OUTCOMES, { error: REGRADE_MESSAGES.outcome }),
  points_obtained: z.number({ error: 'points_obtained must be a number' }).nonnegative(REGRADE_MESSAGES.pointsRange(0)).optional(),
  reply: z
    .string({ error: REGRADE_MESSAGES.reply })
    .trim()
    .min(1, REGRADE_MESSAGES.reply)
    .max(REGRADE_LIMITS.replyMax, REGRADE_MESSAGES.replyTooLong),
});
export type ResolveRegradeRequestBody = z.input<typeof ResolveRegradeRequestBodySchema>;

export const RegradeRequestSchema = z.object({
  request_id: z.number().int(),
  assignment_id: z.number().int(),
  student_id: z.number().int(),
  student_name: z.string(),
  question_id: z.number().int(),
  question_number: z.number().int(),
  response_id: z.number().int(),
  reason: z.string(),
  status: z.enum(['open', ...REGRADE_REQUEST_OUTCOMES]),
  reply: z.string().nullable(),
  /** The mark when the student asked. */
  points_before: z.number(),
  /** The new mark of an accepted request; null otherwise. */
  points_after: z.number().nullable(),
  points_possible: z.number(),
  requested_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type RegradeRequest = z.infer<typeof RegradeRequestSchema>;

export const RegradeRequestsReplySchema = z.object({
  /** Days after a mark during which its student may ask (the assignment's setting, 7 unless changed). */
  window_days: z.number().int(),
  requests: z.array(RegradeRequestSchema),
});
export type RegradeRequestsReply = z.infer<typeof RegradeRequestsReplySchema>;

export const SetRegradeWindowBodySchema = z.object({
  assignment_id: assignmentId,
  days: z
    .number({ error: REGRADE_MESSAGES.days })
    .int(REGRADE_MESSAGES.days)
    .min(0, REGRADE_MESSAGES.days)
    .max(REGRADE_WINDOW_MAX_DAYS, REGRADE_MESSAGES.days),
});

export const NotificationSchema = z.object({
  id: z.string(),
  /** A student's request (to the course's instructors), or its outcome (to the student). */
  kind: z.enum(['regrade-requested', 'regrade-request-resolved']),
  title: z.string(),
  body: z.string(),
  /** The app page it is about. */
  link: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsReplySchema = z.object({ unread: z.number().int(), notifications: z.array(NotificationSchema) });
export type NotificationsReply = z.infer<typeof NotificationsReplySchema>;

export const MarkNotificationsReadBodySchema = z.object({
  /** The ids to mark read; left out: every notification. */
  ids: z.array(z.string().min(1).max(100), { error: 'ids must be a list of notification ids' }).max(500).optional(),
});

export const regradeRequestRoutes = {
  requestRegrade: route({
    method: 'POST',
    path: '/students/request-regrade',
    kind: 'command',
    access: 'student',
    summary:
      "Ask for a regrade of one of the student's own graded questions, with a reason, within the assignment's window (7 days after the mark unless the instructor changed it). One open request per question (409); outside the window or ungraded 400; another's assignment 404.",
    body: RequestRegradeBodySchema,
    reply: CommandReplySchema.extend({ request_id: z.number().int() }),
  }),
  getStudentRegradeRequests: route({
    method: 'POST',
    path: '/students/get-regrade-requests',
    kind: 'query',
    access: 'student',
    summary: "The student's own regrade requests on one assignment, with their outcomes, and the assignment's window.",
    body: z.object({ assignment_id: assignmentId }),
    reply: RegradeRequestsReplySchema,
  }),
  getRegradeRequests: route({
    method: 'POST',
    path: '/grader/get-regrade-requests',
    kind: 'query',
    access: 'instructor',
    summary: "The regrade requests of an assignment the instructor teaches, open ones first, and the assignment's window.",
    body: z.object({ assignment_id: assignmentId }),
    reply: RegradeRequestsReplySchema,
  }),
  resolveRegradeRequest: route({
    method: 'POST',
    path: '/grader/resolve-regrade-request',
    kind: 'command',
    access: 'instructor',
    summary:
      'Resolve a regrade request: accepted (with the new mark, points_obtained), rejected or answered, with a reply the student is notified of. A resolved request is 409.',
    body: ResolveRegradeRequestBodySchema,
    reply: CommandReplySchema,
  }),
  setRegradeWindow: route({
    method: 'POST',
    path: '/grader/set-regrade-window',
    kind: 'command',
    access: 'instructor',
    summary: 'Set how many days after a mark students may ask for a regrade on this assignment (0 closes requests; default 7).',
    body: SetRegradeWindowBodySchema,
    reply: CommandReplySchema,
  }),
  getNotifications: route({
    method: 'GET',
    path: '/notifications',
    kind: 'query',
    access: 'authenticated',
    summary: "The signed-in user's notifications, newest first (at most 50), and how many are unread.",
    reply: NotificationsReplySchema,
  }),
  markNotificationsRead: route({
    method: 'POST',
    path: '/notifications/mark-read',
    kind: 'command',
    access: 'authenticated',
    summary: "Mark the signed-in user's notifications read: the ids given, or all of them.",
    body: MarkNotificationsReadBodySchema,
    reply: CommandReplySchema,
  }),
} as const;
