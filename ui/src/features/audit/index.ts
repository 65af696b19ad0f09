/** The admin's audit page: the search over every grade change, the grade book as of a moment, a response's history. */
export { AuditPage } from './components/audit-page';
