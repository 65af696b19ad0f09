import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** GET /chatbot/list-textbooks; on failure the list is empty (spec document 3 section 7). */
export const textbooksQueryOptions = () =>
  queryOptions({ queryKey: ['textbooks'] as const, queryFn: () => callApi('listTextbooks').catch(() => []), staleTime: 5 * 60_000 });

export const useTextbooks = () => useQuery(textbooksQueryOptions());
