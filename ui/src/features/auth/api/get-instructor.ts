import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getInstructor = () => callApi('getInstructor');

export const instructorQueryKey = ['users', 'instructor'] as const;
export const instructorQueryOptions = () => queryOptions({ queryKey: instructorQueryKey, queryFn: getInstructor });
export const useInstructor = () => useQuery(instructorQueryOptions());
