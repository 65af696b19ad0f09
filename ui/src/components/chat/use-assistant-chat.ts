import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_END, CHAT_MESSAGES } from '@evergrade/contracts';
import type { AskFn, ChatHandlers, ChatMessage } from './types';

let nextId = 0;
const id = () => `m${++nextId}`;

/**
 * One conversation with the assistant: the messages, whether a reply is pending and the last error. `send`
 * refuses an empty or whitespace-only question and anything while a reply is pending (spec document 1 section
 * 5); it returns whether it sent. A pending reply is cancelled when the component unmounts.
 */
export function useAssistantChat(ask: AskFn, initial: ChatMessage[] = []) {
  const [messages, setMessages] = useState<ChatMessage[]>(initial);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pendingRef = useRef(false);
  const cancelRef = useRef<(() => void) | null>(null);
  const askRef = useRef(ask);
  askRef.current = ask;

  const update = (msgId: string, fn: (m: ChatMessage) => ChatMessage) => setMessages((all) => all.map((m) => (m.id === msgId ? fn(m) : m)));

  const send = useCallback((query: string): boolean => {
    const text = query.trim();
    if (!text || pendingRef.current) return false;
    const replyId = id();
    pendingRef.current = true;
    setPending(true);
    setError(null);
    setMessages((all) => [...all, { id: id(), role: 'user', text }, { id: replyId, role: 'assistant', text: '', streaming: true }]);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      cancelRef.current = null;
      pendingRef.current = false;
      setPending(false);
      update(replyId, (m) => ({ ...m, streaming: false }));
    };
    const handlers: ChatHandlers = {
      onChunk: (chunk) => {
        if (ended || chunk === CHAT_END) return;
        update(replyId, (m) => ({ ...m, text: m.text + chunk }));
      },
      onSources: (sources, provider) => {
        if (!ended) update(replyId, (m) => ({ ...m, sources, ...(provider ? { provider } : {}) }));
      },
      onError: (message) => {
        if (ended) return;
        setError(message);
        update(replyId, (m) => ({ ...m, error: message }));
      },
      onEnd: end,
    };
    try {
      const stop = askRef.current(text, handlers);
      if (!ended) cancelRef.current = stop;
    } catch (err) {
      console.error('The question could not be sent', err);
      handlers.onError(CHAT_MESSAGES.assistantUnavailable);
      end();
    }
    return true;
  }, []);

  /** Stop the pending reply (what arrived so far stays). */
  const cancel = useCallback(() => {
    const stop = cancelRef.current;
    cancelRef.current = null;
    stop?.();
    if (pendingRef.current) {
      pendingRef.current = false;
      setPending(false);
      setMessages((all) => all.map((m) => (m.streaming ? { ...m, streaming: false } : m)));
    }
  }, []);

  /** Show another conversation's messages (AURA's saved chats); cancels a pending reply. */
  const replaceMessages = useCallback(
    (next: ChatMessage[]) => {
      cancel();
      setError(null);
      setMessages(next);
    },
    [cancel],
  );

  // Cancel a pending reply when the chat goes away: a moment later, so StrictMode's trial unmount and remount
  // (development) keeps the reply it is waiting for.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) cancelRef.current?.();
      }, 0);
    };
  }, []);

  return { messages, pending, error, send, cancel, replaceMessages };
}
