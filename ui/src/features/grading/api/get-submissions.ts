import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudentGrading } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { gradingKeys } from './keys';

/** POST /grader/previous-questions-and-responses: every student's record, questions in order, by name. */
export async function getSubmissions(assignmentId: number, { signal }: { signal?: AbortSignal } = {}): Promise<StudentGrading[]> {
  const reply = await callApi('previousQuestionsAndResponses', {
    body: { assignment_id: assignmentId },
    signal,
    minPosition: minPositionFor(gradingKeys.submissions(assignmentId)),
  });
  return Object.values(reply)
    .map((s) => ({ ...s, questions: [...s.questions].sort((a, b) => a.question_number - b.question_number) }))
    .sort((a, b) => a.student_data.student_name.localeCompare(b.student_data.student_name) || a.student_id - b.student_id);
}

export const submissionsQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: gradingKeys.submissions(assignmentId),
    queryFn: ({ signal }) => getSubmissions(assignmentId, { signal }),
  });

export const useSubmissions = (assignmentId: number) => useQuery(submissionsQueryOptions(assignmentId));
