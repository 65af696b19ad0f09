import { z } from 'zod';
import { ResponseHistoryEntrySchema } from './grading';
import { route } from './route';

/**
 * The audit history of every grade (issue 6, item 6), for the school admin. Read from the `audit` read model: one
 * immutable row per (grading event, response) it touched, in log order, carrying the event's own values and the time
 * the store recorded it. Previous values, a response's chain and the grade book "as of" an instant are folds over
 * those rows (recorded at or before the instant), never a current-state table.
 */
export const AUDIT_PROJECTION = 'audit';

export const AUDIT_MESSAGES = {
  assignmentNotFound: 'Assignment not found',
  responseNotFound: 'Response not found',
  range: 'from must be before to',
} as const;

const assignmentId = z.coerce
  .number({ error: 'assignment_id must be a number' })
  .int('assignment_id must be an integer')
  .positive('assignment_id is required');
const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO date-time such as 2026-03-01T09:30:00Z` });

/** One link of a response's chain: the grading contract's entry plus the state right after it. */
export const AuditHistoryEntrySchema = ResponseHistoryEntrySchema.extend({
  /** The response is graded after this event. */
  graded: z.boolean(),
  /** Its flag is resolved after this event. */
  flag_resolved: z.boolean(),
  /** What else the event says: the file read, the grader's inputs, the questions kept by a reset. */
  detail: z.string().nullable(),
});
export type AuditHistoryEntry = z.infer<typeof AuditHistoryEntrySchema>;

/** A search hit: one link of some response's chain, with whose response it is. */
export const AuditEntrySchema = AuditHistoryEntrySchema.extend({
  response_id: z.number().int(),
  assignment_id: z.number().int(),
  assignment_title: z.string(),
  student_id: z.number().int(),
  student_name: z.string(),
  question_id: z.number().int(),
  question_number: z.number().int(),
  points_possible: z.number().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditSearchBodySchema = z
  .object({
    /** A student's id. */
    student_id: z.coerce.number().int().positive().optional(),
    /** Part of a student's name or e-mail (case-insensitive). */
    student: z.string().trim().max(200).optional(),
    assignment_id: assignmentId.optional(),
    /** Recorded at or after. */
    from: instant('from').optional(),
    /** Recorded at or before. */
    to: instant('to').optional(),
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((b) => !b.from || !b.to || Date.parse(b.from) <= Date.parse(b.to), { message: AUDIT_MESSAGES.range, path: ['from'] });
export type AuditSearchBody = z.input<typeof AuditSearchBodySchema>;

export const AuditSearchReplySchema = z.object({
  /** Newest first. */
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditSearchReply = z.infer<typeof AuditSearchReplySchema>;

export const AuditFiltersReplySchema = z.object({
  assignments: z.array(z.object({ assignment_id: z.number().int(), title: z.string(), course_code: z.string() })),
  students: z.array(z.object({ student_id: z.number().int(), name: z.string(), email: z.string() })),
});
export type AuditFiltersReply = z.infer<typeof AuditFiltersReplySchema>;

export const ResponseChainSchema = z.object({
  response_id: z.number().int(),
  assignment_id: z.number().int(),
  assignment_title: z.string(),
  student_id: z.number().int(),
  student_name: z.string(),
  question_id: z.number().int(),
  question_number: z.number().int(),
  /** Oldest first. */
  entries: z.array(AuditHistoryEntrySchema),
});
export type ResponseChain = z.infer<typeof ResponseChainSchema>;

/** One cell of the grade book: a student's response to a question as it stood. */
export const GradeBookCellSchema = z.object({
  question_id: z.number().int(),
  response_id: z.number().int().nullable(),
  /** null when the student had no response to this question yet. */
  points: z.number().nullable(),
  points_possible: z.number(),
  graded: z.boolean(),
  /** Model name, 'offline', 'instructor', or '' before any grade. */
  graded_by: z.string(),
  flagged_for_review: z.string(),
  flag_resolved: z.boolean(),
  /** How many events had touched it. */
  version: z.number().int(),
});
export type GradeBookCell = z.infer<typeof GradeBookCellSchema>;

export const GradeBookSchema = z.object({
  assignment_id: z.number().int(),
  assignment_title: z.string(),
  as_of: z.string(),
  questions: z.array(z.object({ question_id: z.number().int(), question_number: z.number().int(), points_possible: z.number() })),
  /** Students with a recorded response at the instant, by name. */
  students: z.array(
    z.object({
      student_id: z.number().int(),
      student_name: z.string(),
      cells: z.array(GradeBookCellSchema),
      obtained: z.number(),
      possible: z.number(),
      /** Has responses and every one is graded. */
      graded: z.boolean(),
    }),
  ),
  totals: z.object({ obtained: z.number(), possible: z.number(), graded_students: z.number().int() }),
  /** How many grading events were folded, and the last one's position (null: none). */
  events: z.number().int(),
  position: z.string().nullable(),
});
export type GradeBook = z.infer<typeof GradeBookSchema>;

export const auditRoutes = {
  auditFilters: route({
    method: 'GET',
    path: '/admin/audit/filters',
    kind: 'query',
    access: 'admin',
    summary: "The school's assignments and students that have grading history, for the audit page's filters.",
    reply: AuditFiltersReplySchema,
  }),
  auditSearch: route({
    method: 'POST',
    path: '/admin/audit/search',
    kind: 'query',
    access: 'admin',
    summary: 'Grade events of the school, newest first, filtered by student, assignment and recorded date range; paginated.',
    body: AuditSearchBodySchema,
    reply: AuditSearchReplySchema,
  }),
  auditResponseHistory: route({
    method: 'POST',
    path: '/admin/audit/response-history',
    kind: 'query',
    access: 'admin',
    summary:
      "A response's full grade chain, oldest first: each value, who or what set it (instructor, AI model, offline grader), when, the previous value, regrade instructions or edit reason, flags raised and resolved.",
    body: z.object({ response_id: z.coerce.number({ error: 'response_id is required' }).int().positive('response_id is required') }),
    reply: ResponseChainSchema,
  }),
  auditGradeBookAsOf: route({
    method: 'POST',
    path: '/admin/audit/grade-book-as-of',
    kind: 'query',
    access: 'admin',
    summary:
      "An assignment's whole grade book (every student x question, with totals) exactly as it stood at as_of, folded from the grading events recorded at or before it.",
    body: z.object({ assignment_id: assignmentId, as_of: instant('as_of') }),
    reply: GradeBookSchema,
  }),
  auditGradeHistoryCsv: route({
    method: 'GET',
    path: '/admin/audit/grade-history.csv',
    kind: 'query',
    access: 'admin',
    summary: "An assignment's grade history as CSV (a header row, one row per grade event and response, oldest first), as a download.",
    querystring: z.object({ assignment_id: assignmentId }),
    reply: z.string().meta({ format: 'binary', description: 'text/csv; charset=utf-8, Content-Disposition attachment' }),
  }),
} as const;
