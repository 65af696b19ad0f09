import { callApi } from '../../../lib/api-client';

export type SaveAnswerInput = {
  assignmentId: number;
  questionId: number;
  questionNumber: number;
  content: string | null;
  /** Kept with the queued save, so a resend is the same command (applied once). */
  commandId?: string;
  /** When the student made the edit: the server never lets an older edit overwrite a newer one. */
  clientSavedAt?: string;
};

/** One AnswerSaved command; the id makes a retried request apply once. `keepalive`: sent while the page closes. */
export const setAssignmentResponse = (
  { assignmentId, questionId, questionNumber, content, commandId, clientSavedAt }: SaveAnswerInput,
  keepalive = false,
) =>
  callApi('setAssignmentResponse', {
    keepalive,
    body: {
      assignment_id: assignmentId,
      question_id: questionId,
      question_number: questionNumber,
      response_content: content,
      command_id: commandId ?? crypto.randomUUID(),
      ...(clientSavedAt ? { client_saved_at: clientSavedAt } : {}),
    },
  });
