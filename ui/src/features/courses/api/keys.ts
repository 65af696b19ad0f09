/**
 * The instructor's course reads. They come from the `directory` (courses, students) and
 * `student-assignments` (published assignments) projections; live notices of both invalidate `all`.
 * Course grades and item analysis come from the `insights` projection; its notices invalidate `insights`.
 */
export const courseKeys = {
  all: ['instructor-courses'] as const,
  list: (instructorId: number) => ['instructor-courses', 'list', instructorId] as const,
  students: (courseCode: string) => ['instructor-courses', 'students', courseCode.toUpperCase()] as const,
  assignments: (courseCode: string) => ['instructor-courses', 'assignments', courseCode.toUpperCase()] as const,
  insights: ['instructor-courses', 'insights'] as const,
  grades: (courseCode: string) => ['instructor-courses', 'insights', 'grades', courseCode.toUpperCase()] as const,
  itemAnalysis: (courseCode: string) => ['instructor-courses', 'insights', 'item-analysis', courseCode.toUpperCase()] as const,
};
