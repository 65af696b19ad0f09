import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHT_CONSTANTS, type ClassSummary } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { assignmentInsightKeys } from './keys';

/** POST /grader/get-class-assignment-summary: the class summary and rubric averages; status 'generating' while it is written. */
export function getClassSummary(
  assignmentId: number,
  courseCode: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ClassSummary> {
  return callApi('getClassAssignmentSummary', {
    body: { assignment_id: assignmentId, ...(courseCode ? { course_code: courseCode } : {}) },
    signal,
    minPosition: minPositionFor(assignmentInsightKeys.classSummary(assignmentId)),
  });
}

export const classSummaryQueryOptions = (assignmentId: number, courseCode?: string) =>
  queryOptions({
    queryKey: assignmentInsightKeys.classSummary(assignmentId),
    queryFn: ({ signal }) => getClassSummary(assignmentId, courseCode, { signal }),
    // Spec section 4: status 'generating' is polled every 3 s until done or error.
    refetchInterval: (query) => (query.state.data?.status === 'generating' ? INSIGHT_CONSTANTS.classSummaryPollMs : false),
  });

export const useClassSummary = (assignmentId: number, courseCode?: string) => useQuery(classSummaryQueryOptions(assignmentId, courseCode));
