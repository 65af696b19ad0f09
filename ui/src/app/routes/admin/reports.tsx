import { QueryBoundary } from '../../../components/query-boundary';
import { useProblemReports } from '../../../features/admin/api/get-problem-reports';
import { ProblemReports } from '../../../features/admin/components/problem-reports';

export function AdminReportsRoute() {
  const reports = useProblemReports();
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Problem reports</h2>
          <p className="text-muted">What students and instructors sent with "Report a problem", newest first.</p>
        </div>
      </div>
      <QueryBoundary query={reports} label="problem reports">
        {(list) => <ProblemReports reports={list} />}
      </QueryBoundary>
    </div>
  );
}
