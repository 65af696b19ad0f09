import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { assignmentsQueryOptions } from '../../../features/assignments/api/get-assignments';
import { StudentDashboard } from '../../../features/charts';

/** /student/dashboard, the logo's target: loaded on first visit with echarts in its own chunk. */
export function StudentDashboardRoute() {
  const assignments = useQuery({ ...assignmentsQueryOptions(), refetchOnMount: 'always' });
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Your progress</h2>
          <p className="text-muted">Where your assignments stand and how your grades are going.</p>
        </div>
        <Link to="/student/assignments" className="button button-secondary button-sm">
          Go to assignments
        </Link>
      </div>
      <StudentDashboard assignments={assignments.data} loading={assignments.isPending} />
    </div>
  );
}
