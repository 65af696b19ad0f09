import './assignment-preview.css';
import { useEffect, useState } from 'react';

export const MARKS_STEP = 0.25;

/** Nearest quarter at or above 0 (the marks input's min 0, step 0.25). */
export const normaliseMarks = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n / MARKS_STEP) * MARKS_STEP) : 0);

type Props = { value: number; onChange: (value: number) => void; label: string; id?: string; className?: string };

/** A number input that keeps what is typed and settles on a valid mark on blur. */
export function MarksInput({ value, onChange, label, id, className = 'input marks-input' }: Props) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((t) => (Number(t) === value && t.trim() !== '' ? t : String(value)));
  }, [value]);
  return (
    <input
      id={id}
      className={className}
      type="number"
      inputMode="decimal"
      min={0}
      step={MARKS_STEP}
      aria-label={label}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const n = e.target.value.trim() === '' ? NaN : Number(e.target.value);
        if (Number.isFinite(n) && n >= 0 && Number.isInteger(n / MARKS_STEP)) onChange(n);
      }}
      onBlur={() => {
        const n = normaliseMarks(Number(text));
        setText(String(n));
        if (n !== value) onChange(n);
      }}
    />
  );
}
