import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { auditKeys } from '../../../api/audit-keys';

/** GET /admin/audit/filters: assignments and students with grading history. */
export const getAuditFilters = () => callApi('auditFilters', { minPosition: minPositionFor(auditKeys.filters) });
export const auditFiltersQueryOptions = () => queryOptions({ queryKey: auditKeys.filters, queryFn: getAuditFilters });
export const useAuditFilters = () => useQuery(auditFiltersQueryOptions());
