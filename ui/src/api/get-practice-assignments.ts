import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRACTICE_PROJECTION, type PracticeListItem } from '@evergrade/contracts';
import { callApi } from '../lib/api-client';
import { minPositionFor } from '../lib/positions';

export const practiceKeys = {
  all: [PRACTICE_PROJECTION] as const,
  list: () => [PRACTICE_PROJECTION, 'list'] as const,
  sheet: (practiceId: number) => [PRACTICE_PROJECTION, 'sheet', practiceId] as const,
};

/** GET /students/get-practice-assignments, newest first. A failure empties the list (spec section 8), after logging. */
export const getPracticeAssignments = ({ signal }: { signal?: AbortSignal } = {}): Promise<PracticeListItem[]> =>
  callApi('getPracticeAssignments', { signal, minPosition: minPositionFor(practiceKeys.list()) })
    .then((list) => Object.values(list).sort((a, b) => b.created_at.localeCompare(a.created_at)))
    .catch((err: unknown) => {
      console.error('Failed to fetch practice assignments', err);
      return [];
    });

export const practiceAssignmentsQueryOptions = () =>
  queryOptions({ queryKey: practiceKeys.list(), queryFn: ({ signal }) => getPracticeAssignments({ signal }) });

/** The Practice tab's data: `practice` is [] while loading and after a failure. */
export function usePracticeAssignments() {
  const query = useQuery(practiceAssignmentsQueryOptions());
  return { practice: query.data ?? [], loading: query.isPending };
}
