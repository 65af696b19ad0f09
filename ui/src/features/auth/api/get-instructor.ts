import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';

export const instructorQueryKey = ['users', 'instructor'] as const;

export const getInstructor = () => callApi('getInstructor', { minPosition: minPositionFor(instructorQueryKey) });

export const instructorQueryOptions = () => queryOptions({ queryKey: instructorQueryKey, queryFn: getInstructor });
export const useInstructor = () => useQuery(instructorQueryOptions());
