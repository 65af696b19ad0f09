import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';
import { practiceKeys } from '../../../api/get-practice-assignments';

/** POST /students/get-practice-assignment-questions: the practice with its questions, answers and last feedback. */
export const getPracticeSheet = (practiceId: number, { signal }: { signal?: AbortSignal } = {}) =>
  callApi('getPracticeAssignmentQuestions', {
    body: { assignment_id: practiceId },
    signal,
    minPosition: minPositionFor(practiceKeys.sheet(practiceId)),
  }).then((s) => ({ ...s, questions: [...s.questions].sort((a, b) => a.question_number - b.question_number) }));

export const practiceSheetQueryOptions = (practiceId: number) =>
  queryOptions({ queryKey: practiceKeys.sheet(practiceId), queryFn: ({ signal }) => getPracticeSheet(practiceId, { signal }) });

export const usePracticeSheet = (practiceId: number) => useQuery({ ...practiceSheetQueryOptions(practiceId), refetchOnWindowFocus: false });
