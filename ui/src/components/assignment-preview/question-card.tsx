import { useId } from 'react';
import { FlagIcon, XIcon } from '../icons';
import { marksLabel } from '../../lib/format';
import { MarksInput } from './marks-input';
import { RichEditor, RichView } from './rich';
import type { PreviewQuestion } from './assignment-preview';

export const CONTENT_UNAVAILABLE = 'Content unavailable.';

type Props = {
  id: string;
  number: number;
  question: PreviewQuestion;
  editable: boolean;
  canResolve: boolean;
  canDelete: boolean;
  onChange: (patch: Partial<PreviewQuestion>) => void;
  onResolve: () => void;
  onDelete: () => void;
  /** Extra controls under the tags (the wizard's rubric picker button). */
  tagActions?: React.ReactNode;
};

function Section({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="preview-section">
      <p className="preview-section-label">{label}</p>
      {children}
    </div>
  );
}

/** One question of the preview: content, answer, grading instructions, tags, marks, flag. */
export function QuestionCard({
  id,
  number,
  question: q,
  editable,
  canResolve,
  canDelete,
  onChange,
  onResolve,
  onDelete,
  tagActions,
}: Props) {
  const headingId = useId();
  const flag = q.flagged_for_review?.trim();
  return (
    <article
      id={id}
      tabIndex={-1}
      className="card preview-question"
      aria-labelledby={headingId}
      data-testid={`preview-question-${number}`}
      data-flagged={flag ? true : undefined}
    >
      <header className="preview-question-head">
        <h3 id={headingId} className="preview-question-number">
          Question {number}
        </h3>
        <div className="preview-question-tools">
          {editable ? (
            <label className="marks-field">
              <span className="field-label">Marks</span>
              <MarksInput
                value={q.marks_possible}
                label={`Marks for question ${number}`}
                onChange={(marks_possible) => onChange({ marks_possible })}
              />
            </label>
          ) : (
            <span className="chip">{marksLabel(q.marks_possible)}</span>
          )}
          {canDelete && (
            <button type="button" className="icon-button icon-button-danger" aria-label={`Delete question ${number}`} onClick={onDelete}>
              <XIcon width={18} height={18} />
            </button>
          )}
        </div>
      </header>

      {flag && (
        <div className="flag-notice" role="status" data-testid={`flag-${number}`}>
          <FlagIcon width={16} height={16} />
          <p className="flag-text">
            <strong>Flagged for review:</strong> {flag}
          </p>
          {canResolve && (
            <button type="button" className="button button-secondary button-sm" onClick={onResolve}>
              Mark as Resolved
            </button>
          )}
        </div>
      )}

      <Section label="Question">
        {editable ? (
          <RichEditor
            value={q.question}
            onChange={(question) => onChange({ question })}
            ariaLabel={`Question ${number}`}
            placeholder="Type the question..."
          />
        ) : (
          <RichView value={q.question} fallback={CONTENT_UNAVAILABLE} />
        )}
      </Section>
      <Section label="Answer">
        {editable ? (
          <RichEditor
            value={q.answer}
            onChange={(answer) => onChange({ answer })}
            ariaLabel={`Answer for question ${number}`}
            placeholder="The correct answer..."
            minHeight={72}
          />
        ) : (
          <RichView value={q.answer} fallback={CONTENT_UNAVAILABLE} />
        )}
      </Section>
      <Section label="Grading Instructions">
        {editable ? (
          <RichEditor
            value={q.grading_instructions}
            onChange={(grading_instructions) => onChange({ grading_instructions })}
            ariaLabel={`Grading instructions for question ${number}`}
            placeholder="How the AI should grade this question..."
            minHeight={72}
          />
        ) : (
          <RichView value={q.grading_instructions} fallback={CONTENT_UNAVAILABLE} />
        )}
      </Section>
      {(q.tags.length > 0 || tagActions) && (
        <Section label="Rubrics">
          <div className="chip-row">
            {q.tags.map((t) => (
              <span key={t} className="chip tag-chip">
                {t}
                {editable && (
                  <button
                    type="button"
                    className="tag-remove"
                    aria-label={`Remove ${t}`}
                    onClick={() => onChange({ tags: q.tags.filter((x) => x !== t) })}
                  >
                    <XIcon width={12} height={12} />
                  </button>
                )}
              </span>
            ))}
            {tagActions}
          </div>
        </Section>
      )}
    </article>
  );
}
