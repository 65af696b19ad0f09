import { useState } from 'react';
import { CHAT_MESSAGES, type Textbook } from '@evergrade/contracts';
import { ConfirmDialog } from '../../../components/dialog';
import { EmptyState } from '../../../components/empty-state';
import { BookIcon, UploadIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../stores/toast';
import { useManagedTextbooks } from '../api/get-textbooks';
import { useRemoveTextbook } from '../api/remove-textbook';
import { TextbookCard } from './textbook-card';
import { UploadCard } from './upload-card';
import '../textbooks.css';

/**
 * The school's textbook library (school admins and instructors): the shared books and the school's own,
 * with their indexing status, and uploading and removing the school's own.
 */
export function TextbooksRoute() {
  const list = useManagedTextbooks();
  const [uploading, setUploading] = useState(false);
  const [fresh, setFresh] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Textbook | null>(null);
  const remove = useRemoveTextbook();

  const books = list.data ?? [];
  const own = books.filter((b) => !b.shared);
  const shared = books.filter((b) => b.shared);
  const subjects = [...new Set(books.map((b) => b.subject))].sort((a, b) => a.localeCompare(b));

  const confirmRemove = () => {
    if (!removing) return;
    const book = removing;
    remove.mutate(book.textbook_id, {
      onSuccess: () => {
        toast.success(`Removed ${book.title}`);
        setRemoving(null);
      },
      onError: (err) => {
        toast.error(err instanceof ApiError ? err.message : 'The textbook could not be removed. Please try again.');
        setRemoving(null);
      },
    });
  };

  return (
    <div className="page page-medium textbooks-page">
      <div className="page-head">
        <div>
          <h2 className="page-title">Textbooks</h2>
          <p className="text-muted">The books the study assistant and AURA answer from. Every answer cites the book and page.</p>
        </div>
        {!uploading && (
          <button type="button" className="button button-primary" onClick={() => setUploading(true)}>
            <UploadIcon width={16} height={16} aria-hidden="true" /> Upload textbook
          </button>
        )}
      </div>

      {uploading && <UploadCard subjects={subjects} onClose={() => setUploading(false)} onUploaded={setFresh} />}

      {list.status === 'pending' ? (
        <Spinner label="Loading textbooks" />
      ) : list.status === 'error' ? (
        <div className="card error-card" role="alert">
          <p>{CHAT_MESSAGES.textbooksFailed}</p>
          <div>
            <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
              Try again
            </button>
          </div>
        </div>
      ) : (
        <>
          <section className="textbook-section" aria-labelledby="own-textbooks-heading" data-testid="own-textbooks">
            <h3 className="textbook-section-title" id="own-textbooks-heading">
              Your school's textbooks <span className="count-pill">{own.length}</span>
            </h3>
            {own.length === 0 ? (
              <EmptyState title="No textbooks of your own yet" icon={<BookIcon width={28} height={28} />}>
                <p>Upload a PDF and the assistant will answer your students from it, citing its pages.</p>
                {!uploading && (
                  <button type="button" className="button button-secondary" onClick={() => setUploading(true)}>
                    Upload textbook
                  </button>
                )}
              </EmptyState>
            ) : (
              <div className="textbook-grid">
                {own.map((b) => (
                  <TextbookCard key={b.textbook_id} book={b} fresh={b.textbook_id === fresh} onRemove={() => setRemoving(b)} />
                ))}
              </div>
            )}
          </section>
          <section className="textbook-section" aria-labelledby="shared-textbooks-heading" data-testid="shared-textbooks">
            <h3 className="textbook-section-title" id="shared-textbooks-heading">
              Shared library <span className="count-pill">{shared.length}</span>
            </h3>
            <p className="text-muted small">Books every school on Evergrade can use. They cannot be removed.</p>
            {shared.length === 0 ? (
              <EmptyState title="No shared textbooks" icon={<BookIcon width={28} height={28} />} />
            ) : (
              <div className="textbook-grid">
                {shared.map((b) => (
                  <TextbookCard key={b.textbook_id} book={b} />
                ))}
              </div>
            )}
          </section>
        </>
      )}

      {removing && (
        <ConfirmDialog
          title="Remove textbook?"
          message={`Remove ${removing.title}? Students and AURA will stop getting answers from it. Saved answers that cited it keep their text.`}
          confirmLabel="Remove"
          cancelLabel="Cancel"
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
