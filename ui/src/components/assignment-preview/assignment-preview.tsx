import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../dialog';
import { RubricPicker, rubricsForTags, tagsAfterPick, useRubrics } from '../rubric-picker';
import { CalendarIcon, EditIcon } from '../icons';
import { formatDateTime, formatMark } from '../../lib/format';
import { QuestionCard } from './question-card';
import { QuestionNav } from './question-nav';
import { TimeLimitSetting } from './time-limit-setting';
import type { TimeLimitValue } from './time-limit';
import './assignment-preview.css';

/** The fields the preview shows and edits; anything else on Q (question_id, uid...) is carried through onChange. */
export type PreviewQuestion = {
  question: string | null;
  answer: string | null;
  grading_instructions: string | null;
  marks_possible: number;
  tags: string[];
  /** Non-empty text: unresolved, shown with 'Mark as Resolved'. */
  flagged_for_review?: string | null;
};

/**
 * The assignment preview and editor (spec document 2 section 2), shared by the creation wizard's Preview
 * step and the instructor assignment page's Questions tab.
 *
 * - `questions`, `onChange(questions)`: controlled; every edit hands back the whole list (same item type).
 * - `editing`: edit mode (editors, marks inputs, tag picker) or view mode (rich-text views).
 * - `creation`: creation mode: delete is offered (only with more than one question; it asks
 *   'Are you sure you want to delete Question {n}?') and `timeLimit` is shown.
 * - `canEdit` (default true): instructors; false hides every edit, delete and resolve control.
 * - `onResolveFlag(index, question)`: 'Mark as Resolved'; without it the flag text is cleared through onChange.
 * - `onEdit` / `onCancel` / `onSave` (+ `saving`, `saveDisabled`): when given, the header shows
 *   'Edit Assignment' in view mode and 'Cancel' / 'Save Changes' in edit mode.
 * - `downloadMenu`: a slot in the header for the Download menu.
 * - `dueDate` (ISO instant) and the total marks are shown in the header; `title`, `actions` are optional extras.
 * - `keyOf(q, i)`: a stable React key (defaults to the index).
 */
export type AssignmentPreviewProps<Q extends PreviewQuestion> = {
  questions: readonly Q[];
  onChange?: (questions: Q[]) => void;
  editing: boolean;
  creation?: boolean;
  canEdit?: boolean;
  onResolveFlag?: (index: number, question: Q) => void;
  onEdit?: () => void;
  onCancel?: () => void;
  onSave?: () => void;
  saving?: boolean;
  saveDisabled?: boolean;
  downloadMenu?: ReactNode;
  dueDate?: string | null;
  title?: string;
  actions?: ReactNode;
  timeLimit?: { value: TimeLimitValue; onChange: (value: TimeLimitValue) => void; disabled?: boolean };
  keyOf?: (q: Q, index: number) => string | number;
};

export const totalMarks = (questions: readonly { marks_possible: number }[]) =>
  questions.reduce((sum, q) => sum + (Number.isFinite(q.marks_possible) ? q.marks_possible : 0), 0);

export const questionAnchor = (index: number) => `preview-question-${index + 1}`;

export function AssignmentPreview<Q extends PreviewQuestion>(props: AssignmentPreviewProps<Q>) {
  const { questions, onChange, editing, creation = false, canEdit = true, keyOf = (_, i) => i } = props;
  const [deleting, setDeleting] = useState<number | null>(null);
  const [picking, setPicking] = useState<number | null>(null);
  const total = totalMarks(questions);
  const editable = canEdit && editing && !!onChange;

  const update = (index: number, patch: Partial<PreviewQuestion>) =>
    onChange?.(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const resolve = (index: number) => {
    const q = questions[index]!;
    if (props.onResolveFlag) props.onResolveFlag(index, q);
    else update(index, { flagged_for_review: '' });
  };
  const remove = (index: number) => {
    onChange?.(questions.filter((_, i) => i !== index));
    setDeleting(null);
  };

  return (
    <div className="assignment-preview" data-testid="assignment-preview">
      <header className="card preview-head">
        <div className="preview-head-main">
          {props.title && <h2 className="preview-title">{props.title}</h2>}
          <div className="chip-row">
            {props.dueDate && (
              <span className="chip" data-testid="preview-due">
                <CalendarIcon width={14} height={14} /> Due {formatDateTime(props.dueDate)}
              </span>
            )}
            <span className="chip" data-testid="preview-total">
              Total marks: {formatMark(total)}
            </span>
            <span className="chip">
              {questions.length} {questions.length === 1 ? 'question' : 'questions'}
            </span>
          </div>
        </div>
        <div className="preview-head-actions">
          {props.actions}
          {props.downloadMenu}
          {canEdit && !editing && props.onEdit && (
            <button type="button" className="button button-secondary" onClick={props.onEdit}>
              <EditIcon width={16} height={16} /> Edit Assignment
            </button>
          )}
          {canEdit && editing && props.onCancel && (
            <button type="button" className="button button-secondary" onClick={props.onCancel} disabled={props.saving}>
              Cancel
            </button>
          )}
          {canEdit && editing && props.onSave && (
            <button type="button" className="button button-primary" onClick={props.onSave} disabled={props.saving || props.saveDisabled}>
              {props.saving ? 'Saving...' : 'Save Changes'}
            </button>
          )}
        </div>
      </header>

      {creation && props.timeLimit && (
        <TimeLimitSetting
          value={props.timeLimit.value}
          onChange={props.timeLimit.onChange}
          totalMarks={total}
          disabled={props.timeLimit.disabled}
        />
      )}

      <div className="preview-body">
        <QuestionNav count={questions.length} flagged={questions.map((q) => !!q.flagged_for_review?.trim())} anchor={questionAnchor} />
        <div className="preview-questions">
          {questions.map((q, i) => (
            <QuestionCard
              key={keyOf(q, i)}
              id={questionAnchor(i)}
              number={i + 1}
              question={q}
              editable={editable}
              canResolve={canEdit && (!!props.onResolveFlag || !!onChange)}
              canDelete={editable && creation && questions.length > 1}
              onChange={(patch) => update(i, patch)}
              onResolve={() => resolve(i)}
              onDelete={() => setDeleting(i)}
              tagActions={
                editable ? (
                  <button type="button" className="button button-secondary button-sm" onClick={() => setPicking(i)}>
                    {q.tags.length ? 'Change rubrics' : 'Select rubrics'}
                  </button>
                ) : undefined
              }
            />
          ))}
        </div>
      </div>

      {picking !== null && questions[picking] && (
        <PreviewRubricPicker
          number={picking + 1}
          tags={questions[picking]!.tags}
          onClose={() => setPicking(null)}
          onTags={(tags) => {
            update(picking, { tags });
            setPicking(null);
          }}
        />
      )}
      {deleting !== null && (
        <ConfirmDialog
          title="Delete question"
          message={`Are you sure you want to delete Question ${deleting + 1}?`}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

/** 'Select Rubrics for Question N' for a question's tags ('rubric name - criterion'). */
function PreviewRubricPicker({
  number,
  tags,
  onTags,
  onClose,
}: {
  number: number;
  tags: string[];
  onTags: (tags: string[]) => void;
  onClose: () => void;
}) {
  const all = useRubrics().data ?? [];
  return (
    <RubricPicker
      title={`Select Rubrics for Question ${number}`}
      selected={rubricsForTags(tags, all).map((r) => r.id)}
      onCancel={onClose}
      onSelect={(picked) => onTags(tagsAfterPick(tags, picked, all))}
    />
  );
}
