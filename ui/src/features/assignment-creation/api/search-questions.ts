import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_QUESTIONS_LIMIT } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';

/** POST /document-processor/search-questions with the spec's limit of 36. */
export const searchQuestions = (query: string, signal?: AbortSignal) =>
  callApi('searchQuestions', { body: { query, limit: SEARCH_QUESTIONS_LIMIT }, signal });

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['question-library', 'search', query] as const,
    queryFn: ({ signal }) => searchQuestions(query, signal),
    enabled: query.trim() !== '',
    staleTime: 60_000,
    retry: false,
  });

/** Results for the (debounced) query; an empty query or a failure shows none. */
export const useQuestionSearch = (query: string) => useQuery({ ...searchQueryOptions(query.trim()), placeholderData: keepPreviousData });
