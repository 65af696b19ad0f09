import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';

export const studentQueryKey = ['users', 'student'] as const;

export const getStudent = () => callApi('getStudent', { minPosition: minPositionFor(studentQueryKey) });

export const studentQueryOptions = () => queryOptions({ queryKey: studentQueryKey, queryFn: getStudent });
export const useStudent = () => useQuery(studentQueryOptions());
