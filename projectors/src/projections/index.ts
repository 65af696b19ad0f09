import { assignmentQuestionsProjection } from './assignment-questions';
import { directoryProjection } from './directory';
import { instructorAssignmentsProjection } from './instructor-assignments';
import { studentAssignmentsProjection } from './student-assignments';

export const allProjections = [directoryProjection, studentAssignmentsProjection, assignmentQuestionsProjection, instructorAssignmentsProjection];
export { assignmentQuestionsProjection, directoryProjection, instructorAssignmentsProjection, studentAssignmentsProjection };
