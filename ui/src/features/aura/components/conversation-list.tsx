import { useEffect, useRef, useState } from 'react';
import { CHAT_LIMITS, CHAT_MESSAGES, type ConversationSummary } from '@evergrade/contracts';
import { EditIcon, PlusIcon, XIcon } from '../../../components/icons';

/** Pure: the title to save from an inline edit, or null to cancel (empty or unchanged; spec document 2 section 5). */
export function renamedTitle(draft: string, current: string): string | null {
  const title = draft.trim();
  return !title || title === current ? null : title.slice(0, CHAT_LIMITS.maxTitleChars);
}

type Props = {
  conversations: ConversationSummary[];
  activeId: number;
  /** The unsaved New Chat is shown on top while it is the active one. */
  draftTitle: string | null;
  loading: boolean;
  onNew: () => void;
  onSelect: (c: ConversationSummary) => void;
  /** Asked before the edit starts: false keeps it closed (a reply is pending). */
  canRename: () => boolean;
  onRename: (c: ConversationSummary, title: string) => void;
  onDelete: (c: ConversationSummary) => void;
  onCollapse: () => void;
};

/** The left panel: New Chat, then the saved chats, newest first, each with rename and delete. */
export function ConversationList({
  conversations,
  activeId,
  draftTitle,
  loading,
  onNew,
  onSelect,
  canRename,
  onRename,
  onDelete,
  onCollapse,
}: Props) {
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <nav className="aura-panel" aria-label="Your chats" data-testid="conversation-panel">
      <div className="aura-panel-head">
        <button type="button" className="button button-primary aura-new" onClick={onNew} data-testid="new-chat">
          <PlusIcon width={16} height={16} />
          New Chat
        </button>
        <button type="button" className="icon-button" onClick={onCollapse} aria-label="Hide chats" title="Hide chats">
          <PanelGlyph />
        </button>
      </div>
      <p className="aura-count" aria-live="polite">
        {conversations.length} of {CHAT_LIMITS.maxConversations} saved chats
      </p>
      <ul className="aura-list">
        {draftTitle !== null && (
          <li>
            <div className="aura-item is-active" aria-current="true" data-testid="conversation-draft">
              <span className="aura-item-title">{draftTitle}</span>
            </div>
          </li>
        )}
        {loading && conversations.length === 0 && <li className="aura-list-empty">Loading chats…</li>}
        {!loading && conversations.length === 0 && draftTitle === null && <li className="aura-list-empty">No saved chats yet.</li>}
        {conversations.map((c) => (
          <li key={c.conversation_id}>
            {editing === c.conversation_id ? (
              <RenameField
                title={c.conversation_title}
                onDone={(title) => {
                  setEditing(null);
                  const next = title === null ? null : renamedTitle(title, c.conversation_title);
                  if (next !== null) onRename(c, next);
                }}
              />
            ) : (
              <div
                className={`aura-item${c.conversation_id === activeId ? ' is-active' : ''}`}
                data-testid="conversation"
                data-conversation-id={c.conversation_id}
              >
                <button
                  type="button"
                  className="aura-item-open"
                  onClick={() => onSelect(c)}
                  aria-current={c.conversation_id === activeId ? 'true' : undefined}
                  title={c.conversation_title}
                >
                  <span className="aura-item-title">{c.conversation_title}</span>
                  {c.subject && <span className="aura-item-meta">{c.subject}</span>}
                </button>
                <span className="aura-item-actions">
                  <button
                    type="button"
                    className="aura-item-action"
                    aria-label={`Rename ${c.conversation_title}`}
                    title="Rename"
                    onClick={() => canRename() && setEditing(c.conversation_id)}
                    data-testid="rename-conversation"
                  >
                    <EditIcon width={15} height={15} />
                  </button>
                  <button
                    type="button"
                    className="aura-item-action is-danger"
                    aria-label={`Delete ${c.conversation_title}`}
                    title="Delete"
                    onClick={() => onDelete(c)}
                    data-testid="delete-conversation"
                  >
                    <XIcon width={15} height={15} />
                  </button>
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
      {conversations.length >= CHAT_LIMITS.maxConversations && <p className="aura-full">{CHAT_MESSAGES.tooManyConversations}</p>}
    </nav>
  );
}

/** Inline rename: Enter or leaving the field saves, Escape cancels. */
function RenameField({ title, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const [draft, setDraft] = useState(title);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const finish = (value: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(value);
  };
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <div className="aura-item is-editing">
      <input
        ref={ref}
        className="input aura-rename"
        value={draft}
        maxLength={CHAT_LIMITS.maxTitleChars}
        aria-label="Chat title"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => finish(draft)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') finish(draft);
          if (e.key === 'Escape') finish(null);
        }}
        data-testid="rename-input"
      />
    </div>
  );
}

export function PanelGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
    </svg>
  );
}
