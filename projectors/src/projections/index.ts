import { answerGroupsProjection } from './answer-groups';
import { assignmentQuestionsProjection } from './assignment-questions';
import { conversationsProjection } from './conversations';
import { auditProjection } from './audit';
import { directoryProjection } from './directory';
import { gradingProjection } from './grading';
import { insightsProjection } from './insights';
import { instructorAssignmentsProjection } from './instructor-assignments';
import { pdfHeadersProjection } from './pdf-headers';
import { practiceProjection } from './practice';
import { problemReportsProjection } from './problem-reports';
import { questionLibraryProjection } from './question-library';
import { rubricsProjection } from './rubrics';
import { summariesProjection } from './summaries';
import { textbooksProjection } from './textbooks';
import { textbookPassagesProjection } from './textbook-passages';
import { studentAssignmentsProjection } from './student-assignments';
import { timedSessionsProjection } from './timed-sessions';
import { regradeRequestsProjection } from './regrade-requests';
import { notificationsProjection } from './notifications';
import { markingPoliciesProjection } from './marking-policies';
import { regradeJobsProjection } from './regrade-jobs';

export const allProjections = [
  directoryProjection,
  studentAssignmentsProjection,
  assignmentQuestionsProjection,
  instructorAssignmentsProjection,
  rubricsProjection,
  questionLibraryProjection,
  textbooksProjection,
  timedSessionsProjection,
  practiceProjection,
  auditProjection,
  gradingProjection,
  problemReportsProjection,
  insightsProjection,
  pdfHeadersProjection,
  summariesProjection,
  conversationsProjection,
  textbookPassagesProjection,
  answerGroupsProjection,
  regradeRequestsProjection,
  notificationsProjection,
  markingPoliciesProjection,
  regradeJobsProjection,
];
export { assignmentQuestionsProjection, directoryProjection, instructorAssignmentsProjection, studentAssignmentsProjection };
export { questionLibraryProjection, rubricsProjection, textbooksProjection };
export { timedSessionsProjection };
export { practiceProjection };
export { auditProjection };
export { gradingProjection };
export { insightsProjection };
export { problemReportsProjection };
export { pdfHeadersProjection };
export { summariesProjection };
export { conversationsProjection };
export { textbookPassagesProjection };
export { answerGroupsProjection };
export { regradeRequestsProjection, notificationsProjection };
export { markingPoliciesProjection };
export { regradeJobsProjection };
