import { useEffect, useId, useRef, useState } from 'react';
import { EditIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { decideTitle } from '../utils/title-edit';

type Props = {
  title: string;
  /** Resolves once the new title is saved; rejects with the server's refusal. */
  onRename: (title: string) => Promise<unknown>;
};

/** The page title, renamed in place: Enter saves, Esc cancels, an empty or unchanged title cancels. */
export function InlineTitle({ title, onRename }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(title);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const start = () => {
    setDraft(title);
    setError(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError(null);
  };
  const save = async () => {
    if (saving) return;
    const decision = decideTitle(draft, title);
    if (decision.kind === 'cancel') return cancel();
    if (decision.kind === 'invalid') return setError(decision.message);
    setSaving(true);
    try {
      await onRename(decision.title);
      setEditing(false);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The title could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <div className="ia-title-row">
        <h2 className="page-title ia-title" data-testid="assignment-title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label="Rename assignment" title="Rename" onClick={start}>
          <EditIcon width={18} height={18} />
        </button>
      </div>
    );
  }
  return (
    <div className="ia-title-row">
      <div className="ia-title-field">
        <input
          ref={inputRef}
          className="input ia-title-input"
          aria-label="Assignment title"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={draft}
          disabled={saving}
          maxLength={120}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onBlur={() => decideTitle(draft, title).kind === 'cancel' && !saving && cancel()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              cancel();
            }
          }}
        />
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        {!error && <p className="hint ia-title-hint">Enter to save, Esc to cancel</p>}
      </div>
      {saving && <span className="spinner ia-title-spinner" role="status" aria-label="Renaming" />}
    </div>
  );
}
