import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@evergrade/contracts';
import { ChatComposer, ChatTranscript, loadGuestPassage, speakGuestText, useAssistantChat } from '../../../components/chat';
import { Spinner } from '../../../components/spinner';
import { guestAsk, guestRemainingQuery, useGuestRemaining, useGuestTextbooks } from '../api/guest';

/** "10:00 on Friday" in the reader's own time. */
export function renewalTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const sameDay = at.toDateString() === now.toDateString();
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (sameDay) return `${time} today`;
  if (at.toDateString() === tomorrow.toDateString()) return `${time} tomorrow`;
  return `${time} on ${at.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}`;
}

/**
 * The landing page's guest chat (spec document 2): a shared textbook, its example questions, the chat with
 * citations and speech, and the chats left today (5 until the server says otherwise).
 */
export function GuestChat({ unreachable }: { unreachable: boolean }) {
  const client = useQueryClient();
  const books = useGuestTextbooks();
  const remaining = useGuestRemaining();
  const [chosen, setChosen] = useState<number | null>(null);
  const [live, setLive] = useState<number | null>(null);
  const pickerId = useId();
  const list = useMemo(() => books.data ?? [], [books.data]);
  const book = list.find((b) => b.textbook_id === chosen) ?? list.find((b) => b.textbook_id === CHAT_LIMITS.defaultTextbookId) ?? list[0];
  const bookRef = useRef(book?.textbook_id ?? CHAT_LIMITS.defaultTextbookId);
  bookRef.current = book?.textbook_id ?? CHAT_LIMITS.defaultTextbookId;

  const onRemaining = useCallback((n: number) => setLive(n), []);
  const ask = useMemo(() => guestAsk(() => bookRef.current, onRemaining), [onRemaining]);
  const chat = useAssistantChat((query, handlers) =>
    ask(query, {
      ...handlers,
      onEnd: () => {
        handlers.onEnd();
        void client.invalidateQueries({ queryKey: guestRemainingQuery().queryKey });
      },
    }),
  );

  const left = live ?? remaining.data?.remainingChats ?? CHAT_LIMITS.guestDailyChats;
  const limit = remaining.data?.limit ?? CHAT_LIMITS.guestDailyChats;
  const usedUp = left <= 0;
  const renews = remaining.data ? renewalTime(remaining.data.renewsAt) : null;

  const send = (text: string) => {
    if (usedUp || !book) return false;
    return chat.send(text);
  };

  return (
    <section className="card landing-chat" aria-labelledby="guest-chat-title" data-testid="guest-chat">
      <div className="landing-chat-head">
        <div>
          <h2 id="guest-chat-title" className="landing-chat-title">
            Ask a textbook
          </h2>
          <p className="text-muted landing-chat-sub">Answers come from the book itself, with the page to check.</p>
        </div>
        <span className={`badge ${usedUp ? 'badge-danger' : 'badge-info'}`} data-testid="guest-remaining" aria-live="polite">
          {left} of {limit} free chats left today
        </span>
      </div>

      {books.isPending ? (
        <Spinner label="Loading textbooks" />
      ) : books.isError ? (
        <p className="flow-status flow-status-error" role="alert">
          {CHAT_MESSAGES.textbooksFailed}
        </p>
      ) : list.length === 0 ? (
        <p className="text-muted">The sample textbooks are still being prepared. Please try again in a minute.</p>
      ) : (
        <>
          <div className="landing-chat-book">
            <label htmlFor={pickerId} className="landing-chat-label">
              Textbook
            </label>
            <select
              id={pickerId}
              className="input"
              value={book?.textbook_id ?? ''}
              onChange={(e) => setChosen(Number(e.target.value))}
              disabled={chat.pending}
              data-testid="guest-textbook-select"
            >
              {list.map((b) => (
                <option key={b.textbook_id} value={b.textbook_id}>
                  {b.title} · {b.subject}
                </option>
              ))}
            </select>
          </div>
          {book && book.example_queries.length > 0 && (
            <div className="landing-examples" aria-label="Example questions">
              {book.example_queries.map((q) => (
                <button
                  key={q}
                  type="button"
                  className="chip landing-example"
                  onClick={() => send(q)}
                  disabled={chat.pending || usedUp || unreachable}
                  data-testid="guest-example"
                >
                  {q}
                </button>
              ))}
            </div>
          )}
        </>
      )}

      <ChatTranscript
        className="landing-transcript"
        messages={chat.messages}
        loadPassage={loadGuestPassage}
        speak={speakGuestText}
        empty={<p className="text-muted landing-chat-empty">{book ? `Ask anything about ${book.title}.` : 'Pick a textbook to start.'}</p>}
      />
      {usedUp && (
        <p className="flow-status flow-status-error" role="alert" data-testid="guest-limit">
          {renews ? CHAT_MESSAGES.guestLimitReached(renews) : "You have used today's free chats."} <Link to="/login">Sign in</Link> to keep
          asking.
        </p>
      )}
      <ChatComposer
        onSend={send}
        pending={chat.pending}
        disabled={usedUp || !book || unreachable}
        placeholder={usedUp ? 'No free chats left today' : 'Type your question...'}
        label={book ? `Your question about ${book.title}` : 'Your question'}
      />
    </section>
  );
}
