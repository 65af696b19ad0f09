import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { instructorAssignmentKeys } from './keys';

/** POST /grader/get-assignment-questions: title, due date, course and the questions in order. */
export const getAssignmentSheet = (assignmentId: number, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getInstructorAssignmentQuestions', {
    body: { assignment_id: assignmentId },
    signal,
    minPosition: minPositionFor(instructorAssignmentKeys.sheet(assignmentId)),
  }).then((sheet) => ({ ...sheet, questions: [...sheet.questions].sort((a, b) => a.question_number - b.question_number) }));

export const assignmentSheetQueryOptions = (assignmentId: number) =>
  queryOptions({
    queryKey: instructorAssignmentKeys.sheet(assignmentId),
    queryFn: ({ signal }) => getAssignmentSheet(assignmentId, { signal }),
    enabled: Number.isInteger(assignmentId) && assignmentId > 0,
  });

export const useAssignmentSheet = (assignmentId: number) => useQuery(assignmentSheetQueryOptions(assignmentId));
