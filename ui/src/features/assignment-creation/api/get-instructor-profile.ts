import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';

/** The same key as the signed-in instructor's profile elsewhere, so the cache and live updates are shared. */
const profileKey = ['users', 'instructor'] as const;

/** GET /instructors/get-instructor: smart_builder_enabled decides whether Smart Builder is offered. */
export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileKey, queryFn: () => callApi('getInstructor', { minPosition: minPositionFor(profileKey) }) });

export const useSmartBuilderEnabled = () => {
  const q = useQuery(profileQueryOptions());
  return { enabled: q.data?.smart_builder_enabled === true, loading: q.isPending };
};
