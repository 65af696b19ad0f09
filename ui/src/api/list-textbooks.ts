import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Textbook } from '@evergrade/contracts';
import { callApi } from '../lib/api-client';

/** The key the `textbooks` notices invalidate. */
export const textbooksQueryKey = ['textbooks'] as const;

/** GET /chatbot/list-textbooks; on failure the list is empty, after logging (spec document 1 section 8). */
export const listTextbooks = (): Promise<Textbook[]> =>
  callApi('listTextbooks').catch((err: unknown) => {
    console.error('Failed to fetch textbooks', err);
    return [];
  });

export const textbooksQueryOptions = () => queryOptions({ queryKey: textbooksQueryKey, queryFn: listTextbooks, staleTime: 60_000 });

export const useTextbookList = () => useQuery(textbooksQueryOptions());
