import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddAssignmentBody } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';

/** The instructor's assignment list and course reads (their features' key prefixes). */
const AFFECTED_KEYS = [['instructor-assignments'], ['instructor-courses']] as const;

/** POST /grader/add-assignment. */
export const addAssignment = (body: AddAssignmentBody) => callApi('addAssignment', { body });

/** On success the cached assignments are cleared; their refetch waits for the new assignment (read-your-writes). */
export function useAddAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addAssignment,
    onSuccess: (reply) => {
      for (const key of AFFECTED_KEYS) {
        client.removeQueries({ queryKey: key });
        void invalidateAt(client, key, reply.position);
      }
    },
  });
}
