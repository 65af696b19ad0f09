import { useId, type CSSProperties, type ReactNode } from 'react';
import './wizard.css';

export type Choice<V extends string> = {
  value: V;
  label: string;
  hint?: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
  badge?: ReactNode;
};

type Props<V extends string> = {
  label: string;
  value: V | null;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  columns?: number;
  compact?: boolean;
  error?: string | null;
  testId?: string;
};

/** A labelled radio group drawn as cards (Yes/No, go-live, creation method, processing mode...). */
export function ChoiceGroup<V extends string>({
  label,
  value,
  choices,
  onChange,
  columns = choices.length,
  compact,
  error,
  testId,
}: Props<V>) {
  const id = useId();
  return (
    <fieldset className="fieldset" data-testid={testId}>
      <legend className="field-label">{label}</legend>
      <div
        className={`wz-options${compact ? ' wz-options-compact' : ''}`}
        role="radiogroup"
        aria-label={label}
        style={{ '--wz-columns': columns } as CSSProperties}
      >
        {choices.map((c) => (
          <label key={c.value} className="wz-option" data-checked={value === c.value} data-disabled={c.disabled || undefined}>
            <input
              type="radio"
              name={id}
              value={c.value}
              checked={value === c.value}
              disabled={c.disabled}
              onChange={() => onChange(c.value)}
            />
            {c.icon && (
              <span className="wz-option-icon" aria-hidden="true">
                {c.icon}
              </span>
            )}
            <span className="wz-option-text">
              <span className="wz-option-label">
                {c.label}
                {c.badge}
              </span>
              {c.hint && <span className="wz-option-hint">{c.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
