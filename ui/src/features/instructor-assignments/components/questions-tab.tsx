import type { AssignmentSheet } from '@evergrade/contracts';
import { EmptyState } from '../../../components/empty-state';

export const NO_QUESTIONS = 'No questions available for this assignment.';

export function QuestionsTab({ sheet }: { sheet: AssignmentSheet }) {
  if (sheet.questions.length === 0) return <EmptyState title={NO_QUESTIONS} />;
  return null;
}
