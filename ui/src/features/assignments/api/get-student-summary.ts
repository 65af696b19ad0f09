import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECTIONS } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';

/** Under the assignment's question-sheet key, so a notice about its grades or feedback refreshes the summary too. */
export const summaryQueryKey = (assignmentId: number) => [PROJECTIONS.assignmentQuestions, assignmentId, 'summary'] as const;

export const getStudentSummary = (assignmentId: number, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getStudentSummary', {
    body: { assignment_id: assignmentId },
    signal,
    minPosition: minPositionFor(summaryQueryKey(assignmentId)),
  });

export const studentSummaryQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: summaryQueryKey(assignmentId),
    queryFn: ({ signal }) => getStudentSummary(assignmentId, { signal }),
    staleTime: 60_000,
  });

export const useStudentSummary = (assignmentId: number) => useQuery(studentSummaryQueryOptions(assignmentId));
