import { useId } from 'react';
import { Spinner } from '../../../components/spinner';
import { useTextbooks } from '../api/list-textbooks';
import { useDraftStore } from '../stores/draft-store';

/** AI Express 'Textbooks': a subject, then the textbooks of that subject to ground the questions. */
export function TextbookPicker() {
  const id = useId();
  const books = useTextbooks();
  const { subject, textbooks } = useDraftStore((s) => s.ai);
  const setAi = useDraftStore((s) => s.setAi);
  if (books.isPending) return <Spinner label="Loading textbooks" />;
  const list = books.data ?? [];
  if (list.length === 0) return <p className="text-muted">No textbooks available.</p>;
  const subjects = [...new Set(list.map((b) => b.subject))].sort();
  const shown = list.filter((b) => !subject || b.subject === subject);
  const chosen = (tid: number) => textbooks.some((t) => t.id === tid);
  return (
    <div className="form-stack">
      <div className="field">
        <label className="field-label" htmlFor={id}>
          Subject
        </label>
        <select
          id={id}
          className="input"
          value={subject}
          onChange={(e) =>
            setAi({
              subject: e.target.value,
              textbooks: textbooks.filter((t) => !e.target.value || list.find((b) => b.textbook_id === t.id)?.subject === e.target.value),
            })
          }
        >
          <option value="">All subjects</option>
          {subjects.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <ul className="wz-checklist" aria-label="Textbooks">
        {shown.map((b) => (
          <li key={b.textbook_id}>
            <label className="check">
              <input
                type="checkbox"
                checked={chosen(b.textbook_id)}
                onChange={() =>
                  setAi({
                    textbooks: chosen(b.textbook_id)
                      ? textbooks.filter((t) => t.id !== b.textbook_id)
                      : [...textbooks, { id: b.textbook_id, title: b.title, author: b.author || 'Unknown' }],
                  })
                }
              />
              <span>
                <span className="strong">{b.title}</span>{' '}
                <span className="text-muted">
                  — {b.author || 'Unknown'} · {b.subject}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
