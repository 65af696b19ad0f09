import { memo, useId } from 'react';
import { isRichTextEmpty, MESSAGES, type AssignmentQuestion } from '@evergrade/contracts';
import { GradeBadge } from '../../../components/grade-badge';
import { CheckIcon } from '../../../components/icons';
import { marksLabel } from '../../../lib/format';
import { RichTextEditor, RichTextView } from '../../editor';
import type { SaveStatus } from '../utils/autosave-scheduler';
import './answering.css';

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: '', saving: 'Saving...', saved: 'Saved', error: MESSAGES.saveFailed, queued: 'Saved on this device', refused: MESSAGES.saveFailed,
};

type Props = {
  question: AssignmentQuestion;
  text: string;
  status: SaveStatus;
  /** The server refused this text for good: its message (the text stays here and on the device). */
  refusal?: string | undefined;
  locked: boolean;
  onChange: (questionId: number, text: string) => void;
};

export const QuestionBlock = memo(function QuestionBlock({ question: q, text, status, refusal, locked, onChange }: Props) {
  const headingId = useId();
  const readOnly = locked || q.graded;
  return (
    <article className="question-card" aria-labelledby={headingId} data-testid={`question-${q.question_id}`}>
      <header className="question-head">
        <h3 id={headingId} className="question-number">Question {q.question_number}</h3>
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
            <strong>Not saved:</strong> {refusal} {MESSAGES.refusedKept}
          </p>
        ) : (
          <span className={`save-status save-${status}`} data-testid={`save-status-${q.question_id}`} role="status" aria-live="polite">
            {status === 'saved' && <CheckIcon width={14} height={14} />}
            {STATUS_TEXT[status]}
          </span>
        )}
      </div>
      {!isRichTextEmpty(q.feedback) && (
        <div className="feedback" data-testid={`feedback-${q.question_id}`}>
          <p className="feedback-title">Feedback</p>
          <RichTextView value={q.feedback} className="feedback-body" />
        </div>
      )}
    </article>
  );
});
