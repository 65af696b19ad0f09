import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { instructorAssignmentKeys } from './keys';

export type RenameInput = { assignmentId: number; title: string };

/** POST /grader/rename-assignment */
export const renameAssignment = ({ assignmentId, title }: RenameInput) =>
  callApi('renameAssignment', { body: { assignment_id: assignmentId, new_title: title } });

export const useRenameAssignment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameAssignment,
    onSuccess: (reply, { assignmentId }) =>
      Promise.all([
        invalidateAt(client, instructorAssignmentKeys.sheet(assignmentId), reply.position),
        invalidateAt(client, instructorAssignmentKeys.list(), reply.position),
      ]),
  });
};
