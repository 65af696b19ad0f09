import { useState, type ReactNode } from 'react';
import { Modal } from '../dialog';
import { Spinner } from '../spinner';
import {
  allSelected,
  byCategory,
  isCategoryLocked,
  levelSegments,
  RUBRIC_MESSAGES,
  selectedCategory,
  toggleCategory,
  toggleRubric,
  type RubricId,
  type RubricItem,
} from './rules';
import './rubric-picker.css';

export type RubricPickerViewProps = {
  /** 'Select Assessment Rubrics' or 'Select Rubrics for Question N'. */
  title: string;
  rubrics: readonly RubricItem[];
  status: 'loading' | 'error' | 'ready';
  onRetry?: () => void;
  initialSelected: readonly RubricId[];
  onSelect: (picked: RubricItem[]) => void;
  onCancel: () => void;
  /** Rendered under the list (the add-rubric form). */
  footer?: ReactNode;
};

export function LevelText({ text }: { text: string }) {
  return <>{levelSegments(text).map((s, i) => (s.level ? <strong key={i}>{s.text}</strong> : <span key={i}>{s.text}</span>))}</>;
}

/** The rubric modal: one category at a time, Select All / Deselect All per category, Cancel and 'Select (n)'. */
export function RubricPickerView({ title, rubrics, status, onRetry, initialSelected, onSelect, onCancel, footer }: RubricPickerViewProps) {
  const [selected, setSelected] = useState<RubricId[]>(() => [...initialSelected]);
  const groups = byCategory(rubrics);
  const current = selectedCategory(selected, rubrics);
  const isOn = (r: RubricItem) => selected.some((id) => String(id) === String(r.id));
  return (
    <Modal
      title={title}
      role="dialog"
      onEscape={onCancel}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            data-testid="rubric-select"
            disabled={status !== 'ready'}
            onClick={() => onSelect(rubrics.filter(isOn))}
          >
            Select ({selected.length})
          </button>
        </>
      }
    >
      <div className="rubric-picker" data-testid="rubric-picker">
        {status === 'loading' && <Spinner label="Loading rubrics" />}
        {status === 'error' && (
          <div className="rubric-error" role="alert">
            <p>{RUBRIC_MESSAGES.loadFailed}</p>
            {onRetry && (
              <button type="button" className="button button-secondary button-sm" onClick={onRetry}>
                Retry
              </button>
            )}
          </div>
        )}
        {status === 'ready' && groups.length === 0 && <p className="text-muted">No rubrics yet. Add the first one below.</p>}
        {status === 'ready' && groups.length > 1 && (
          <p className="rubric-one-category" role="note">
            {RUBRIC_MESSAGES.oneCategory}
          </p>
        )}
        {status === 'ready' && groups.length > 0 && (
          <div className="rubric-list">
            {groups.map(([category, items]) => {
              const locked = isCategoryLocked(category, selected, rubrics);
              const all = allSelected(category, selected, rubrics);
              return (
                <section key={category} className="rubric-category" data-locked={locked} aria-label={category}>
                  <header className="rubric-category-head">
                    <h3 className="rubric-category-title">{category}</h3>
                    <button
                      type="button"
                      className="link-button"
                      disabled={locked}
                      onClick={() => setSelected((s) => toggleCategory(category, s, rubrics))}
                    >
                      {all ? 'Deselect All' : 'Select All'}
                    </button>
                  </header>
                  {locked && current && (
                    <p className="rubric-lock" role="note">
                      {RUBRIC_MESSAGES.locked(current)}
                    </p>
                  )}
                  <ul className="rubric-items">
                    {items.map((r) => (
                      <li key={String(r.id)}>
                        <label className="rubric-item" data-checked={isOn(r)}>
                          <input
                            type="checkbox"
                            checked={isOn(r)}
                            disabled={locked}
                            onChange={() => setSelected((s) => toggleRubric(s, r, rubrics))}
                          />
                          <span className="rubric-item-text">
                            <span className="rubric-criterion">{r.criterion}</span>
                            {r.description && (
                              <span className="rubric-description">
                                <LevelText text={r.description} />
                              </span>
                            )}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </section>
              );
            })}
          </div>
        )}
        {footer}
      </div>
    </Modal>
  );
}
