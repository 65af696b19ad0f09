import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { auditKeys, type AuditFilters } from '../../../api/audit-keys';

/** POST /admin/audit/search: grade events, newest first, one page. */
export const searchAudit = (filters: AuditFilters, signal?: AbortSignal) =>
  callApi('auditSearch', { body: filters, signal, minPosition: minPositionFor(auditKeys.search(filters)) });
export const auditSearchQueryOptions = (filters: AuditFilters) =>
  queryOptions({
    queryKey: auditKeys.search(filters),
    queryFn: ({ signal }) => searchAudit(filters, signal),
    placeholderData: keepPreviousData,
  });
export const useAuditSearch = (filters: AuditFilters) => useQuery(auditSearchQueryOptions(filters));
