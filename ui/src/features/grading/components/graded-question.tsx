import { useId, useState } from 'react';
import type { GradedQuestion as Question } from '@evergrade/contracts';
import { CheckIcon, FlagIcon, SparkIcon } from '../../../components/icons';
import { GradeHistory } from '../../../components/grade-history/grade-history';
import { RichTextEditor, RichTextView } from '../../../components/editor';
import { useResponseEdit } from '../hooks/use-response-edit';
import { formatMarks, isUnresolvedFlag, MARKS_STEP, type GradedState } from '../utils/grading-state';
import { AnswerCrop } from './answer-crop';

type Props = {
  assignmentId: number;
  studentId: number;
  question: Question;
  graded: GradedState;
  onRegrade: () => void;
  /** Read from an uploaded PDF: the student's page is shown beside the read text. */
  fromFile?: boolean;
};

/** Who set the current mark: an instructor by hand, the offline checker, or the named AI model. */
const graderLabel = (by: string) =>
  by === 'instructor' ? 'set by an instructor' : by === 'offline' ? 'by the offline grader' : `by ${by}`;

const STATE_LABEL = { true: 'Graded', false: 'Not graded', inProgress: 'Grading…' } as const;

/** One question of a student's graded submission: response, marks (0..possible, step 0.25), feedback, flag, regrade. */
export function GradedQuestion({ assignmentId, studentId, question: q, graded, onRegrade, fromFile = false }: Props) {
  const edit = useResponseEdit({ assignmentId, studentId, question: q });
  const id = useId();
  const busy = graded === 'inProgress';
  const noResponse = q.response_id <= 0;
  const flagged = isUnresolvedFlag(q);
  const [historyOpen, setHistoryOpen] = useState(false);

  return (
    <article
      className="card gr-question"
      aria-labelledby={`${id}-title`}
      data-testid={`graded-question-${q.question_number}`}
      data-graded={String(graded)}
    >
      <header className="gr-question-head">
        <h3 id={`${id}-title`} className="gr-question-title">
          Question {q.question_number}
        </h3>
        <span className={`badge gr-state gr-state-${String(graded)}`} data-testid="graded-state">
          {graded === 'inProgress' && <span className="gr-dot" aria-hidden="true" />}
          {graded === true && <CheckIcon width={12} height={12} aria-hidden="true" />}
          {STATE_LABEL[String(graded) as keyof typeof STATE_LABEL]}
        </span>
        {q.graded_by && graded === true && <span className="gr-by text-muted">{graderLabel(q.graded_by)}</span>}
        <div className="gr-marks">
          <label htmlFor={`${id}-marks`} className="visually-hidden">
            Marks for question {q.question_number}
          </label>
          <input
            id={`${id}-marks`}
            className="input gr-marks-input"
            type="number"
            inputMode="decimal"
            min={0}
            max={q.points_possible}
            step={MARKS_STEP}
            value={edit.marks}
            disabled={busy || noResponse}
            aria-invalid={edit.notice?.kind === 'error' || undefined}
            aria-describedby={`${id}-notice`}
            onChange={(e) => edit.setMarks(e.target.value)}
          />
          <span className="gr-marks-possible">/ {formatMarks(q.points_possible)}</span>
        </div>
        <button
          type="button"
          className="button button-secondary button-sm"
          onClick={onRegrade}
          disabled={busy || noResponse}
          aria-label={`Regrade question ${q.question_number}`}
        >
          <SparkIcon width={14} height={14} /> Regrade
        </button>
      </header>

      <details className="gr-question-text">
        <summary>Question and answer key</summary>
        <RichTextView value={q.question} />
        {q.answer && (
          <div className="gr-answer">
            <strong>Answer:</strong> <RichTextView value={q.answer} />
          </div>
        )}
      </details>

      <div className={fromFile && !noResponse ? 'gr-read' : undefined}>
        <section className="gr-response" aria-label={`Response to question ${q.question_number}`}>
          <h4 className="gr-label">{fromFile ? 'Response (as read)' : 'Response'}</h4>
          <RichTextView value={q.response} fallback="No response." />
        </section>
        {fromFile && !noResponse && (
          <AnswerCrop
            assignmentId={assignmentId}
            studentId={studentId}
            questionId={q.question_id}
            questionNumber={q.question_number}
            version={q.version}
          />
        )}
      </div>

      {flagged && (
        <div className="gr-flag" role="note" data-testid="flag">
          <FlagIcon width={16} height={16} aria-hidden="true" />
          <p>
            <strong>Flagged for review:</strong> {q.flagged_for_review}
          </p>
          <button type="button" className="button button-secondary button-sm" disabled={busy} onClick={() => void edit.resolveFlag()}>
            Mark as Resolved
          </button>
        </div>
      )}

      <section className="gr-feedback">
        <h4 className="gr-label" id={`${id}-feedback`}>
          Feedback
        </h4>
        <RichTextEditor
          key={`${q.response_id}:${edit.feedbackEpoch}`}
          value={edit.feedback}
          onChange={edit.setFeedback}
          ariaLabel={`Feedback for question ${q.question_number}`}
          placeholder="Feedback for the student"
          readOnly={busy || noResponse}
          minHeight={70}
        />
      </section>
      <p
        id={`${id}-notice`}
        data-testid="save-notice"
        className={`gr-notice gr-notice-${edit.notice?.kind ?? 'none'}`}
        role={edit.notice?.kind === 'stale' || edit.notice?.kind === 'error' ? 'alert' : 'status'}
      >
        {edit.notice?.text ?? ''}
      </p>
      {!noResponse && (
        <details className="gr-question-text" data-testid="grade-history-toggle" onToggle={(e) => setHistoryOpen(e.currentTarget.open)}>
          <summary>Grade history</summary>
          {historyOpen && <GradeHistory responseId={q.response_id} />}
        </details>
      )}
    </article>
  );
}
