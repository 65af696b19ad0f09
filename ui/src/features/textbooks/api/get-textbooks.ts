import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { textbookKeys } from './keys';

/**
 * GET /chatbot/list-textbooks for the management page: unlike the pickers' list, a failure is shown (with a
 * retry) rather than read as an empty library.
 */
export const manageTextbooksQueryOptions = () =>
  queryOptions({
    queryKey: textbookKeys.manage(),
    queryFn: ({ signal }) => callApi('listTextbooks', { signal, minPosition: minPositionFor(textbookKeys.manage()) }),
  });

export const useManagedTextbooks = () => useQuery(manageTextbooksQueryOptions());
