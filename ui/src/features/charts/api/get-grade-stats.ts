import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECTIONS } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';

/** Under the student-assignments projection's key, so its live notices refresh the charts too. */
export const gradeStatsQueryKey = [PROJECTIONS.studentAssignments, 'grade-stats'] as const;

export const getGradeStats = ({ signal }: { signal?: AbortSignal } = {}) =>
  callApi('getGradeStats', { signal, minPosition: minPositionFor(gradeStatsQueryKey) });

export const gradeStatsQueryOptions = () => queryOptions({ queryKey: gradeStatsQueryKey, queryFn: getGradeStats });

export const useGradeStats = () => useQuery({ ...gradeStatsQueryOptions(), refetchOnMount: 'always' });
