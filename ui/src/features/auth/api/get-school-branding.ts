import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const TENANT = /^[a-z0-9-]{1,63}$/;

/** A school's name and logo for its branded login and signup pages. */
export const getSchoolBranding = (tenant: string) => callApi('schoolBranding', { params: { tenant }, tenant });

export const schoolBrandingQueryOptions = (tenant: string | null) =>
  queryOptions({
    queryKey: ['school-branding', tenant],
    queryFn: () => getSchoolBranding(tenant!),
    enabled: tenant !== null && TENANT.test(tenant),
    retry: false,
    staleTime: 5 * 60_000,
  });

/** Unknown schools (404) and bad links simply leave `data` undefined: the plain page shows. */
export const useSchoolBranding = (tenant: string | null) => useQuery(schoolBrandingQueryOptions(tenant));
