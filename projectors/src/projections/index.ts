import { assignmentQuestionsProjection } from './assignment-questions';
import { directoryProjection } from './directory';
import { instructorAssignmentsProjection } from './instructor-assignments';
import { questionLibraryProjection } from './question-library';
import { rubricsProjection } from './rubrics';
import { textbooksProjection } from './textbooks';
import { studentAssignmentsProjection } from './student-assignments';

export const allProjections = [directoryProjection, studentAssignmentsProjection, assignmentQuestionsProjection, instructorAssignmentsProjection,
  rubricsProjection, questionLibraryProjection, textbooksProjection];
export { assignmentQuestionsProjection, directoryProjection, instructorAssignmentsProjection, studentAssignmentsProjection };
export { questionLibraryProjection, rubricsProjection, textbooksProjection };
