import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';
import { minPositionFor } from '../lib/positions';
import { auditKeys } from './audit-keys';

/** POST /admin/audit/response-history: the admin's view of a response's chain, with whose response it is. */
export const getResponseChain = (responseId: number, signal?: AbortSignal) =>
  callApi('auditResponseHistory', { body: { response_id: responseId }, signal, minPosition: minPositionFor(auditKeys.chain(responseId)) });
export const responseChainQueryOptions = (responseId: number) =>
  queryOptions({ queryKey: auditKeys.chain(responseId), queryFn: ({ signal }) => getResponseChain(responseId, signal) });

/** POST /grader/response-history: the same chain for an instructor who teaches the course. */
export const getInstructorChain = (responseId: number, signal?: AbortSignal) =>
  callApi('responseHistory', { body: { response_id: responseId }, signal });
export const instructorChainQueryOptions = (responseId: number) =>
  queryOptions({
    queryKey: auditKeys.instructorChain(responseId),
    queryFn: ({ signal }) => getInstructorChain(responseId, signal),
    staleTime: 0,
  });

export const useResponseChain = (responseId: number) => useQuery(responseChainQueryOptions(responseId));
export const useInstructorChain = (responseId: number) => useQuery(instructorChainQueryOptions(responseId));
