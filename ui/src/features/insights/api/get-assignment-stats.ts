import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssignmentStats } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { assignmentInsightKeys } from './keys';

/** POST /grader/get-assignment-stats: submissions, graded, mean, median, max, min, scores, full marks and item analysis. */
export function getAssignmentStats(assignmentId: number, { signal }: { signal?: AbortSignal } = {}): Promise<AssignmentStats> {
  return callApi('getAssignmentStats', {
    body: { assignment_id: assignmentId },
    signal,
    minPosition: minPositionFor(assignmentInsightKeys.stats(assignmentId)),
  });
}

export const assignmentStatsQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: assignmentInsightKeys.stats(assignmentId),
    queryFn: ({ signal }) => getAssignmentStats(assignmentId, { signal }),
  });

export const useAssignmentStats = (assignmentId: number) => useQuery(assignmentStatsQueryOptions(assignmentId));
