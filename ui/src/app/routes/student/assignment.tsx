import { useParams } from 'react-router';
import { AssignmentView } from '../../../features/assignments/components/assignment-view';

export function StudentAssignmentRoute() {
  const { assignmentId } = useParams();
  const id = Number(assignmentId);
  return (
    <div className="page">
      <AssignmentView key={id} assignmentId={id} />
    </div>
  );
}
