import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_KEY_HEADER, type ProjectionsReply } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

/**
 * The operator's read-model page: not a school's data, so it carries the operator key (kept for this tab only) instead
 * of relying on the admin's session. Live: polled every second while a rebuild runs, every few seconds otherwise.
 */
const KEY_STORAGE = 'evergrade.operator-key';

export const operatorKey = {
  get: (): string | null => sessionStorage.getItem(KEY_STORAGE),
  set: (key: string) => sessionStorage.setItem(KEY_STORAGE, key),
  clear: () => sessionStorage.removeItem(KEY_STORAGE),
};

export const projectionKeys = { all: ['operator', 'projections'] as const };

const headersFor = (key: string) => ({ [OPERATOR_KEY_HEADER]: key });

export const isRebuilding = (reply: ProjectionsReply | undefined) => !!reply?.projections.some((p) => p.status === 'rebuilding');

export function useProjections(key: string | null, fast: boolean) {
  return useQuery({
    queryKey: [...projectionKeys.all, key],
    queryFn: () => callApi('listProjections', { headers: headersFor(key!) }),
    enabled: key !== null,
    retry: false,
    refetchInterval: (query) => (fast || isRebuilding(query.state.data) ? 700 : 4000),
  });
}

export function useRebuildProjection(key: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projection: string) => callApi('rebuildProjection', { body: { projection }, headers: headersFor(key ?? '') }),
    onSettled: () => client.invalidateQueries({ queryKey: projectionKeys.all }),
  });
}
