import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerGroupsReply, GradeAnswerGroupBody, SplitAnswerGroupBody } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { invalidateAt, minPositionFor } from '../../../lib/positions';
import { gradingKeys } from '../api/keys';

/**
 * Answer groups of one question. The key sits under the assignment's submissions key, so the grading read model's
 * live notices for the assignment (app/live-updates.ts) refetch the groups too, and a group grade refreshes both views.
 */
export const answerGroupsKey = (assignmentId: number, questionId: number | null) =>
  [...gradingKeys.submissions(assignmentId), 'answer-groups', questionId] as const;

/** POST /grader/get-answer-groups */
export async function getAnswerGroups(
  assignmentId: number,
  questionId: number | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AnswerGroupsReply> {
  return callApi('getAnswerGroups', {
    body: { assignment_id: assignmentId, ...(questionId !== null ? { question_id: questionId } : {}) },
    signal,
    minPosition: minPositionFor(answerGroupsKey(assignmentId, questionId)),
  });
}

export const answerGroupsQueryOptions = (assignmentId: number, questionId: number | null) =>
  queryOptions({
    queryKey: answerGroupsKey(assignmentId, questionId),
    queryFn: ({ signal }) => getAnswerGroups(assignmentId, questionId, { signal }),
  });

export const useAnswerGroups = (assignmentId: number, questionId: number | null) =>
  useQuery(answerGroupsQueryOptions(assignmentId, questionId));

/** POST /grader/grade-answer-group: every view of the assignment's grades refetches at the reply's position. */
export function useGradeAnswerGroup(assignmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<GradeAnswerGroupBody, 'assignment_id'>) =>
      callApi('gradeAnswerGroup', { body: { ...body, assignment_id: assignmentId } }),
    onSuccess: (reply) => invalidateAt(client, gradingKeys.submissions(assignmentId), reply.position),
  });
}

/** POST /grader/split-answer-group */
export function useSplitAnswerGroup(assignmentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<SplitAnswerGroupBody, 'assignment_id'>) =>
      callApi('splitAnswerGroup', { body: { ...body, assignment_id: assignmentId } }),
    onSuccess: (reply) => invalidateAt(client, gradingKeys.submissions(assignmentId), reply.position),
  });
}
