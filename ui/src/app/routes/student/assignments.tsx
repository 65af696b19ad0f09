import { AssignmentList } from '../../../features/assignments/components/assignment-list';
import { Greeting } from '../../../features/assignments/components/greeting';
import { useSessionStore } from '../../../stores/session';

export function StudentAssignmentsRoute() {
  const firstName = useSessionStore((s) => s.student.firstName);
  return (
    <div className="page">
      <Greeting firstName={firstName} />
      <div className="page-head">
        <div>
          <h2 className="page-title">Your assignments</h2>
          <p className="text-muted">Everything your instructors have set, in one place.</p>
        </div>
      </div>
      <AssignmentList />
    </div>
  );
}
