import { Link, useParams } from 'react-router';
import '../../../features/instructor-assignments/instructor-assignments.css';
import { PlusIcon } from '../../../components/icons';
import { GradingViews, useRegradeAfterEdit } from '../../../features/grading';
import { GradingOverview, SummaryModalHost } from '../../../features/insights';
import { useAssignmentSheet } from '../../../features/instructor-assignments/api/get-assignment-sheet';
import { AssignmentDetail } from '../../../features/instructor-assignments/components/assignment-detail';
import { InstructorGreeting } from '../../../features/instructor-assignments/components/greeting';
import {
  InstructorAssignmentList,
  NEW_ASSIGNMENT_PATH,
} from '../../../features/instructor-assignments/components/instructor-assignment-list';
import { useSessionStore } from '../../../stores/session';

/** /instructor/assignments (InstructorAssignments). */
export function InstructorAssignmentsRoute() {
  const firstName = useSessionStore((s) => s.instructor.firstName);
  return (
    <div className="page">
      <div className="page-head">
        <div>
          <InstructorGreeting firstName={firstName} />
          <h2 className="page-title">Assignments</h2>
          <p className="text-muted">The assignments of the courses you teach.</p>
        </div>
        <Link to={NEW_ASSIGNMENT_PATH} className="button button-primary">
          <PlusIcon width={18} height={18} /> New Assignment
        </Link>
      </div>
      <InstructorAssignmentList />
    </div>
  );
}

/** /instructor/assignments/:assignmentId (InstructorAssignment). */
export function InstructorAssignmentRoute() {
  const { assignmentId } = useParams();
  const id = Number(assignmentId);
  return <InstructorAssignmentPage key={id} assignmentId={id} />;
}

/**
 * The assignment page: the instructor-assignments detail, with grading's Submissions view and its regrade after an edit,
 * and the insights' grading overview and student summary modal (the sheet's query is the detail's, cached).
 */
export function InstructorAssignmentPage({ assignmentId }: { assignmentId: number }) {
  const regrade = useRegradeAfterEdit(assignmentId);
  const sheet = useAssignmentSheet(assignmentId);
  return (
    <>
      <AssignmentDetail
        assignmentId={assignmentId}
        regrade={regrade}
        submissions={(courseCode) => <GradingViews assignmentId={assignmentId} courseCode={courseCode} />}
        overview={<GradingOverview assignmentId={assignmentId} />}
      />
      {sheet.data && <SummaryModalHost assignmentId={assignmentId} title={sheet.data.title} courseCode={sheet.data.course_code} />}
    </>
  );
}
