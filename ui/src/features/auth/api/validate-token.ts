import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const validateToken = () => callApi('validateToken').then((r) => r.data);

export const validateTokenQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'validate-token'], queryFn: validateToken, retry: false, staleTime: 0, gcTime: 0 });

export const useValidateToken = () => useQuery(validateTokenQueryOptions());
