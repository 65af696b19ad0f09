import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateQuestionBody } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { invalidateAt, maxPosition } from '../../../lib/positions';
import { instructorAssignmentKeys } from './keys';

/** POST /grader/update-question */
export const updateQuestion = (body: UpdateQuestionBody) => callApi('updateQuestion', { body });

/**
 * Save Changes: one update-question call per changed question, in order (the first failure stops the
 * rest and is reported); then the sheet and the list (marks totals) refetch at the last position.
 */
export async function saveQuestions(bodies: readonly UpdateQuestionBody[]): Promise<string | null> {
  let position: string | null = null;
  for (const body of bodies) position = maxPosition(position, (await updateQuestion(body)).position);
  return position;
}

export const useSaveQuestions = (assignmentId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveQuestions,
    onSettled: (position) =>
      Promise.all([
        invalidateAt(client, instructorAssignmentKeys.sheet(assignmentId), position),
        invalidateAt(client, instructorAssignmentKeys.list(), position),
      ]),
  });
};

/** Mark as Resolved: the flag text is cleared ('' resolves, spec document 2 section 4). */
export const useResolveFlag = (assignmentId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateQuestionBody) => updateQuestion({ ...body, flagged_for_review: '' }),
    onSuccess: (reply) => invalidateAt(client, instructorAssignmentKeys.sheet(assignmentId), reply.position),
  });
};
