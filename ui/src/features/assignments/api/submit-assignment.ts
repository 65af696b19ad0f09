import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAt } from '../../../lib/positions';
import { callApi } from '../../../lib/api-client';
import { assignmentsQueryKey } from './get-assignments';
import { questionsQueryKey } from './get-assignment-questions';

export type SubmitInput = { assignmentId: number; responses: Record<string, string | null> };

export const submitAssignment = ({ assignmentId, responses }: SubmitInput) =>
  callApi('submitAssignment', { body: { assignment_id: assignmentId, responses, command_id: crypto.randomUUID() } });

export const useSubmitAssignment = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitAssignment,
    onSuccess: (reply, { assignmentId }) =>
      Promise.all([
        invalidateAt(client, assignmentsQueryKey, reply.position),
        invalidateAt(client, questionsQueryKey(assignmentId), reply.position),
      ]),
  });
};
