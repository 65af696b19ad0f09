import { AuditPage } from '../../../features/audit';

/** /admin/audit: grade events, a response's chain, the grade book as of an instant, CSV export. */
export function AdminAuditRoute() {
  return <AuditPage />;
}
