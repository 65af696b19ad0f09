import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestChatMessage } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { askAssistant } from '../../../lib/chat-socket';
import type { AskFn } from '../../../components/chat';

/** GET /chatbot/guest-textbooks: the shared books a guest may ask. */
export const guestTextbooksQuery = () =>
  queryOptions({ queryKey: ['public', 'guest-textbooks'] as const, queryFn: () => callApi('guestTextbooks'), staleTime: 5 * 60_000 });
export const useGuestTextbooks = () => useQuery(guestTextbooksQuery());

/** GET /chatbot/guest-chat-remaining: chats left today for this browser, and when they renew. */
export const guestRemainingQuery = () =>
  queryOptions({ queryKey: ['public', 'guest-chat-remaining'] as const, queryFn: () => callApi('guestChatRemaining'), staleTime: 0 });
export const useGuestRemaining = () => useQuery(guestRemainingQuery());

/** A guest's question: socket event `guest-message {textbookId, query}`, answered by `guest-response` chunks. */
export function guestAsk(textbookId: () => number, onRemaining: (remaining: number) => void): AskFn {
  return (query, handlers) =>
    askAssistant('guest', { textbookId: textbookId(), query } satisfies GuestChatMessage, {
      ...handlers,
      onSources: (sources, reply) => {
        if (reply.remainingChats !== undefined) onRemaining(reply.remainingChats);
        handlers.onSources(sources, reply.provider);
      },
    });
}
