import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { adminKeys } from './keys';

export const getProblemReports = () => callApi('listProblemReports', { minPosition: minPositionFor(adminKeys.problemReports) });
export const problemReportsQueryOptions = () => queryOptions({ queryKey: adminKeys.problemReports, queryFn: getProblemReports });
export const useProblemReports = () => useQuery(problemReportsQueryOptions());
