import { z } from 'zod';
import { PROBLEM_CATEGORIES } from '../problem-report-events';
import { CommandReplySchema, route } from './route';

/** "Report a problem" (spec document 1, header: a feedback form opened in a new tab). */
export const PROBLEM_REPORT_LIMITS = { messageMax: 5000, pageMax: 500, perHour: 10 } as const;

export const PROBLEM_REPORT_MESSAGES = {
  category: 'Please choose what kind of problem this is',
  message: 'Please describe the problem',
  messageTooLong: `Please keep the description under ${PROBLEM_REPORT_LIMITS.messageMax} characters`,
  page: 'page must be a path in the app, such as /student/assignments',
  tooMany: (minutes: number) =>
    `You have sent several reports in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  sent: "Thank you. Your report was sent to your school's administrator.",
} as const;

export const ReportProblemBodySchema = z.object({
  category: z.enum(PROBLEM_CATEGORIES, { error: PROBLEM_REPORT_MESSAGES.category }),
  message: z
    .string({ error: PROBLEM_REPORT_MESSAGES.message })
    .trim()
    .min(1, PROBLEM_REPORT_MESSAGES.message)
    .max(PROBLEM_REPORT_LIMITS.messageMax, PROBLEM_REPORT_MESSAGES.messageTooLong),
  /** The page the reporter came from (the form's `?from=`); a path of this app, not a full URL. */
  page: z
    .string({ error: PROBLEM_REPORT_MESSAGES.page })
    .trim()
    .max(PROBLEM_REPORT_LIMITS.pageMax, PROBLEM_REPORT_MESSAGES.page)
    .regex(/^\/(?!\/)\S*$/, PROBLEM_REPORT_MESSAGES.page)
    .nullable()
    .optional(),
});
export type ReportProblemBody = z.input<typeof ReportProblemBodySchema>;

export const ProblemReportSchema = z.object({
  report_id: z.number().int(),
  category: z.enum(PROBLEM_CATEGORIES),
  message: z.string(),
  page: z.string().nullable(),
  reporter: z.object({ user_id: z.number().int(), role: z.string(), name: z.string(), email: z.string() }),
  reported_at: z.string(),
});
export type ProblemReport = z.infer<typeof ProblemReportSchema>;

export const AppConfigSchema = z.object({
  /** The operator's external feedback form (FEEDBACK_URL); null: the app's own form at /feedback. */
  feedback_url: z.string().nullable(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

export const supportRoutes = {
  appConfig: route({
    method: 'GET',
    path: '/support/config',
    kind: 'query',
    access: 'public',
    summary: "Settings the browser needs before sign-in: the operator's feedback form (FEEDBACK_URL), or null for the in-app form.",
    reply: AppConfigSchema,
  }),
  reportProblem: route({
    method: 'POST',
    path: '/support/report-problem',
    kind: 'command',
    access: 'authenticated',
    summary:
      "Send a problem report from the in-app feedback form; stored for the school's admin. 400 with a message for a missing category or description, 429 after 10 reports in an hour.",
    body: ReportProblemBodySchema,
    reply: CommandReplySchema.extend({ report_id: z.number().int() }),
  }),
  listProblemReports: route({
    method: 'GET',
    path: '/admin/problem-reports',
    kind: 'query',
    access: 'admin',
    summary: "The problem reports sent from the admin's school, newest first (at most 500).",
    reply: z.array(ProblemReportSchema),
  }),
} as const;
