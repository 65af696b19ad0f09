import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddRubricBody } from '@evergrade/contracts';
import { callApi } from '../../lib/api-client';
import { invalidateAt, minPositionFor } from '../../lib/positions';

export const rubricsKey = ['rubrics'] as const;

/** GET /grader/get-rubrics: the school's rubric library (also maps question tags back to rubric ids). */
export const getRubrics = ({ signal }: { signal?: AbortSignal } = {}) =>
  callApi('getRubrics', { signal, minPosition: minPositionFor(rubricsKey) });

export const rubricsQueryOptions = () => queryOptions({ queryKey: rubricsKey, queryFn: getRubrics, staleTime: 60_000 });
export const useRubrics = () => useQuery(rubricsQueryOptions());

/** POST /grader/add-rubric; the list refetches once the new rubric is in the read model. */
export function useAddRubric() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddRubricBody) => callApi('addRubric', { body }),
    onSuccess: (reply) => invalidateAt(client, rubricsKey, reply.position),
  });
}
