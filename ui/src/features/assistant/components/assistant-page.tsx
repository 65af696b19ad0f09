import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChatIcon } from '../../../components/icons';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useTextbookList } from '../../../api/list-textbooks';
import { defaultTextbook, readyBooks } from '../api/textbook-choice';
import { AssistantChat } from './assistant-chat';
import { TextbookSelect } from './textbook-select';
import '../assistant.css';

/** Study assistant chat (spec document 1): textbook picker, example queries, chat box, send, mic and speaker. */
export function AssistantPage() {
  const textbooks = useTextbookList();
  // The chosen book stays in the address (?book=), so going back to the assistant keeps it.
  const [search, setSearch] = useSearchParams();
  const chosen = Number(search.get('book')) || null;
  const setChosen = (id: number) => setSearch({ book: String(id) }, { replace: true });
  const [pending, setPending] = useState(false);

  if (textbooks.isPending) return <Spinner label="Loading textbooks" />;
  const books = textbooks.data ?? [];
  const ready = readyBooks(books);
  const book = ready.find((b) => b.textbook_id === chosen) ?? defaultTextbook(books);
  if (!book) {
    const indexing = books.filter((b) => b.status === 'indexing');
    return (
      <div className="page assistant-page-empty">
        <EmptyState title="No textbooks are ready yet" icon={<ChatIcon width={28} height={28} />}>
          {indexing.length > 0
            ? `${indexing.map((b) => b.title).join(', ')} ${indexing.length === 1 ? 'is' : 'are'} still being indexed. Check back in a moment.`
            : 'The study assistant answers from your school’s textbooks. Ask your instructor to add one.'}
          <div>
            <button type="button" className="button button-secondary button-sm" onClick={() => void textbooks.refetch()}>
              Check again
            </button>
          </div>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="assistant-page">
      <AssistantChat
        textbook={book}
        onPendingChange={setPending}
        header={(chat) => (
          <div className="assistant-head">
            <TextbookSelect books={ready} value={book.textbook_id} onChange={setChosen} disabled={pending} />
            {book.example_queries.length > 0 && (
              <div className="assistant-examples" aria-label="Example questions">
                {book.example_queries.map((q) => (
                  <button
                    key={q}
                    type="button"
                    className="assistant-example"
                    onClick={() => chat.send(q)}
                    disabled={chat.pending}
                    data-testid="example-query"
                  >
                    {q}
                  </button>
                ))}
              </div>
            )}
          </div>
        )}
        empty={
          <div className="assistant-empty">
            <ChatIcon width={28} height={28} aria-hidden="true" />
            <p className="assistant-empty-title">Ask anything about {book.title}</p>
            <p className="text-muted small">
              Answers come from the book and cite its pages: open a citation to read the passage. Use the mic to dictate and the speaker to
              hear an answer.
            </p>
          </div>
        }
      />
    </div>
  );
}
