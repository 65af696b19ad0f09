import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api-client';
import { minPositionFor } from '../lib/positions';

/**
 * GET /school/pdf-headers: the school's PDF header formats, default and logo. Read by the instructor's exports
 * (assignment preview, graded submissions) and the admin's settings, so it lives here with one key.
 */
export const pdfHeaderKeys = { all: ['pdf-headers'] as const };

export const getPdfHeaders = () => callApi('getPdfHeaders', { minPosition: minPositionFor(pdfHeaderKeys.all) });
export const pdfHeadersQueryOptions = () => queryOptions({ queryKey: pdfHeaderKeys.all, queryFn: getPdfHeaders, staleTime: 60_000 });
export const usePdfHeaders = () => useQuery(pdfHeadersQueryOptions());
