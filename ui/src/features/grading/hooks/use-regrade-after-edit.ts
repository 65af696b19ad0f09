import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../stores/toast';
import { useSubmissions } from '../api/get-submissions';
import { resetAndRegradeAll } from '../api/grading-runs';

/**
 * The edit-with-submissions path (spec document 2 section 4): whether the assignment has submissions,
 * and, after the questions are saved, reset grading for all of them, reload, call `onReset` (the page
 * switches to Submissions) and regrade everything.
 */
export function useRegradeAfterEdit(assignmentId: number) {
  const client = useQueryClient();
  const submissions = useSubmissions(assignmentId);
  return {
    hasSubmissions: (submissions.data?.length ?? 0) > 0,
    regradeAll: async (onReset?: () => void) => {
      try {
        await resetAndRegradeAll(client, assignmentId, onReset);
      } catch (err) {
        console.error('Resetting grading failed', err);
        toast.error(err instanceof ApiError ? err.message : 'Grading could not be reset. Please try again.');
      }
    },
  };
}
