/**
 * The instructor's assignment reads. Live notices (app/live-updates.ts) invalidate `all`: the list
 * changes with assignments, submissions and grades; a sheet with its questions.
 */
export const instructorAssignmentKeys = {
  all: ['instructor-assignments'] as const,
  list: () => ['instructor-assignments', 'list'] as const,
  sheets: () => ['instructor-assignments', 'sheet'] as const,
  sheet: (assignmentId: number) => ['instructor-assignments', 'sheet', assignmentId] as const,
};
