import { useEffect, useId, useRef, useState } from 'react';
import type { Textbook } from '@evergrade/contracts';

export const textbookLabel = (t: Pick<Textbook, 'subject' | 'title'>) => `${t.subject} — ${t.title}`;

/**
 * Pure: the selection after toggling `id`. At least one book stays selected: when none is left, the first book
 * is selected again (spec document 2 section 5).
 */
export function toggleTextbook(selected: number[], id: number, books: Pick<Textbook, 'textbook_id'>[]): number[] {
  const next = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
  if (next.length > 0) return next;
  const first = books[0]?.textbook_id;
  return first === undefined ? [] : [first];
}

type Props = {
  books: Textbook[];
  selected: number[];
  onChange: (ids: number[]) => void;
  /** A saved chat asks the books it was started with. */
  locked?: boolean;
};

/** The subject textbook checklist, in a popover: "subject — title" per book. */
export function TextbookChecklist({ books, selected, onChange, locked = false }: Props) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const chosen = books.filter((b) => selected.includes(b.textbook_id));
  const summary = chosen.length === 0 ? 'Choose textbooks' : chosen.length === 1 ? textbookLabel(chosen[0]!) : `${chosen.length} textbooks`;

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="aura-books" ref={ref} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="aura-books-trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="textbook-picker"
        title={chosen.map(textbookLabel).join('\n')}
      >
        <BookGlyph />
        <span className="aura-books-summary">{summary}</span>
        <span aria-hidden="true" className="aura-caret">
          ▾
        </span>
      </button>
      {open && (
        <div id={panelId} className="aura-books-panel" role="group" aria-label="Textbooks this chat asks">
          <p className="aura-books-hint">
            {locked ? 'This saved chat asks the textbooks it started with.' : 'Answers come from the textbooks you tick.'}
          </p>
          {books.length === 0 && <p className="aura-books-hint">No textbooks yet.</p>}
          <ul>
            {books.map((b) => {
              const ready = b.status === 'ready';
              return (
                <li key={b.textbook_id}>
                  <label className={`aura-book${ready ? '' : ' is-waiting'}`}>
                    <input
                      type="checkbox"
                      checked={selected.includes(b.textbook_id)}
                      disabled={locked}
                      onChange={() => onChange(toggleTextbook(selected, b.textbook_id, books))}
                      data-testid={`textbook-${b.textbook_id}`}
                    />
                    <span>
                      {textbookLabel(b)}
                      {!ready && <em> ({b.status === 'failed' ? 'could not be read' : 'indexing'})</em>}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

function BookGlyph() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5v14z" />
      <path d="M20 17v4H6.5A2.5 2.5 0 0 1 4 19.5" />
    </svg>
  );
}
