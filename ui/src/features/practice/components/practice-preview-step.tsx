import { PRACTICE_MESSAGES } from '@evergrade/contracts';
import { XIcon } from '../../../components/icons';
import { MarksInput } from '../../../components/assignment-preview/marks-input';
import { RichEditor } from '../../../components/assignment-preview/rich';
import type { DraftQuestion } from '../utils/rules';

type Props = {
  title: string;
  questions: DraftQuestion[];
  onUpdate: (key: string, patch: Partial<DraftQuestion>) => void;
  onDelete: (key: string) => void;
  /** No question has text: nothing to create. */
  empty: boolean;
  creating: boolean;
  onBack: () => void;
  onCreate: () => void;
};

/** Step 3: each question's text, marks and answer can be changed or the question deleted; then Create. */
export function PracticePreviewStep({ title, questions, onUpdate, onDelete, empty, creating, onBack, onCreate }: Props) {
  return (
    <div className="wz-step">
      <h3 className="practice-preview-title">{title}</h3>
      {questions.map((q, i) => (
        <article key={q.key} className="card wz-question" data-testid="practice-draft-question" aria-label={`Question ${i + 1}`}>
          <header className="wz-question-head">
            <h4 className="wz-question-title">Question {i + 1}</h4>
            <label className="marks-field">
              <span className="field-label">Marks</span>
              <MarksInput
                value={q.marks_possible}
                label={`Marks for question ${i + 1}`}
                onChange={(marks_possible) => onUpdate(q.key, { marks_possible })}
              />
            </label>
            <button
              type="button"
              className="icon-button icon-button-danger"
              aria-label={`Delete question ${i + 1}`}
              onClick={() => onDelete(q.key)}
            >
              <XIcon width={18} height={18} />
            </button>
          </header>
          <RichEditor
            value={q.question || null}
            onChange={(v) => onUpdate(q.key, { question: v ?? '' })}
            ariaLabel={`Question ${i + 1}`}
            placeholder="Question text"
            minHeight={80}
          />
          <label className="field">
            <span className="field-label">Answer</span>
            <textarea
              className="input wz-textarea"
              rows={2}
              value={q.answer}
              aria-label={`Answer for question ${i + 1}`}
              onChange={(e) => onUpdate(q.key, { answer: e.target.value })}
            />
          </label>
        </article>
      ))}
      {empty && <p className="notice">{PRACTICE_MESSAGES.noQuestions}</p>}
      <div className="wz-footer">
        <button type="button" className="button button-secondary" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button button-primary" disabled={empty || creating} onClick={onCreate}>
          Create Practice Assignment
        </button>
      </div>
    </div>
  );
}
