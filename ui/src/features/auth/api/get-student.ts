import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const getStudent = () => callApi('getStudent');

export const studentQueryKey = ['users', 'student'] as const;
export const studentQueryOptions = () => queryOptions({ queryKey: studentQueryKey, queryFn: getStudent });
export const useStudent = () => useQuery(studentQueryOptions());
