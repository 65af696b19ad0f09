import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECTIONS } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';

/** Keys are named after the projection that feeds them, so live notices map onto them directly. */
export const assignmentsQueryKey = [PROJECTIONS.studentAssignments] as const;

export const getAssignments = ({ signal }: { signal?: AbortSignal } = {}) =>
  callApi('getStudentAssignments', { signal, minPosition: minPositionFor(assignmentsQueryKey) });

export const assignmentsQueryOptions = () => queryOptions({ queryKey: assignmentsQueryKey, queryFn: getAssignments });

export const useAssignments = () => useQuery(assignmentsQueryOptions());
