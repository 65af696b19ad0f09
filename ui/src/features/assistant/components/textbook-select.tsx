import { useId } from 'react';
import type { Textbook } from '@evergrade/contracts';

/** The textbook the assistant answers from (ready books only). */
export function TextbookSelect({
  books,
  value,
  onChange,
  disabled,
}: {
  books: Textbook[];
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="assistant-book-field">
      <label htmlFor={id} className="assistant-book-label">
        Textbook
      </label>
      <select
        id={id}
        className="input assistant-book-select"
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
        disabled={disabled}
        title={disabled ? 'Wait for the reply to finish to change the textbook' : undefined}
        data-testid="textbook-select"
      >
        {books.map((b) => (
          <option key={b.textbook_id} value={b.textbook_id}>
            {b.title} · {b.subject}
          </option>
        ))}
      </select>
    </div>
  );
}
