import { memo, useId, type ReactNode } from 'react';
import { isRichTextEmpty, MESSAGES, type AssignmentQuestion } from '@evergrade/contracts';
import { GradeBadge } from '../../../components/grade-badge';
import { ChatIcon, CheckIcon } from '../../../components/icons';
import { marksLabel } from '../../../lib/format';
import { RichTextEditor, RichTextView } from '../../../components/editor';
import type { SaveStatus } from '../utils/autosave-scheduler';
import type { ReplacedAnswer } from '../utils/replaced-answers';
import './answering.css';

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '',
  saving: 'Saving...',
  saved: 'Saved',
  error: MESSAGES.saveFailed,
  queued: 'Saved on this device',
  refused: MESSAGES.saveFailed,
};

type Props = {
  question: AssignmentQuestion;
  text: string;
  status: SaveStatus;
  /** The server refused this text for good: its message (the text stays here and on the device). */
  refusal?: string | undefined;
  locked: boolean;
  onChange: (questionId: number, text: string) => void;
  /** The answer a PDF upload replaced here (or the PDF's, once the student restored theirs). */
  replaced?: ReplacedAnswer | undefined;
  onRestore?: (question: AssignmentQuestion) => void;
  onHideReplaced?: (question: AssignmentQuestion) => void;
  /** Graded questions: open the study assistant about this question's feedback. */
  onAskAboutFeedback?: ((question: AssignmentQuestion) => void) | undefined;
  /** Shown at the card's end (graded questions: the regrade request). */
  footer?: ReactNode;
};

export const QuestionBlock = memo(function QuestionBlock({
  question: q,
  text,
  status,
  refusal,
  locked,
  onChange,
  replaced,
  onRestore,
  onHideReplaced,
  onAskAboutFeedback,
  footer,
}: Props) {
  const headingId = useId();
  const readOnly = locked || q.graded;
  return (
    <article
      className="question-card"
      id={`question-${q.question_id}`}
      aria-labelledby={headingId}
      data-testid={`question-${q.question_id}`}
    >
      <header className="question-head">
        <h3 id={headingId} className="question-number">
          Question {q.question_number}
        </h3>
        <span className="question-marks">
          {q.graded && q.grade != null ? (
            <GradeBadge obtained={q.grade} possible={q.marks_possible} testId={`question-grade-${q.question_id}`} />
          ) : (
            <span className="chip">{marksLabel(q.marks_possible)}</span>
          )}
        </span>
      </header>
      <RichTextView className="question-content" value={q.question_content} />
      {/* the answer is serialised editor JSON (plain text saved before the editor loads as paragraphs); null when empty */}
      <RichTextEditor
        value={text || null}
        onChange={(value) => onChange(q.question_id, value ?? '')}
        ariaLabel={`Answer to question ${q.question_number}`}
        placeholder={readOnly ? 'No answer given' : 'Type your answer here...'}
        readOnly={readOnly}
        minHeight={readOnly ? 48 : 110}
      />
      <div className="question-foot" hidden={readOnly && !refusal}>
        {refusal ? (
          <p className="save-refused" data-testid={`save-refused-${q.question_id}`} role="alert">
            <strong>Not saved:</strong> {refusal}
            {/[.!?]$/.test(refusal) ? '' : '.'} {readOnly ? MESSAGES.refusedKeptLocked : MESSAGES.refusedKept}
          </p>
        ) : (
          <span className={`save-status save-${status}`} data-testid={`save-status-${q.question_id}`} role="status" aria-live="polite">
            {status === 'saved' && <CheckIcon width={14} height={14} />}
            {STATUS_TEXT[status]}
          </span>
        )}
      </div>
      {replaced && (
        <section className="replaced-answer" data-testid={`replaced-${q.question_id}`} aria-label="Replaced answer">
          <p className="replaced-title">
            {replaced.by === 'pdf' ? 'Your typed answer, replaced by the PDF upload' : "The PDF's answer, replaced when you restored yours"}
          </p>
          <RichTextView className="replaced-text" value={replaced.text} />
          <p className="text-muted small">It is also kept in this assignment's history.</p>
          <div className="replaced-actions">
            {!readOnly && (
              <button type="button" className="button button-secondary" onClick={() => onRestore?.(q)}>
                Use this answer instead
              </button>
            )}
            <button type="button" className="button button-ghost" onClick={() => onHideReplaced?.(q)}>
              Hide
            </button>
          </div>
        </section>
      )}
      {!isRichTextEmpty(q.feedback) && (
        <div className="feedback" data-testid={`feedback-${q.question_id}`}>
          <p className="feedback-title">Feedback</p>
          <RichTextView value={q.feedback} className="feedback-body" />
        </div>
      )}
      {q.graded && onAskAboutFeedback && (
        <button
          type="button"
          className="button button-ghost button-sm ask-feedback-link"
          onClick={() => onAskAboutFeedback(q)}
          data-testid={`ask-feedback-${q.question_id}`}
        >
          <ChatIcon width={14} height={14} /> Ask about my feedback
        </button>
      )}
      {footer}
    </article>
  );
});
