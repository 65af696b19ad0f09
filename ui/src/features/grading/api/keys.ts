/**
 * The grading reads. Live notices naming `assignment:{id}` invalidate `submissions(id)`
 * (hooks/use-grading-live.ts), so two instructors on one assignment see each other's changes.
 */
export const gradingKeys = {
  all: ['grading'] as const,
  submissions: (assignmentId: number) => ['grading', 'submissions', assignmentId] as const,
  courseStudents: (courseCode: string) => ['grading', 'course-students', courseCode] as const,
};
