import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BodyOf, ConversationChat } from '@evergrade/contracts';
import { callApi } from '../../../lib/api-client';
import { minPositionFor } from '../../../lib/positions';

/** AURA's query keys: the instructor's conversations and each one's chats; live notices invalidate `all`. */
export const auraKeys = {
  all: ['aura'] as const,
  conversations: (instructorId: number) => ['aura', 'conversations', instructorId] as const,
  chats: (conversationId: number) => ['aura', 'chats', conversationId] as const,
  textbooks: ['textbooks', 'aura'] as const,
};

/** POST /chatbot/get-conversations: newest first. */
export const conversationsQueryOptions = (instructorId: number) =>
  queryOptions({
    queryKey: auraKeys.conversations(instructorId),
    queryFn: () =>
      callApi('getConversations', {
        body: { instructorId, userType: 'instructor' },
        minPosition: minPositionFor(auraKeys.conversations(instructorId)),
      }),
    enabled: instructorId > 0,
  });

export const useConversations = (instructorId: number) => useQuery(conversationsQueryOptions(instructorId));

/** POST /chatbot/get-conversation-chats: oldest first, with each answer's sources and provider. */
export const chatsQueryOptions = (instructorId: number, conversationId: number) =>
  queryOptions({
    queryKey: auraKeys.chats(conversationId),
    queryFn: (): Promise<ConversationChat[]> =>
      callApi('getConversationChats', {
        body: { conversation_id: conversationId, instructorId, userType: 'instructor' },
        minPosition: minPositionFor(auraKeys.chats(conversationId)),
      }),
    staleTime: 0,
  });

export const createConversation = (body: BodyOf<'newConversation'>) => callApi('newConversation', { body });
export const renameConversation = (body: BodyOf<'renameConversation'>) => callApi('renameConversation', { body });
export const deleteConversation = (body: BodyOf<'deleteConversation'>) => callApi('deleteConversation', { body });
export const generateConversationTitle = (body: BodyOf<'generateConversationTitle'>) => callApi('generateConversationTitle', { body });

/** GET /chatbot/list-textbooks: the school's and the shared books, for the checklist. */
export const textbooksQueryOptions = () =>
  queryOptions({ queryKey: auraKeys.textbooks, queryFn: () => callApi('listTextbooks'), staleTime: 60_000 });

export const useAuraTextbooks = () => useQuery(textbooksQueryOptions());
