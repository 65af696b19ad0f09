import { useId, useState } from 'react';
import { LIBRARY_MESSAGES } from '@evergrade/contracts';
import { ApiError } from '../../lib/api-client';
import { useAddRubric } from './api';

const TEMPLATE = 'Novice: \nApprentice: \nCompetent: \nProficient: ';

/** 'Add a rubric' under the picker's list (POST /grader/add-rubric). */
export function AddRubricForm({ categories, onAdded }: { categories: readonly string[]; onAdded?: (id: number) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [f, setF] = useState({ rubric_name: '', criterion: '', description: TEMPLATE });
  const [error, setError] = useState<string | null>(null);
  const add = useAddRubric();
  if (!open) {
    return (
      <button type="button" className="link-button rubric-add-toggle" onClick={() => setOpen(true)}>
        + Add a rubric
      </button>
    );
  }
  const ready = f.rubric_name.trim().length >= 2 && f.criterion.trim().length >= 2;
  const submit = () => {
    setError(null);
    add.mutate(f, {
      onSuccess: (reply) => {
        setF({ rubric_name: f.rubric_name, criterion: '', description: TEMPLATE });
        setOpen(false);
        onAdded?.(reply.id);
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : 'Failed to add the rubric. Please try again.'),
    });
  };
  return (
    <div className="rubric-add" data-testid="add-rubric">
      <p className="strong">Add a rubric</p>
      <div className="field-row">
        <label className="field">
          <span className="field-label">Category</span>
          <input
            className="input"
            list={`${id}-categories`}
            value={f.rubric_name}
            maxLength={80}
            placeholder="e.g. Problem Solving"
            onChange={(e) => setF({ ...f, rubric_name: e.target.value })}
          />
          <datalist id={`${id}-categories`}>
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span className="field-label">Criterion</span>
          <input
            className="input"
            value={f.criterion}
            maxLength={120}
            placeholder="e.g. Method"
            onChange={(e) => setF({ ...f, criterion: e.target.value })}
          />
        </label>
      </div>
      <label className="field">
        <span className="field-label">Description</span>
        <textarea
          className="input rubric-add-description"
          rows={4}
          value={f.description}
          maxLength={4000}
          onChange={(e) => setF({ ...f, description: e.target.value })}
        />
        <span className="field-hint">{LIBRARY_MESSAGES.rubricLevels}.</span>
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="chip-row">
        <button type="button" className="button button-secondary button-sm" onClick={() => setOpen(false)}>
          Close
        </button>
        <button type="button" className="button button-primary button-sm" disabled={!ready || add.isPending} onClick={submit}>
          {add.isPending ? 'Adding...' : 'Add Rubric'}
        </button>
      </div>
    </div>
  );
}
