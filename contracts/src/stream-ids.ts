/** The one place stream ids are built. Every stream belongs to one tenant. */
export const streamIds = {
  user: (tenant: string, userId: number) => `user:${tenant}:${userId}`,
  userEmail: (tenant: string, email: string) => `user-email:${tenant}:${email.toLowerCase()}`,
  course: (tenant: string, courseId: number) => `course:${tenant}:${courseId}`,
  assignment: (tenant: string, assignmentId: number) => `assignment:${tenant}:${assignmentId}`,
  submission: (tenant: string, assignmentId: number, studentId: number) => `submission:${tenant}:${assignmentId}:${studentId}`,
  tenant: (tenant: string) => `tenant:${tenant}`,
  courseCode: (tenant: string, code: string) => `course-code:${tenant}:${code.toLowerCase()}`,
  verification: (tenant: string, purpose: 'signup' | 'password_reset', email: string) =>
    `verification:${tenant}:${purpose}:${email.toLowerCase()}`,
  /** A school's own rubrics, questions and textbooks; the seeded ones are on SHARED_LIBRARY_TENANT's. */
  rubrics: (tenant: string) => `rubrics:${tenant}`,
  questionLibrary: (tenant: string) => `question-library:${tenant}`,
  textbooks: (tenant: string) => `textbooks:${tenant}`,
  /** One AI Express run: what was asked, who answered (its id is the assignment's ai_config). */
  aiConfig: (tenant: string, configId: number) => `ai-config:${tenant}:${configId}`,
  /** A student's own practice assignment. */
  practice: (tenant: string, practiceId: number) => `practice:${tenant}:${practiceId}`,
  /** Grades of one student's work on one assignment (uploaded files, grades, edits, flags); not the submission stream. */
  grading: (tenant: string, assignmentId: number, studentId: number) => `grading:${tenant}:${assignmentId}:${studentId}`,
  /** The instructor's splits of the answer groups of one question (issue 14 item 6). */
  answerGroups: (tenant: string, assignmentId: number, questionId: number) => `answer-groups:${tenant}:${assignmentId}:${questionId}`,
  /** One report sent from the in-app "Report a problem" form. */
  problemReport: (tenant: string, reportId: number) => `problem-report:${tenant}:${reportId}`,
  /** Written student and class summaries of one assignment (the summary writer's). */
  summaries: (tenant: string, assignmentId: number) => `summaries:${tenant}:${assignmentId}`,
  /** An instructor's saved assistant conversation (AURA). */
  conversation: (tenant: string, conversationId: number) => `conversation:${tenant}:${conversationId}`,
  /** An instructor's index of live conversations (slots taken and released): the 10-conversation cap, race-safe. */
  conversationsOf: (tenant: string, instructorId: number) => `conversations-of:${tenant}:${instructorId}`,
  /** A student's answers from the study assistant. */
  assistant: (tenant: string, userId: number) => `assistant:${tenant}:${userId}`,
  /** One guest's chats of one day (UTC, YYYY-MM-DD); guestKey is a hash of the guest's cookie id and address. */
  guestChat: (day: string, guestKey: string) => `guest-chat:${day}:${guestKey}`,
  /** An assignment's regrade request settings (RegradeWindowSet): kept off the assignment stream its authoring folds. */
  regradeSettings: (tenant: string, assignmentId: number) => `regrade-settings:${tenant}:${assignmentId}`,
  /** An assignment's marking policy (MarkingPolicySet): the switches its grading follows. */
  markingPolicy: (tenant: string, assignmentId: number) => `marking-policy:${tenant}:${assignmentId}`,
  /** What a user read of their notifications (NotificationsRead). */
  notifications: (tenant: string, userId: number) => `notifications:${tenant}:${userId}`,
  /** One regrade-all job: started, each student's outcome, finished. */
  regradeJob: (tenant: string, jobId: string) => `regrade-job:${tenant}:${jobId}`,
  /** Every school's regrade jobs opened and closed: what a restarted command service resumes. */
  regradeJobsOpen: () => 'regrade-jobs:open',
  /** Integer ids (the spec's ids are integers) are the versions of a per-kind sequence stream. */
  sequence: (kind: IdKind) => `sequence:${kind}`,
  /** Owners of ids allocated before IdAllocated recorded them (the backfill's), a thousand ids a stream. */
  idOwners: (tenant: string, kind: 'question' | 'response', id: number) => `id-owners:${tenant}:${kind}:${Math.floor(id / 1000)}`,
  /** The backfill of id owners ran: one event, written once. */
  idOwnersBackfill: () => 'id-owners-backfill:1',
};

export type IdKind =
  | 'user'
  | 'course'
  | 'assignment'
  | 'question'
  | 'rubric'
  | 'library-question'
  | 'textbook'
  | 'ai-config'
  | 'practice'
  | 'response'
  | 'problem-report'
  | 'conversation'
  | 'regrade-request';

export const streamCategory = (streamId: string): string => streamId.slice(0, streamId.indexOf(':'));
