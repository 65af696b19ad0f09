import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeftIcon, ChatIcon } from '../../../components/icons';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useTextbookList } from '../../../api/list-textbooks';
import { parseIsolatedChat } from '../../../lib/isolated-chat';
import { readyBooks, textbookForSubject } from '../api/textbook-choice';
import { AssistantChat } from './assistant-chat';
import { TextbookSelect } from './textbook-select';
import '../assistant.css';

/**
 * IsolatedChat (spec document 1, query `message` and `subject`): a focused chat that sends its message once, answered
 * from the subject's textbook; from a graded question it carries the feedback asked about.
 */
export function IsolatedChatPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const request = useMemo(() => parseIsolatedChat(search), [search]);
  const textbooks = useTextbookList();
  const [chosen, setChosen] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const goBack = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/student/assistant'));

  const back = (
    <button type="button" className="button button-ghost back-button" onClick={goBack}>
      <ArrowLeftIcon width={18} height={18} /> Back
    </button>
  );
  if (textbooks.isPending) return <Spinner label="Loading textbooks" />;
  const books = textbooks.data ?? [];
  const ready = readyBooks(books);
  const book = ready.find((b) => b.textbook_id === chosen) ?? textbookForSubject(books, request.subject);

  if (!book || !request.message.trim())
    return (
      <div className="page assistant-page-empty">
        {back}
        <EmptyState title={book ? 'Nothing to ask' : 'No textbooks are ready yet'} icon={<ChatIcon width={28} height={28} />}>
          {book ? 'This link has no question in it.' : 'The study assistant answers from your school’s textbooks.'}{' '}
          <Link to="/student/assistant">Open the study assistant</Link>
        </EmptyState>
      </div>
    );

  return (
    <div className="assistant-page assistant-page-isolated">
      <AssistantChat
        textbook={book}
        firstMessage={request.message}
        {...(request.context ? { context: request.context } : {})}
        onPendingChange={setPending}
        header={() => (
          <div className="assistant-head assistant-head-isolated">
            <div className="assistant-head-row">
              {back}
              <h2 className="assistant-isolated-title">
                {request.context ? `Your feedback on question ${request.context.questionNumber}` : 'Ask the assistant'}
              </h2>
            </div>
            <TextbookSelect books={ready} value={book.textbook_id} onChange={setChosen} disabled={pending} />
          </div>
        )}
      />
    </div>
  );
}
