import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /public/site: the operator's links and the live figures the public pages show. */
export const publicSiteQuery = () =>
  queryOptions({ queryKey: ['public', 'site'] as const, queryFn: () => callApi('publicSite'), staleTime: 60_000, retry: 1 });

export const usePublicSite = () => useQuery(publicSiteQuery());
