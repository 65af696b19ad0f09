import { useId } from 'react';
import { ClockIcon } from '../icons';
import { formatMark } from '../../lib/format';
import {
  clampInt,
  setTimeLimitMode,
  timeLimitError,
  timeLimitHint,
  TIME_LIMIT_MAX_HOURS,
  TIME_LIMIT_MAX_MINUTES,
  type TimeLimitValue,
} from './time-limit';

type Props = { value: TimeLimitValue; onChange: (value: TimeLimitValue) => void; totalMarks: number; disabled?: boolean };

const MODES = [
  { mode: 'disabled', label: 'Disabled', hint: 'Students take as long as they need until the due date' },
  { mode: 'enabled', label: 'Enabled', hint: 'Each student has a fixed time once they start' },
] as const;

/** The preview's time-limit setting (creation mode): disabled or enabled with hours 0-12 and minutes 0-59. */
export function TimeLimitSetting({ value, onChange, totalMarks, disabled }: Props) {
  const id = useId();
  const error = timeLimitError(value);
  const hint = timeLimitHint(value, totalMarks);
  return (
    <section className="card time-limit" aria-labelledby={`${id}-title`} data-testid="time-limit">
      <div className="time-limit-head">
        <ClockIcon width={18} height={18} />
        <h3 id={`${id}-title`} className="time-limit-title">
          Time Limit
        </h3>
        {value.mode === null && <span className="badge badge-info">Choose one</span>}
      </div>
      <div className="time-limit-modes" role="radiogroup" aria-label="Time limit mode">
        {MODES.map((m) => (
          <label key={m.mode} className="choice-card" data-checked={value.mode === m.mode}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={m.mode}
              checked={value.mode === m.mode}
              disabled={disabled}
              onChange={() => onChange(setTimeLimitMode(value, m.mode))}
            />
            <span className="choice-card-label">{m.label}</span>
            <span className="choice-card-hint">{m.hint}</span>
          </label>
        ))}
      </div>
      {value.mode === 'enabled' && (
        <div className="time-limit-inputs">
          <label className="field">
            <span className="field-label">Hours</span>
            <input
              className="input"
              type="number"
              min={0}
              max={TIME_LIMIT_MAX_HOURS}
              step={1}
              value={value.hours}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ ...value, hours: clampInt(Number(e.target.value), 0, TIME_LIMIT_MAX_HOURS) })}
            />
          </label>
          <label className="field">
            <span className="field-label">Minutes</span>
            <input
              className="input"
              type="number"
              min={0}
              max={TIME_LIMIT_MAX_MINUTES}
              step={1}
              value={value.minutes}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ ...value, minutes: clampInt(Number(e.target.value), 0, TIME_LIMIT_MAX_MINUTES) })}
            />
          </label>
          <p className="field-hint time-limit-band">
            Suggested: {formatMark(totalMarks)} to {formatMark(totalMarks * 4)} minutes for {formatMark(totalMarks)} marks
          </p>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p className="notice time-limit-hint" role="status">
          {hint}
        </p>
      )}
    </section>
  );
}
