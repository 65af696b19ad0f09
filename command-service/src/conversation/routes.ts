import type { FastifyInstance } from 'fastify';
import { CHAT_LIMITS, ForbiddenError, routes, streamIds } from '@evergrade/contracts';
import { registerRoute, sessionOf } from '@evergrade/platform/http';
import type { Session } from '@evergrade/platform/auth';
import type { EventStore } from '@evergrade/platform/event-store';
import type { CommandServiceDeps } from '../context';
import { fold, handleCommand } from '../decider';
import { allocateId } from '../ids';
import { assertTextbooksVisible } from '../library/textbooks';
import { conversationDecider, ownLive } from './conversation';
import { slotsDecider } from './slots';
import { generateTitle } from './title';

/** A slot whose conversation never started is taken back once this old (a process stopped between the two appends). */
const ORPHAN_AFTER_MS = 60_000;

const NOT_YOURS = 'You can only use your own conversations';

/** The spec's bodies name the instructor: it must be the caller. */
function caller(s: Session, instructorId: number): Session {
  if (instructorId !== s.userId) throw new ForbiddenError(NOT_YOURS);
  return s;
}

const metadataOf = (s: Session) => ({ tenant: s.tenant, actorId: String(s.userId), actorRole: s.role });

const conversationState = async (store: EventStore, tenant: string, id: number) =>
  fold(conversationDecider, await store.readStream(streamIds.conversation(tenant, id)));

/**
 * At the cap, the slots whose conversation is gone: deleted, or never started well after its slot was taken. Read
 * from the conversations' own streams (at most CHAT_LIMITS.maxConversations of them), only when the index is full.
 */
async function orphanSlots(store: EventStore, s: Session, now: Date): Promise<number[]> {
  const slots = fold(slotsDecider, await store.readStream(streamIds.conversationsOf(s.tenant, s.userId)));
  const orphans: number[] = [];
  if (slots.live.size < CHAT_LIMITS.maxConversations) return orphans;
  for (const [id, takenAt] of slots.live) {
    const state = await conversationState(store, s.tenant, id);
    const stale = now.getTime() - new Date(takenAt).getTime() > ORPHAN_AFTER_MS;
    if (state.status === 'deleted' || (state.status === 'none' && stale)) orphans.push(id);
  }
  // Refused here, before an id is spent, when the index is full (decided again, race-safe, on the append).
  slotsDecider.decide({ type: 'TakeSlot', conversationId: -1, now: now.toISOString(), orphans }, slots);
  return orphans;
}

/** AURA's saved conversations: each one a stream; the instructor's index stream keeps the cap race-safe. */
export function conversationRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  const { store } = deps;

  registerRoute(app, deps.sessions, routes.newConversation, async (request) => {
    const { title, subject, textbookIds, instructorId } = request.body;
    const s = caller(sessionOf(request), instructorId);
    const now = deps.now();
    const metadata = metadataOf(s);
    await assertTextbooksVisible(store, s.tenant, textbookIds);
    const orphans = await orphanSlots(store, s, now);
    const conversationId = await allocateId(store, 'conversation', metadata);
    await handleCommand(
      store,
      streamIds.conversationsOf(s.tenant, s.userId),
      slotsDecider,
      { type: 'TakeSlot', conversationId, now: now.toISOString(), orphans },
      { metadata },
    );
    const result = await handleCommand(
      store,
      streamIds.conversation(s.tenant, conversationId),
      conversationDecider,
      {
        type: 'StartConversation',
        conversationId,
        ownerId: s.userId,
        title,
        subject,
        textbookIds: [...new Set(textbookIds)],
        now: now.toISOString(),
      },
      { metadata },
    );
    return { success: true as const, position: result.position, conversation_id: conversationId };
  });

  registerRoute(app, deps.sessions, routes.renameConversation, async (request) => {
    const { conversationId, conversationTitle, instructorId } = request.body;
    const s = caller(sessionOf(request), instructorId);
    const result = await handleCommand(
      store,
      streamIds.conversation(s.tenant, conversationId),
      conversationDecider,
      { type: 'RenameConversation', conversationId, actorId: s.userId, title: conversationTitle, now: deps.now().toISOString() },
      { metadata: metadataOf(s) },
    );
    return { success: true as const, position: result.position };
  });

  registerRoute(app, deps.sessions, routes.deleteConversation, async (request) => {
    const { conversationId, instructorId } = request.body;
    const s = caller(sessionOf(request), instructorId);
    const now = deps.now().toISOString();
    const metadata = metadataOf(s);
    const result = await handleCommand(
      store,
      streamIds.conversation(s.tenant, conversationId),
      conversationDecider,
      { type: 'DeleteConversation', conversationId, actorId: s.userId, now },
      { metadata },
    );
    await handleCommand(
      store,
      streamIds.conversationsOf(s.tenant, s.userId),
      slotsDecider,
      { type: 'ReleaseSlot', conversationId, now },
      { metadata },
    );
    return { success: true as const, position: result.position };
  });

  registerRoute(app, deps.sessions, routes.generateConversationTitle, async (request) => {
    const { query, conversationId } = request.body;
    const s = sessionOf(request);
    // The conversation must be the caller's before anything is generated for it.
    if (conversationId !== undefined) ownLive(await conversationState(store, s.tenant, conversationId), s.userId);
    const { title } = await generateTitle(deps.ai, query);
    if (conversationId === undefined) return { title, position: null };
    const result = await handleCommand(
      store,
      streamIds.conversation(s.tenant, conversationId),
      conversationDecider,
      { type: 'RenameConversation', conversationId, actorId: s.userId, title, generated: true, now: deps.now().toISOString() },
      { metadata: metadataOf(s) },
    );
    return { title, position: result.position };
  });
}
