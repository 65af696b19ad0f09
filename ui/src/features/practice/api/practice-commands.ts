import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPracticeBody } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { practiceKeys } from '../../../api/get-practice-assignments';

/** POST /students/set-practice-assignment-response (autosave). */
export const savePracticeResponse = (practiceId: number, questionId: number, questionNumber: number, content: string | null) =>
  callApi('setPracticeAssignmentResponse', {
    body: {
      assignment_id: practiceId,
      question_id: questionId,
      question_number: questionNumber,
      response_content: content,
      command_id: crypto.randomUUID(),
    },
  });

export const addPracticeAssignment = (body: AddPracticeBody) => callApi('addPracticeAssignment', { body });
export const resetPracticeAssignment = (practiceId: number) => callApi('resetPracticeAssignment', { body: { assignment_id: practiceId } });
export const checkPracticeAnswers = (practiceId: number) => callApi('checkPracticeAnswers', { body: { assignment_id: practiceId } });
export const submitPracticeAssignment = (practiceId: number) =>
  callApi('submitPracticeAssignment', { body: { assignment_id: practiceId } });

/** Every practice command refreshes the list and the sheet at the position it returns. */
function usePracticeMutation<I, R extends { position: string | null }>(
  fn: (input: I) => Promise<R>,
  practiceIdOf: (input: I) => number | null,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (reply, input) => {
      const id = practiceIdOf(input);
      return Promise.all([
        invalidateAt(client, practiceKeys.list(), reply.position),
        ...(id === null ? [] : [invalidateAt(client, practiceKeys.sheet(id), reply.position)]),
      ]).then(() => undefined);
    },
  });
}

export const useAddPractice = () => usePracticeMutation(addPracticeAssignment, () => null);
export const useResetPractice = () => usePracticeMutation(resetPracticeAssignment, (id) => id);
export const useCheckPractice = () => usePracticeMutation(checkPracticeAnswers, (id) => id);
export const useSubmitPractice = () => usePracticeMutation(submitPracticeAssignment, (id) => id);
