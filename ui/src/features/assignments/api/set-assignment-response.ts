import { callApi } from '../../../lib/api-client';

export type SaveAnswerInput = {
  assignmentId: number;
  questionId: number;
  questionNumber: number;
  content: string | null;
};

/** One AnswerSaved command; the id makes a retried request apply once. */
export const setAssignmentResponse = ({ assignmentId, questionId, questionNumber, content }: SaveAnswerInput) =>
  callApi('setAssignmentResponse', {
    body: {
      assignment_id: assignmentId,
      question_id: questionId,
      question_number: questionNumber,
      response_content: content,
      command_id: crypto.randomUUID(),
    },
  });
