import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS, CHAT_MESSAGES, ForbiddenError, NotFoundError, PROJECTIONS, routes } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import { chatsOfConversation, conversationsOfOwner, liveConversation } from '@evergrade/projectors/queries';
import { awaitProjections } from '../consistency';
import type { QueryServiceDeps } from '../context';

const NOT_YOURS = 'You can only use your own conversations';

/** AURA's saved conversations, read from the conversations read model: the caller's own only. */
export function conversationQueryRoutes(app: FastifyInstance, deps: QueryServiceDeps): void {
  const { db, sessions } = deps;

  const caller = (request: Parameters<typeof sessionOf>[0], instructorId: number) => {
    const s = sessionOf(request);
    if (instructorId !== s.userId) throw new ForbiddenError(NOT_YOURS);
    return s;
  };

  registerRoute(app, sessions, routes.getConversations, async (request) => {
    const s = caller(request, request.body.instructorId);
    await awaitProjections(request, deps, [PROJECTIONS.conversations]);
    const rows = await conversationsOfOwner(db, s.tenant, s.userId, CHAT_LIMITS.maxConversations);
    return rows.map((c) => ({
      conversation_id: c.conversation_id,
      conversation_title: c.title,
      conversation_created: c.created_at,
      textbookIds: c.textbook_ids,
      subject: c.subject,
      updated_at: c.updated_at,
    }));
  });

  registerRoute(app, sessions, routes.getConversationChats, async (request) => {
    const s = caller(request, request.body.instructorId);
    await awaitProjections(request, deps, [PROJECTIONS.conversations]);
    const conversation = await liveConversation(db, s.tenant, request.body.conversation_id);
    // Another instructor's conversation is not found either: ids reveal nothing.
    if (!conversation || conversation.owner_id !== s.userId) throw new NotFoundError(CHAT_MESSAGES.conversationNotFound);
    const chats = await chatsOfConversation(db, s.tenant, conversation.conversation_id);
    return chats.map((c) => ({ query: c.query, response: c.response, sources: c.sources, provider: c.provider, created_at: c.created_at }));
  });
}
