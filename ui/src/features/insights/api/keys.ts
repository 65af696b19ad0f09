/**
 * The assignment-level insights. Notices of the `insights` read model (statistics, item analysis, rubric scores)
 * invalidate `assignment(id)`; notices of `summaries` (written summaries) invalidate `students(id)` and
 * `classSummary(id)` (app/live-updates.ts).
 */
export const assignmentInsightKeys = {
  all: ['assignment-insights'] as const,
  assignment: (assignmentId: number) => ['assignment-insights', assignmentId] as const,
  stats: (assignmentId: number) => ['assignment-insights', assignmentId, 'stats'] as const,
  students: (assignmentId: number) => ['assignment-insights', assignmentId, 'students'] as const,
  classSummary: (assignmentId: number) => ['assignment-insights', assignmentId, 'class'] as const,
};
