import type { Textbook } from '@evergrade/contracts';
import { subjectTone } from '../../../lib/assignment-filters';

const STATUS: Record<Textbook['status'], { label: string; tone: string }> = {
  indexing: { label: 'Indexing', tone: 'info' },
  ready: { label: 'Ready', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

type Props = {
  book: Textbook;
  /** Just uploaded in this tab: highlighted once. */
  fresh?: boolean;
  /** Set for the school's own books only: shared books cannot be removed by a school. */
  onRemove?: () => void;
};

/** One textbook: title, author, subject, status, pages and the questions it suggests. */
export function TextbookCard({ book, fresh = false, onRemove }: Props) {
  const status = STATUS[book.status];
  return (
    <article className={`textbook-card${fresh ? ' is-fresh' : ''}`} data-testid={`textbook-${book.textbook_id}`} aria-label={book.title}>
      <div className="textbook-card-head">
        <div className="textbook-card-title">
          <h4 className="textbook-title">{book.title}</h4>
          <p className="text-muted small">{book.author}</p>
        </div>
        <span className={`badge badge-${status.tone}`} data-testid="textbook-status">
          {book.status === 'indexing' && <span className="spinner spinner-inline" aria-hidden="true" />}
          {status.label}
        </span>
      </div>
      <div className="chip-row">
        <span className={`chip subject-${subjectTone(book.subject)}`}>{book.subject}</span>
        {book.page_count > 0 && (
          <span className="chip" data-testid="textbook-pages">
            {book.page_count} {book.page_count === 1 ? 'page' : 'pages'}
          </span>
        )}
      </div>
      {book.status === 'failed' && <p className="small textbook-failed">Indexing did not finish. Remove it and upload the PDF again.</p>}
      {book.example_queries.length > 0 && (
        <div className="textbook-queries-block">
          <span className="field-label">Try asking</span>
          <ul className="textbook-queries" data-testid="textbook-queries">
            {book.example_queries.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ul>
        </div>
      )}
      {onRemove && (
        <div className="textbook-card-actions">
          <button type="button" className="button button-ghost button-sm textbook-remove" onClick={onRemove}>
            Remove
          </button>
        </div>
      )}
    </article>
  );
}
