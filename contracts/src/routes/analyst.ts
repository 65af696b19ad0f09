import { z } from 'zod';
import { route } from './route';

/**
 * Analysts' reports (issue 15, item 5). The server replays the school's own events (never another school's) from the
 * store into a throwaway, in-memory projection and answers in newline-delimited JSON: progress lines while it reads,
 * then one `complete` line with the table (or one `error` line). People are pseudonymised ("Student 3",
 * "Instructor 1", stable within the school) unless the school admin lets analysts see names.
 */
export const REPORT_IDS = ['grade-changes', 'time-on-task', 'grader-agreement', 'submission-timing'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export const ANALYST_MESSAGES = {
  unknownReport: `report must be one of ${REPORT_IDS.join(', ')}`,
  range: 'from must not be after to',
  date: 'must be a date (YYYY-MM-DD) or an ISO date-time such as 2026-03-01T09:30:00Z',
  unknownType: 'types names an event type that does not exist',
} as const;

/** A day (`2026-03-01`, the whole UTC day) or an instant with its offset. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const when = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .refine((s) => (DAY.test(s) || z.iso.datetime({ offset: true }).safeParse(s).success) && !Number.isNaN(Date.parse(s)), {
      message: `${field} ${ANALYST_MESSAGES.date}`,
    });

/** The instants a window covers: a day `from` starts at its 00:00 UTC, a day `to` ends at the end of its day. */
export function reportWindow(from: string, to: string): { from: Date; to: Date } {
  const start = new Date(DAY.test(from) ? `${from}T00:00:00.000Z` : from);
  const end = DAY.test(to) ? new Date(Date.parse(`${to}T00:00:00.000Z`) + 86_400_000 - 1) : new Date(to);
  return { from: start, to: end };
}

const inOrder = (w: { from?: string | undefined; to?: string | undefined }) =>
  !w.from || !w.to || reportWindow(w.from, w.to).from.getTime() <= reportWindow(w.from, w.to).to.getTime();

export const ReportSummarySchema = z.object({ id: z.enum(REPORT_IDS), title: z.string(), description: z.string() });
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

export const RunReportBodySchema = z
  .object({
    report: z.enum(REPORT_IDS, { error: ANALYST_MESSAGES.unknownReport }),
    /** Facts recorded at or after (a day: from its start, UTC). */
    from: when('from'),
    /** Facts recorded at or before (a day: to its end, UTC). */
    to: when('to'),
  })
  .refine(inOrder, { message: ANALYST_MESSAGES.range, path: ['from'] });
export type RunReportBody = z.input<typeof RunReportBodySchema>;

export const REPORT_COLUMN_TYPES = ['string', 'number', 'integer', 'datetime', 'boolean'] as const;
export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** number: may have decimals (marks, minutes); datetime: ISO 8601 text. */
  type: z.enum(REPORT_COLUMN_TYPES),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;
export const ReportRowSchema = z.record(z.string(), ReportCellSchema);
export type ReportRow = z.infer<typeof ReportRowSchema>;

/** What the report suggests drawing: `y` keys against `x`, one series per value of `series` when set. */
export const ReportChartSchema = z.object({
  kind: z.enum(['bar', 'line', 'scatter']),
  x: z.string(),
  y: z.array(z.string()),
  series: z.string().optional(),
});
export type ReportChart = z.infer<typeof ReportChartSchema>;

export const ReportProgressLineSchema = z.object({
  status: z.literal('progress'),
  /** The school's events read so far. */
  done: z.number().int().nonnegative(),
  /** The school's events to read (counted when the run started; never below done). */
  total: z.number().int().nonnegative(),
});
export const ReportCompleteLineSchema = z.object({
  status: z.literal('complete'),
  report: z.enum(REPORT_IDS),
  /** The window as instants (ISO). */
  from: z.string(),
  to: z.string(),
  columns: z.array(ReportColumnSchema),
  rows: z.array(ReportRowSchema),
  chart: ReportChartSchema.optional(),
  /** The school's events folded. */
  events: z.number().int().nonnegative(),
  /** False only where the school admin lets analysts see names. */
  pseudonymised: z.boolean(),
});
export const ReportErrorLineSchema = z.object({ status: z.literal('error'), message: z.string() });
/** One line of `POST /analyst/run-report`'s reply. */
export const RunReportLineSchema = z.discriminatedUnion('status', [
  ReportProgressLineSchema,
  ReportCompleteLineSchema,
  ReportErrorLineSchema,
]);
export type RunReportLine = z.infer<typeof RunReportLineSchema>;
export type ReportComplete = z.infer<typeof ReportCompleteLineSchema>;

export const AnalystEventsQuerySchema = z
  .object({
    from: when('from').optional(),
    to: when('to').optional(),
    /** Comma-separated event types (e.g. `AnswerSaved,AssignmentSubmitted`); absent: every type. */
    types: z.string().trim().max(4000).optional(),
  })
  .refine(inOrder, { message: ANALYST_MESSAGES.range, path: ['from'] });

/**
 * One line of `GET /analyst/events`: one of the school's events in log order, `data` and `metadata` as stored except
 * that names and e-mail addresses are pseudonymised (unless the admin allows names) and secrets (password hashes,
 * verification codes' hashes) are left out.
 */
export const AnalystEventLineSchema = z.object({
  event_id: z.string(),
  type: z.string(),
  /** Opaque, ordered as the log is. */
  position: z.string(),
  recorded_at: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
});
export type AnalystEventLine = z.infer<typeof AnalystEventLineSchema>;

export const analystRoutes = {
  analystReports: route({
    method: 'GET',
    path: '/analyst/reports',
    kind: 'query',
    access: 'analyst',
    summary: 'The reports an analyst can run: id, title and what each shows. Analysts only (403 otherwise).',
    reply: z.array(ReportSummarySchema),
  }),
  analystRunReport: route({
    method: 'POST',
    path: '/analyst/run-report',
    kind: 'query',
    access: 'analyst',
    summary:
      "Replays the school's events into a throwaway projection and answers in newline-delimited JSON (the schema describes one line): status progress lines (done, total events), then status complete with columns, rows and a suggested chart, or status error. from/to: a day (YYYY-MM-DD, whole UTC days) or an ISO date-time. Names are pseudonymised unless the school admin allows names. Analysts only (403 otherwise); refusals before the stream starts are 4xx JSON.",
    body: RunReportBodySchema,
    reply: RunReportLineSchema,
  }),
  analystEvents: route({
    method: 'GET',
    path: '/analyst/events',
    kind: 'query',
    access: 'analyst',
    summary:
      "The school's events recorded in the window (from/to optional: a day or an ISO date-time), of the comma-separated types (absent: all), in log order, as newline-delimited JSON (the schema describes one line). Names and e-mail addresses are pseudonymised unless the school admin allows names; password and code hashes are never included. Analysts only (403 otherwise).",
    querystring: AnalystEventsQuerySchema,
    reply: AnalystEventLineSchema,
  }),
} as const;
