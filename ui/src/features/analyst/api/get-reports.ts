import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { analystKeys } from './keys';

export const getReports = () => callApi('analystReports');
export const reportsQueryOptions = () => queryOptions({ queryKey: analystKeys.reports, queryFn: getReports, staleTime: 5 * 60_000 });
export const useReports = () => useQuery(reportsQueryOptions());
