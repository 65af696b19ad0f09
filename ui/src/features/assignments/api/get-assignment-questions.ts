import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROJECTIONS } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';

export const questionsBaseKey = [PROJECTIONS.assignmentQuestions] as const;
export const questionsQueryKey = (assignmentId: number) => [PROJECTIONS.assignmentQuestions, assignmentId] as const;

export const getAssignmentQuestions = (assignmentId: number, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getAssignmentQuestions', {
    body: { assignment_id: assignmentId },
    signal,
    minPosition: minPositionFor(questionsQueryKey(assignmentId)),
  }).then((r) => [...r.questions].sort((a, b) => a.question_number - b.question_number));

export const assignmentQuestionsQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: questionsQueryKey(assignmentId),
    queryFn: ({ signal }) => getAssignmentQuestions(assignmentId, { signal }),
  });

export const useAssignmentQuestions = (assignmentId: number, enabled = true) =>
  useQuery({ ...assignmentQuestionsQueryOptions(assignmentId), enabled });
