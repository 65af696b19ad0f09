import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { adminKeys } from './keys';

export const getAdminUsers = () => callApi('listUsers', { minPosition: minPositionFor(adminKeys.users) });
export const adminUsersQueryOptions = () => queryOptions({ queryKey: adminKeys.users, queryFn: getAdminUsers });
export const useAdminUsers = () => useQuery(adminUsersQueryOptions());
