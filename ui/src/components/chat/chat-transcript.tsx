import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { CHAT_LIMITS, type Citation, type Passage } from '@evergrade/contracts';
import { Markdown } from './markdown';
import { PassageDialog } from './passage-dialog';
import { SpeakButton } from './speak-button';
import type { ChatMessage } from './types';
import { useThrottledText } from './use-throttled-text';
import './chat.css';

export type ChatTranscriptProps = {
  messages: ChatMessage[];
  /** Opens a cited passage (students: GET /chatbot/passage/:id; guests: /chatbot/guest-passage/:id); no chips without it. */
  loadPassage?: (passageId: number) => Promise<Passage>;
  /** Speech of an answer as audio (POST /chatbot/text-to-speech); no speaker buttons without it. */
  speak?: (text: string) => Promise<Blob>;
  /** Shown while there are no messages. */
  empty?: ReactNode;
  /** The assistant's name, for screen readers ("Assistant", "AURA"). */
  assistantName?: string;
  className?: string;
};

export function citationLabel(c: Pick<Citation, 'title' | 'page'>): string {
  return `${c.title}, p. ${c.page}`;
}

function uniqueSources(sources: Citation[]): Citation[] {
  const seen = new Set<number>();
  return sources.filter((s) => !seen.has(s.passageId) && seen.add(s.passageId));
}

function AssistantText({ text, streaming }: { text: string; streaming: boolean }) {
  const typeset = useThrottledText(text, streaming, CHAT_LIMITS.typesetThrottleMs);
  return <Markdown text={text} typesetText={typeset} />;
}

function TypingIndicator({ name }: { name: string }) {
  return (
    <div className="chat-typing" role="status" aria-label={`${name} is typing`} data-testid="typing-indicator">
      <span />
      <span />
      <span />
    </div>
  );
}

function AssistantMessage({
  message: m,
  name,
  onCite,
  speak,
}: {
  message: ChatMessage;
  name: string;
  onCite: ((c: Citation) => void) | undefined;
  speak: ((text: string) => Promise<Blob>) | undefined;
}) {
  const streaming = !!m.streaming;
  const sources = uniqueSources(m.sources ?? []);
  return (
    <div className="chat-row chat-row-assistant" data-testid="assistant-message" data-streaming={streaming || undefined}>
      <div className="chat-bubble chat-bubble-assistant" aria-label={`${name} said`}>
        {streaming && !m.text && !m.error ? <TypingIndicator name={name} /> : null}
        {m.text && <AssistantText text={m.text} streaming={streaming} />}
        {m.error && (
          <p className="chat-error" role="alert">
            {m.error}
          </p>
        )}
        {((onCite && sources.length > 0) || (speak && !streaming && m.text)) && (
          <div className="chat-answer-foot">
            {onCite && sources.length > 0 && (
              <div className="chat-sources" aria-label="Sources">
                <span className="chat-sources-label">Sources</span>
                {sources.map((s) => (
                  <button key={s.passageId} type="button" className="chat-citation" onClick={() => onCite(s)} data-testid="citation">
                    {citationLabel(s)}
                  </button>
                ))}
              </div>
            )}
            {speak && !streaming && m.text && <SpeakButton text={m.text} speak={speak} />}
          </div>
        )}
      </div>
    </div>
  );
}

/** The messages of one chat: the student's, the assistant's (streamed, with math, sources and speech). */
export function ChatTranscript({ messages, loadPassage, speak, empty, assistantName = 'Assistant', className = '' }: ChatTranscriptProps) {
  const ref = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [cited, setCited] = useState<Citation | null>(null);
  const streaming = messages.some((m) => m.streaming);

  // Follow the reply as it grows, unless the reader scrolled up.
  const onScroll = () => {
    const el = ref.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
  };
  const count = useRef(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (messages.length !== count.current) stick.current = true;
    count.current = messages.length;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  return (
    <div
      ref={ref}
      className={`chat-transcript ${className}`}
      role="log"
      aria-label="Conversation"
      aria-busy={streaming}
      onScroll={onScroll}
      data-testid="chat-transcript"
    >
      {messages.length === 0 && empty}
      {messages.map((m) =>
        m.role === 'user' ? (
          <div key={m.id} className="chat-row chat-row-user" data-testid="user-message">
            <div className="chat-bubble chat-bubble-user" aria-label="You said">
              <Markdown text={m.text} />
            </div>
          </div>
        ) : (
          <AssistantMessage key={m.id} message={m} name={assistantName} onCite={loadPassage ? setCited : undefined} speak={speak} />
        ),
      )}
      {cited && loadPassage && <PassageDialog citation={cited} load={loadPassage} onClose={() => setCited(null)} />}
    </div>
  );
}
