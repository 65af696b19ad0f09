import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_LIMITS, CHAT_MESSAGES, type ConversationChat, type ConversationSummary, type Textbook } from '@evergrade/contracts';
import {
  ChatComposer,
  ChatTranscript,
  loadPassage,
  speakText,
  useAssistantChat,
  type AskFn,
  type ChatComposerHandle,
  type ChatMessage,
} from '../../../components/chat';
import { AlertDialog, ConfirmDialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { askAssistant } from '../../../lib/chat-socket';
import { invalidateAt } from '../../../lib/positions';
import { useSessionStore } from '../../../stores/session';
import {
  auraKeys,
  chatsQueryOptions,
  createConversation,
  deleteConversation,
  generateConversationTitle,
  renameConversation,
  useAuraTextbooks,
  useConversations,
} from '../api/conversations';
import { ConversationList, PanelGlyph } from './conversation-list';
import { TextbookChecklist } from './textbook-checklist';
import { TipsModal, rememberTipsSeen, tipsSeen } from './tips-modal';
import '../aura.css';

/** The chat on screen: id -1 is the unsaved New Chat, created on the server at its first send. */
type Active = { id: number; title: string; textbookIds: number[] | null };
const NEW_CHAT: Active = { id: -1, title: CHAT_MESSAGES.newChatTitle, textbookIds: null };

const wide = () => typeof window === 'undefined' || !window.matchMedia || window.matchMedia('(min-width: 761px)').matches;

/** Pure: a saved chat's questions and answers as transcript messages. */
export function chatMessages(conversationId: number, chats: ConversationChat[]): ChatMessage[] {
  return chats.flatMap((c, i) => [
    { id: `c${conversationId}-${i}-q`, role: 'user' as const, text: c.query },
    { id: `c${conversationId}-${i}-a`, role: 'assistant' as const, text: c.response, sources: c.sources, provider: c.provider },
  ]);
}

/** The books ticked by default: the spec's default textbook when the school sees it, else the first ready one. */
export function defaultSelection(books: Textbook[]): number[] {
  const ready = books.filter((b) => b.status === 'ready');
  const pick = books.find((b) => b.textbook_id === CHAT_LIMITS.defaultTextbookId && b.status === 'ready') ?? ready[0] ?? books[0];
  return pick ? [pick.textbook_id] : [];
}

/** AURA, the instructor's assistant (spec document 2, "Instructor chat page"). */
export function AuraPage() {
  const instructor = useSessionStore((s) => s.instructor);
  const instructorId = instructor.instructorId;
  const client = useQueryClient();
  const conversations = useConversations(instructorId);
  const textbooks = useAuraTextbooks();
  const books = useMemo(() => textbooks.data ?? [], [textbooks.data]);
  const list = conversations.data ?? [];

  const [active, setActive] = useState<Active>(NEW_CHAT);
  const activeRef = useRef(active);
  activeRef.current = active;
  const [selected, setSelected] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ConversationSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [panelOpen, setPanelOpen] = useState(wide);
  const [showTips, setShowTips] = useState(() => !tipsSeen());
  const composer = useRef<ChatComposerHandle>(null);

  const chosenBooks = (ids: number[]) => books.filter((b) => ids.includes(b.textbook_id));
  const askedIds = active.textbookIds ?? selected;

  const ask: AskFn = (query, handlers) => {
    const c = activeRef.current;
    const asked = chosenBooks(c.textbookIds ?? selected);
    return askAssistant(
      'instructor',
      {
        conversationId: c.id,
        conversationTitle: c.title,
        instructorId,
        userType: 'instructor',
        firstName: instructor.firstName,
        title: asked.map((b) => b.title).join(', '),
        subject: asked[0]?.subject ?? '',
        query,
      },
      {
        onChunk: handlers.onChunk,
        onSources: (sources, reply) => handlers.onSources(sources, reply.provider),
        onError: handlers.onError,
        onEnd: handlers.onEnd,
      },
    );
  };
  const chat = useAssistantChat(ask);
  const busy = chat.pending || creating;

  // Failures to load are told once each (spec document 2 section 8).
  useEffect(() => {
    if (conversations.isError) setAlert(CHAT_MESSAGES.conversationsFailed);
  }, [conversations.isError]);
  useEffect(() => {
    if (textbooks.isError) setAlert(CHAT_MESSAGES.textbooksFailed);
  }, [textbooks.isError]);
  useEffect(() => {
    if (selected.length === 0 && books.length > 0) setSelected(defaultSelection(books));
  }, [books, selected.length]);

  // A reply ended: the list's order (most recent activity first) may have changed.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !chat.pending) void client.invalidateQueries({ queryKey: auraKeys.conversations(instructorId) });
    wasPending.current = chat.pending;
  }, [chat.pending, client, instructorId]);

  const listKey = auraKeys.conversations(instructorId);
  const closePanelOnPhone = () => !wide() && setPanelOpen(false);

  /**
   * What this tab showed of each saved chat: an answer just given may not have reached the read model when the
   * instructor comes back to its chat, so the longer of the two is shown.
   */
  const shown = useRef(new Map<number, ChatMessage[]>());
  const leave = () => {
    if (active.id !== -1) shown.current.set(active.id, chat.messages);
  };
  const questions = (messages: ChatMessage[]) => messages.filter((m) => m.role === 'user').length;

  const startNew = () => {
    if (busy) return setAlert(CHAT_MESSAGES.cannotSwitch);
    closePanelOnPhone();
    if (active.id === -1) return composer.current?.focus();
    if (list.length >= CHAT_LIMITS.maxConversations) return setAlert(CHAT_MESSAGES.tooManyConversations);
    leave();
    setActive(NEW_CHAT);
    chat.replaceMessages([]);
    composer.current?.focus();
  };

  const select = (c: ConversationSummary) => {
    if (busy) return setAlert(CHAT_MESSAGES.cannotSwitch);
    closePanelOnPhone();
    if (c.conversation_id === active.id) return;
    client
      .fetchQuery(chatsQueryOptions(instructorId, c.conversation_id))
      .then((chats) => {
        leave();
        const saved = chatMessages(c.conversation_id, chats);
        const seen = shown.current.get(c.conversation_id) ?? [];
        setActive({ id: c.conversation_id, title: c.conversation_title, textbookIds: c.textbookIds });
        chat.replaceMessages(questions(seen) > questions(saved) ? seen : saved);
      })
      .catch(() => setAlert(CHAT_MESSAGES.messagesFailed));
  };

  const canRename = () => {
    if (!busy) return true;
    setAlert(CHAT_MESSAGES.cannotRename);
    return false;
  };

  const rename = (c: ConversationSummary, title: string) => {
    const previous = client.getQueryData<ConversationSummary[]>(listKey);
    const retitle = (t: string) =>
      client.setQueryData<ConversationSummary[]>(listKey, (all) =>
        all?.map((x) => (x.conversation_id === c.conversation_id ? { ...x, conversation_title: t } : x)),
      );
    retitle(title);
    if (activeRef.current.id === c.conversation_id) setActive((a) => ({ ...a, title }));
    renameConversation({ conversationId: c.conversation_id, conversationTitle: title, instructorId, userType: 'instructor' })
      .then((r) => invalidateAt(client, listKey, r.position))
      .catch(() => {
        if (previous) client.setQueryData(listKey, previous);
        if (activeRef.current.id === c.conversation_id) setActive((a) => ({ ...a, title: c.conversation_title }));
        setAlert(CHAT_MESSAGES.renameFailed);
      });
  };

  const askDelete = (c: ConversationSummary) => {
    if (busy) return setAlert(CHAT_MESSAGES.cannotDelete);
    setConfirming(c);
  };

  const remove = (c: ConversationSummary) => {
    setDeleting(true);
    deleteConversation({ conversationId: c.conversation_id, instructorId, userType: 'instructor' })
      .then((r) => {
        client.setQueryData<ConversationSummary[]>(listKey, (all) => all?.filter((x) => x.conversation_id !== c.conversation_id));
        if (activeRef.current.id === c.conversation_id) {
          setActive(NEW_CHAT);
          chat.replaceMessages([]);
        }
        return invalidateAt(client, listKey, r.position);
      })
      .catch(() => setAlert(CHAT_MESSAGES.deleteFailed))
      .finally(() => {
        setDeleting(false);
        setConfirming(null);
      });
  };

  /** After the first question: the generated title replaces 'New Chat' (recorded on the conversation). */
  const nameAfter = useCallback(
    (conversationId: number, query: string) => {
      generateConversationTitle({ query, conversationId })
        .then((r) => {
          if (activeRef.current.id === conversationId) setActive((a) => ({ ...a, title: r.title }));
          return invalidateAt(client, auraKeys.conversations(instructorId), r.position);
        })
        .catch((err: unknown) => console.warn('No title was generated', err));
    },
    [client, instructorId],
  );

  const onSend = (text: string): boolean => {
    if (busy || askedIds.length === 0) return false;
    if (active.id !== -1) return chat.send(text);
    // The first send creates the conversation; then the question goes out on it.
    setCreating(true);
    const ids = [...selected];
    createConversation({
      title: CHAT_MESSAGES.newChatTitle,
      instructorId,
      userType: 'instructor',
      subject: chosenBooks(ids)[0]?.subject ?? '',
      textbookIds: ids,
    })
      .then((r) => {
        const next = { id: r.conversation_id, title: CHAT_MESSAGES.newChatTitle, textbookIds: ids };
        activeRef.current = next;
        setActive(next);
        composer.current?.setText('');
        chat.send(text);
        nameAfter(r.conversation_id, text);
        void invalidateAt(client, listKey, r.position);
      })
      .catch((err: unknown) =>
        setAlert(err instanceof ApiError && err.status === 409 && err.fromServer ? err.message : CHAT_MESSAGES.newConversationFailed),
      )
      .finally(() => setCreating(false));
    // Kept in the box until the conversation exists (on failure it stays, and sending is enabled again).
    return false;
  };

  const closeTips = () => {
    rememberTipsSeen();
    setShowTips(false);
  };

  const asked = chosenBooks(askedIds);
  const examples = asked.flatMap((b) => b.example_queries).slice(0, 4);

  return (
    <div className={`aura${panelOpen ? ' is-panel-open' : ''}`} data-testid="aura">
      {panelOpen && (
        <>
          <ConversationList
            conversations={list}
            activeId={active.id}
            draftTitle={active.id === -1 ? active.title : null}
            loading={conversations.isPending}
            onNew={startNew}
            onSelect={select}
            canRename={canRename}
            onRename={rename}
            onDelete={askDelete}
            onCollapse={() => setPanelOpen(false)}
          />
          <div className="aura-scrim" onClick={() => setPanelOpen(false)} aria-hidden="true" />
        </>
      )}
      <section className="aura-main" aria-label="Chat with AURA">
        <header className="aura-head">
          {!panelOpen && (
            <button
              type="button"
              className="icon-button"
              onClick={() => setPanelOpen(true)}
              aria-label="Show chats"
              title="Show chats"
              data-testid="show-chats"
            >
              <PanelGlyph />
            </button>
          )}
          <h2 className="aura-title" data-testid="chat-title" title={active.title}>
            {active.title}
          </h2>
          <TextbookChecklist books={books} selected={askedIds} onChange={setSelected} locked={active.id !== -1} />
          <button
            type="button"
            className="icon-button"
            onClick={() => setShowTips(true)}
            aria-label="Tips"
            title="Tips"
            data-testid="tips-button"
          >
            <span aria-hidden="true" className="aura-tips-glyph">
              ?
            </span>
          </button>
        </header>
        <ChatTranscript
          className="aura-transcript"
          messages={chat.messages}
          loadPassage={loadPassage}
          speak={speakText}
          assistantName="AURA"
          empty={
            <div className="aura-empty">
              <p className="aura-hello">
                Hello{instructor.firstName ? ` ${instructor.firstName}` : ''}, I am <strong>AURA</strong>.
              </p>
              <p className="aura-sub">Ask about your textbooks: every answer cites the page it comes from.</p>
              {examples.length > 0 && (
                <div className="aura-examples" aria-label="Example questions">
                  {examples.map((q) => (
                    <button key={q} type="button" className="aura-example" onClick={() => composer.current?.setText(q)}>
                      {q}
                    </button>
                  ))}
                </div>
              )}
            </div>
          }
        />
        <div className="aura-compose">
          <ChatComposer
            ref={composer}
            onSend={onSend}
            pending={busy}
            disabled={askedIds.length === 0}
            placeholder="Ask AURA about your textbooks…"
            label="Your question for AURA"
            minHeight="6vh"
            maxHeight="30vh"
          />
        </div>
      </section>
      {showTips && <TipsModal onClose={closeTips} />}
      {confirming && (
        <ConfirmDialog
          title="Delete chat"
          message={`Delete "${confirming.conversation_title}"? This cannot be undone.`}
          confirmLabel="Delete"
          cancelLabel="Cancel"
          busy={deleting}
          onConfirm={() => remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {alert && <AlertDialog message={alert} onClose={() => setAlert(null)} />}
    </div>
  );
}
