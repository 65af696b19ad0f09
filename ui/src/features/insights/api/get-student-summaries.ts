import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHT_CONSTANTS, StudentAssignmentSummariesSchema } from '@evergrade/contracts';
import type { z } from 'zod';
import { callApi, ContractError } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { assignmentInsightKeys } from './keys';

export type StudentSummaries = z.infer<typeof StudentAssignmentSummariesSchema>;

/** POST /grader/get-student-assignment-summary without a student: every graded student's grade, rubric scores and summary. */
export async function getStudentSummaries(assignmentId: number, { signal }: { signal?: AbortSignal } = {}): Promise<StudentSummaries> {
  const reply = await callApi('getStudentAssignmentSummary', {
    body: { assignment_id: assignmentId },
    signal,
    minPosition: minPositionFor(assignmentInsightKeys.students(assignmentId)),
  });
  if (!('students' in reply)) throw new ContractError('Expected every student of the assignment');
  return reply;
}

export const studentSummariesQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: assignmentInsightKeys.students(assignmentId),
    queryFn: ({ signal }) => getStudentSummaries(assignmentId, { signal }),
    // A summary being written shows up without a notice too (the socket may be away).
    refetchInterval: (query) =>
      query.state.data?.students.some((s) => s.summary_status === 'generating') ? INSIGHT_CONSTANTS.classSummaryPollMs : false,
  });

export const useStudentSummaries = (assignmentId: number) => useQuery(studentSummariesQueryOptions(assignmentId));
