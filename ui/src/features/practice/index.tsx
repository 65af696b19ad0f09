/**
 * Practice assignments (spec document 1): the router mounts the two route components. The list of practice
 * assignments, which the assignments feature's Practice tab also shows, is a shared endpoint (`api/get-practice-assignments`).
 */
import { useParams } from 'react-router';
import { PracticeTaking } from './components/practice-taking';
import { PracticeWizard } from './components/practice-wizard';

export { PracticeTaking, PracticeWizard };

export const PRACTICE_CREATE_PATH = '/student/assignments/practice/create';
export const practiceAssignmentPath = (practiceId: number) => `/student/assignments/practice/${practiceId}`;

/** /student/assignments/practice/create */
export function PracticeCreateRoute() {
  return <PracticeWizard />;
}

/** /student/assignments/practice/:practiceId */
export function PracticeAssignmentRoute() {
  const { practiceId } = useParams();
  const id = Number(practiceId);
  return <PracticeTaking key={id} practiceId={Number.isInteger(id) && id > 0 ? id : -1} />;
}
