/** The audit search's filters as the page holds them (the body of POST /admin/audit/search). */
export type AuditFilters = { student_id?: number; assignment_id?: number; from?: string; to?: string; page: number; page_size: number };

/**
 * The audit reads. The admin's sit under ['admin'], which live notices of the school (the audit projection names
 * `school`) and every admin command invalidate; the instructor's chain refetches whenever it is opened.
 */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  filters: ['admin', 'audit', 'filters'] as const,
  search: (filters: AuditFilters) => ['admin', 'audit', 'search', filters] as const,
  chain: (responseId: number) => ['admin', 'audit', 'chain', responseId] as const,
  gradeBook: (assignmentId: number, asOf: string) => ['admin', 'audit', 'grade-book', assignmentId, asOf] as const,
  instructorChain: (responseId: number) => ['audit', 'instructor-chain', responseId] as const,
};
