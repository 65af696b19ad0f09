/**
 * Every read model's query functions: the only way anything outside a projection's module reads its tables.
 * Each `projections/X.queries.ts` names only X's tables.
 */
export {};
export * from './projections/directory.queries';
export * from './projections/instructor-assignments.queries';
export * from './projections/student-assignments.queries';
export * from './projections/assignment-questions.queries';
export * from './projections/problem-reports.queries';
export * from './projections/pdf-headers.queries';
export * from './projections/question-library.queries';
export * from './projections/rubrics.queries';
export * from './projections/textbooks.queries';
export * from './projections/textbook-passages.queries';
export * from './projections/timed-sessions.queries';
export * from './projections/practice.queries';
export * from './projections/grading.queries';
export * from './projections/insights.queries';
export * from './projections/summaries.queries';
export * from './projections/audit.queries';
export * from './projections/conversations.queries';
export * from './projections/answer-groups.queries';
export * from './projections/regrade-requests.queries';
export * from './projections/marking-policies.queries';
export * from './projections/regrade-jobs.queries';
export * from './projections/notifications.queries';
export * from './status.queries';
