import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /auth/ping on load (spec document 2): whether the server can be reached at all. */
export const usePing = () =>
  useQuery({ queryKey: ['public', 'ping'] as const, queryFn: () => callApi('ping'), retry: 1, retryDelay: 500, staleTime: 30_000 });
