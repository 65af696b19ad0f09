import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstructorAssignment } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';
import { instructorAssignmentKeys } from './keys';

/** POST /grader/delete-assignment (the call carries the instructor's e-mail, spec document 2 section 6). */
export const deleteAssignment = (assignmentId: number) =>
  callApi('deleteAssignment', { body: { assignment_id: assignmentId, email: useSessionStore.getState().instructor.email || undefined } });

/** On success the row leaves the cached list at once; the refetch then waits for the delete's position. */
export const useDeleteAssignment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAssignment,
    onSuccess: (reply, assignmentId) => {
      client.setQueryData<InstructorAssignment[]>(instructorAssignmentKeys.list(), (list) =>
        list?.filter((a) => a.assignment_id !== assignmentId),
      );
      client.removeQueries({ queryKey: instructorAssignmentKeys.sheet(assignmentId) });
      return invalidateAt(client, instructorAssignmentKeys.list(), reply.position);
    },
  });
};
