import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { adminKeys } from './keys';

export const getAdminCourses = () => callApi('listCourses', { minPosition: minPositionFor(adminKeys.courses) });
export const adminCoursesQueryOptions = () => queryOptions({ queryKey: adminKeys.courses, queryFn: getAdminCourses });
export const useAdminCourses = () => useQuery(adminCoursesQueryOptions());
