/** The audit history of grades: the admin's audit page and a response's grade history (also for the graded submission view). */
export { AuditPage } from './components/audit-page';
export { GradeHistory } from './components/grade-history';
