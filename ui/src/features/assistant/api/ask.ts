import type { StudentChatMessage } from '@evergrade/contracts';
import type { AskFn } from '../../../components/chat';
import { askAssistant } from '../../../lib/chat-socket';

/** The student's questions: socket event `message {userId, firstName, textbookId, query}` (spec document 1 section 7). */
export function studentAsk(message: () => Omit<StudentChatMessage, 'query'>): AskFn {
  return (query, handlers) =>
    askAssistant(
      'student',
      { ...message(), query },
      { ...handlers, onSources: (sources, reply) => handlers.onSources(sources, reply.provider) },
    );
}
