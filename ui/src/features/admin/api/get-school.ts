import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { adminKeys } from './keys';

export const getAdminSchool = () => callApi('getSchool', { minPosition: minPositionFor(adminKeys.school) });
export const adminSchoolQueryOptions = () => queryOptions({ queryKey: adminKeys.school, queryFn: getAdminSchool });
export const useAdminSchool = () => useQuery(adminSchoolQueryOptions());
