import { useEffect, useRef, type ReactNode } from 'react';
import type { StudentChatMessage, Textbook } from '@evergrade/contracts';
import { ChatComposer, ChatTranscript, loadPassage, speakText, useAssistantChat } from '../../../components/chat';
import { useSessionStore } from '../../../stores/session';
import { studentAsk } from '../api/ask';

type Props = {
  textbook: Textbook;
  /** Above the transcript: the picker and example queries. */
  header?: (chat: { send: (q: string) => boolean; pending: boolean }) => ReactNode;
  /** Sent once when the chat opens (IsolatedChat). */
  firstMessage?: string;
  /** Sent with every question (Ask about my feedback). */
  context?: StudentChatMessage['context'];
  empty?: ReactNode;
  onPendingChange?: (pending: boolean) => void;
};

/** One conversation with the study assistant about a textbook: the transcript, the chat box, mic and speaker. */
export function AssistantChat({ textbook, header, firstMessage, context, empty, onPendingChange }: Props) {
  const student = useSessionStore((s) => s.student);
  const book = useRef(textbook.textbook_id);
  book.current = textbook.textbook_id;
  const chat = useAssistantChat(
    studentAsk(() => ({
      userId: student.studentId,
      firstName: student.firstName,
      textbookId: book.current,
      ...(context ? { context } : {}),
    })),
  );

  const sentFirst = useRef(false);
  const { send } = chat;
  useEffect(() => {
    if (firstMessage && !sentFirst.current) {
      sentFirst.current = true;
      send(firstMessage);
    }
  }, [firstMessage, send]);

  useEffect(() => onPendingChange?.(chat.pending), [chat.pending, onPendingChange]);

  return (
    <section className="card assistant-chat" aria-label="Study assistant chat">
      {header?.({ send: chat.send, pending: chat.pending })}
      <ChatTranscript className="assistant-transcript" messages={chat.messages} loadPassage={loadPassage} speak={speakText} empty={empty} />
      <div className="assistant-composer">
        <ChatComposer
          onSend={chat.send}
          pending={chat.pending}
          placeholder="Type your question..."
          label={`Your question about ${textbook.title}`}
          autoFocus={!firstMessage}
        />
      </div>
    </section>
  );
}
