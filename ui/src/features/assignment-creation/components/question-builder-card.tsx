import { useId, useState, type ReactNode } from 'react';
import { XIcon } from '../../../components/icons';
import { MarksInput } from '../../../components/assignment-preview/marks-input';
import { RichEditor } from '../../../components/assignment-preview/rich';
import { QuestionRubricPicker } from './question-rubric-picker';
import type { DraftQuestion } from '../stores/draft-store';

type Props = {
  id: string;
  number: number;
  question: DraftQuestion;
  onChange: (patch: Partial<DraftQuestion>) => void;
  onDelete: () => void;
};

function Collapsible({
  label,
  open,
  onToggle,
  children,
  count,
}: {
  label: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
  count?: number;
}) {
  const id = useId();
  return (
    <div className="wz-collapsible" data-open={open}>
      <button type="button" className="wz-collapsible-toggle" aria-expanded={open} aria-controls={id} onClick={onToggle}>
        <span className="wz-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>{' '}
        {label}
        {count ? <span className="count">{count}</span> : null}
      </button>
      {open && (
        <div id={id} className="wz-collapsible-body">
          {children}
        </div>
      )}
    </div>
  );
}

/** One From Scratch question: rich-text question, marks, delete, and the three collapsible sections. */
export function QuestionBuilderCard({ id, number, question: q, onChange, onDelete }: Props) {
  const [picking, setPicking] = useState(false);
  return (
    <article
      id={id}
      tabIndex={-1}
      className="card wz-question"
      data-testid={`builder-question-${number}`}
      aria-label={`Question ${number}`}
    >
      <header className="wz-question-head">
        <h3 className="wz-question-title">Question {number}</h3>
        <label className="marks-field">
          <span className="field-label">Marks</span>
          <MarksInput
            value={q.marks_possible}
            label={`Marks for question ${number}`}
            onChange={(marks_possible) => onChange({ marks_possible })}
          />
        </label>
        <button type="button" className="icon-button icon-button-danger" aria-label={`Delete question ${number}`} onClick={onDelete}>
          <XIcon width={18} height={18} />
        </button>
      </header>
      <RichEditor
        value={q.question}
        onChange={(question) => onChange({ question })}
        ariaLabel={`Question ${number}`}
        placeholder="Type your question here..."
        minHeight={110}
      />
      <Collapsible label="Correct Answer" open={q.show_answer} onToggle={() => onChange({ show_answer: !q.show_answer })}>
        <RichEditor
          value={q.answer}
          onChange={(answer) => onChange({ answer })}
          ariaLabel={`Correct answer for question ${number}`}
          placeholder="The answer students should give..."
          minHeight={80}
        />
      </Collapsible>
      <Collapsible
        label="Grading Instructions for AI"
        open={q.show_instructions}
        onToggle={() => onChange({ show_instructions: !q.show_instructions })}
      >
        <RichEditor
          value={q.grading_instructions}
          onChange={(grading_instructions) => onChange({ grading_instructions })}
          ariaLabel={`Grading instructions for question ${number}`}
          placeholder="How the AI should award marks..."
          minHeight={80}
        />
      </Collapsible>
      <Collapsible label="Rubrics" open={q.show_rubrics} count={q.tags.length} onToggle={() => onChange({ show_rubrics: !q.show_rubrics })}>
        <div className="chip-row">
          {q.tags.length === 0 && <span className="text-muted">No rubrics selected.</span>}
          {q.tags.map((t) => (
            <span key={t} className="chip tag-chip">
              {t}
            </span>
          ))}
          <button type="button" className="button button-secondary button-sm" onClick={() => setPicking(true)}>
            {q.tags.length ? 'Change rubrics' : 'Select rubrics'}
          </button>
        </div>
      </Collapsible>
      {picking && (
        <QuestionRubricPicker
          number={number}
          tags={q.tags}
          onClose={() => setPicking(false)}
          onTags={(tags) => {
            onChange({ tags });
            setPicking(false);
          }}
        />
      )}
    </article>
  );
}
