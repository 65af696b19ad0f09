import { forwardRef, useId, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_LIMITS } from '@evergrade/contracts';
import { AlertDialog } from '../dialog';
import { MicIcon, SendIcon } from '../icons';
import { useDictation } from './dictation';
import './chat.css';

export type ChatComposerProps = {
  /** Called with the trimmed question; return false to keep the text in the box (e.g. the send was refused). */
  onSend: (text: string) => boolean | void;
  /** A reply is streaming: nothing is sent until it ends (the text can still be typed). */
  pending: boolean;
  /** Nothing can be sent at all (no textbook chosen, offline). */
  disabled?: boolean;
  placeholder?: string;
  /** The text box's accessible name. */
  label?: string;
  /** The text box grows with its text from minHeight to maxHeight (CSS lengths; AURA: 6vh to 30vh). */
  minHeight?: string;
  maxHeight?: string;
  /** The mic button (browser dictation, en-US). */
  dictation?: boolean;
  autoFocus?: boolean;
};

export type ChatComposerHandle = { focus: () => void; setText: (text: string) => void };

/** The chat box: a growing text box, the mic and send buttons; Enter sends, Shift+Enter starts a new line. */
export const ChatComposer = forwardRef<ChatComposerHandle, ChatComposerProps>(function ChatComposer(
  {
    onSend,
    pending,
    disabled = false,
    placeholder = 'Ask a question...',
    label = 'Your question',
    minHeight = '44px',
    maxHeight = '200px',
    dictation = true,
    autoFocus = false,
  },
  ref,
) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const dict = useDictation(setText);
  useImperativeHandle(ref, () => ({ focus: () => box.current?.focus(), setText }), []);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [text]);

  const empty = !text.trim();
  const canSend = !empty && !pending && !disabled;
  const send = () => {
    if (!canSend) return;
    if (dict.listening) dict.stop();
    if (onSend(text.trim()) !== false) setText('');
  };

  return (
    <div className="chat-composer" data-pending={pending || undefined}>
      <textarea
        ref={box}
        className="chat-composer-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        placeholder={placeholder}
        aria-label={label}
        aria-describedby={hintId}
        maxLength={CHAT_LIMITS.maxQueryChars}
        rows={1}
        disabled={disabled}
        autoFocus={autoFocus}
        style={{ minHeight, maxHeight }}
        data-testid="chat-input"
      />
      <span id={hintId} className="visually-hidden">
        Enter sends, Shift+Enter starts a new line.
      </span>
      <div className="chat-composer-actions">
        {dictation && (
          <button
            type="button"
            className={`chat-icon-button${dict.listening ? ' is-listening' : ''}`}
            onClick={() => (dict.listening ? dict.stop() : dict.start(text))}
            aria-label={dict.listening ? 'Stop dictation' : 'Dictate'}
            title={dict.listening ? 'Stop dictation' : 'Dictate (en-US)'}
            aria-pressed={dict.listening}
            disabled={disabled}
            data-testid="mic-button"
          >
            <MicIcon width={18} height={18} />
          </button>
        )}
        <button
          type="button"
          className="chat-send"
          onClick={send}
          disabled={!canSend}
          aria-label={pending ? 'Waiting for the reply' : 'Send'}
          title={pending ? 'Waiting for the reply' : 'Send'}
          data-testid="send-button"
        >
          <SendIcon width={18} height={18} />
        </button>
      </div>
      {dict.alert && <AlertDialog title="Dictation" message={dict.alert} onClose={dict.dismissAlert} />}
    </div>
  );
});
