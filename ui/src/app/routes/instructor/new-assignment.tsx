import { AssignmentWizard } from '../../../features/assignment-creation/components/assignment-wizard';

/** /instructor/assignments/new-assignment (named route AssignmentCreation); its own lazy chunk. */
export function AssignmentCreationRoute() {
  return <AssignmentWizard />;
}
