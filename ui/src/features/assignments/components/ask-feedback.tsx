import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { CHAT_MESSAGES, type AssignmentQuestion } from '@evergrade/contracts';
import { AlertDialog, Modal } from '../../../components/dialog';
import { ChatIcon } from '../../../components/icons';
import { formatMark } from '../../../lib/format';
import { feedbackQuestion, isolatedChatHref } from '../../../lib/isolated-chat';

/** Opens the study assistant (IsolatedChat) about a graded question and its feedback. */
export function useAskAboutFeedback(assignmentId: number, subject: string) {
  const navigate = useNavigate();
  return useCallback(
    (q: AssignmentQuestion) => void navigate(isolatedChatHref(feedbackQuestion(assignmentId, q, subject))),
    [navigate, assignmentId, subject],
  );
}

/**
 * "Ask about my feedback" for the whole assignment: the graded question to ask about (straight to it when there is
 * one), or the spec's 'No graded questions found'.
 */
export function AskFeedbackButton({
  assignmentId,
  subject,
  questions,
}: {
  assignmentId: number;
  subject: string;
  questions: AssignmentQuestion[];
}) {
  const ask = useAskAboutFeedback(assignmentId, subject);
  const [open, setOpen] = useState<'none' | 'choose' | null>(null);
  const graded = questions.filter((q) => q.graded);
  const onClick = () => {
    if (graded.length === 0) setOpen('none');
    else if (graded.length === 1) ask(graded[0]!);
    else setOpen('choose');
  };
  return (
    <>
      <button type="button" className="button button-secondary ask-feedback-button" onClick={onClick} data-testid="ask-feedback">
        <ChatIcon width={16} height={16} /> Ask about my feedback
      </button>
      {open === 'none' && (
        <AlertDialog title="Ask about my feedback" message={CHAT_MESSAGES.noGradedQuestions} onClose={() => setOpen(null)} />
      )}
      {open === 'choose' && (
        <Modal
          title="Which question?"
          role="dialog"
          onEscape={() => setOpen(null)}
          actions={
            <button type="button" className="button button-secondary" data-autofocus onClick={() => setOpen(null)}>
              Cancel
            </button>
          }
        >
          <ul className="ask-feedback-list">
            {graded.map((q) => (
              <li key={q.question_id}>
                <button type="button" className="button button-ghost ask-feedback-choice" onClick={() => ask(q)}>
                  <span>Question {q.question_number}</span>
                  <span className="text-muted">
                    {q.grade == null ? '–' : formatMark(q.grade)} / {formatMark(q.marks_possible)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </>
  );
}
