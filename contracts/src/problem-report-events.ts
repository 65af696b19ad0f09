import { z } from 'zod';

/**
 * "Report a problem" (spec document 1, header): a report sent from the in-app feedback form, on its own
 * stream `problem-report:{tenant}:{reportId}`, read by the school's admin. Data is camelCase.
 */
export const PROBLEM_CATEGORIES = ['Something is broken', 'Something is confusing', 'An idea or request', 'Other'] as const;
export type ProblemCategory = (typeof PROBLEM_CATEGORIES)[number];

/** The read model of reports (for read-your-writes). */
export const PROBLEM_REPORTS_PROJECTION = 'problem-reports';

export const ProblemReportedSchema = z.object({
  type: z.literal('ProblemReported'),
  data: z.object({
    reportId: z.number().int(),
    category: z.enum(PROBLEM_CATEGORIES),
    message: z.string(),
    /** The app page the reporter came from, when known. */
    page: z.string().nullable(),
    reporterId: z.number().int(),
    reporterRole: z.string(),
    reporterName: z.string(),
    reporterEmail: z.string(),
    reportedAt: z.iso.datetime({ offset: true }),
  }),
});

export const PROBLEM_REPORT_EVENT_SCHEMAS = [ProblemReportedSchema] as const;
