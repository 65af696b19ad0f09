import { assignmentQuestionsProjection } from './assignment-questions';
import { directoryProjection } from './directory';
import { studentAssignmentsProjection } from './student-assignments';

export const allProjections = [directoryProjection, studentAssignmentsProjection, assignmentQuestionsProjection];
export { assignmentQuestionsProjection, directoryProjection, studentAssignmentsProjection };
