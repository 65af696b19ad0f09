import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkingPolicy } from '@evergrade/contracts';
import { callApi } from '../lib/api-client';
import { invalidateAt, minPositionFor } from '../lib/positions';

/** An assignment's marking policy: the instructor's settings read and written on the grading page. */
export const markingPolicyKeys = {
  all: ['marking-policy'] as const,
  of: (assignmentId: number) => ['marking-policy', assignmentId] as const,
};

export const markingPolicyQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: markingPolicyKeys.of(assignmentId),
    queryFn: ({ signal }) =>
      callApi('getMarkingPolicy', {
        body: { assignment_id: assignmentId },
        signal,
        minPosition: minPositionFor(markingPolicyKeys.of(assignmentId)),
      }),
  });
export const useMarkingPolicy = (assignmentId: number) => useQuery(markingPolicyQueryOptions(assignmentId));

export function useSetMarkingPolicy(assignmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: MarkingPolicy) => callApi('setMarkingPolicy', { body: { assignment_id: assignmentId, policy } }),
    onSuccess: (r) => invalidateAt(client, markingPolicyKeys.of(assignmentId), r.position),
  });
}
