import { CHAT_MESSAGES, ConflictError, NotFoundError, type EventOf } from '@evergrade/contracts';
import type { Decider } from '../decider';

/**
 * An instructor's saved assistant conversation (AURA), on `conversation:{tenant}:{id}`. The assistant appends its
 * answers (AssistantAnswered) to the same stream; they change nothing the decider checks.
 */
export type ConversationEvent = EventOf<'ConversationStarted' | 'ConversationRenamed' | 'ConversationDeleted' | 'AssistantAnswered'>;

export type Conversation =
  | { status: 'none' }
  | { status: 'live'; conversationId: number; ownerId: number; title: string; answers: number }
  | { status: 'deleted'; conversationId: number; ownerId: number };

export type StartConversation = {
  type: 'StartConversation';
  conversationId: number;
  ownerId: number;
  title: string;
  subject: string;
  textbookIds: number[];
  now: string;
};
export type RenameConversation = {
  type: 'RenameConversation';
  conversationId: number;
  actorId: number;
  title: string;
  /** Generated after the first message (generate-conversation-title). */
  generated?: boolean;
  now: string;
};
export type DeleteConversation = { type: 'DeleteConversation'; conversationId: number; actorId: number; now: string };
export type ConversationCommand = StartConversation | RenameConversation | DeleteConversation;

export const initialState = (): Conversation => ({ status: 'none' });

export function evolve(state: Conversation, event: ConversationEvent): Conversation {
  switch (event.type) {
    case 'ConversationStarted': {
      const { conversationId, ownerId, title } = event.data;
      return { status: 'live', conversationId, ownerId, title, answers: 0 };
    }
    case 'ConversationRenamed':
      return state.status === 'live' ? { ...state, title: event.data.title } : state;
    case 'ConversationDeleted':
      return state.status === 'live' ? { status: 'deleted', conversationId: state.conversationId, ownerId: state.ownerId } : state;
    case 'AssistantAnswered':
      return state.status === 'live' ? { ...state, answers: state.answers + 1 } : state;
    default:
      // Another kind of event on the stream (a later build's) changes nothing decided here.
      return state;
  }
}

/** The caller's live conversation, or 404: another instructor's (or school's) conversation is not found either. */
export function ownLive(state: Conversation, actorId: number): Extract<Conversation, { status: 'live' }> {
  if (state.status !== 'live' || state.ownerId !== actorId) throw new NotFoundError(CHAT_MESSAGES.conversationNotFound);
  return state;
}

function start(c: StartConversation, state: Conversation): ConversationEvent[] {
  if (state.status !== 'none') throw new ConflictError('This conversation already exists');
  const { conversationId, ownerId, title, subject, textbookIds, now } = c;
  return [{ type: 'ConversationStarted', data: { conversationId, ownerId, title, subject, textbookIds, at: now } }];
}

function rename(c: RenameConversation, state: Conversation): ConversationEvent[] {
  const live = ownLive(state, c.actorId);
  // An unchanged title changes nothing (the client cancels such an edit; a repeat is harmless).
  if (live.title === c.title) return [];
  const generated = c.generated ? { generated: true } : {};
  return [{ type: 'ConversationRenamed', data: { conversationId: c.conversationId, title: c.title, ...generated, at: c.now } }];
}

function remove(c: DeleteConversation, state: Conversation): ConversationEvent[] {
  ownLive(state, c.actorId);
  return [{ type: 'ConversationDeleted', data: { conversationId: c.conversationId, at: c.now } }];
}

export function decide(command: ConversationCommand, state: Conversation): ConversationEvent[] {
  switch (command.type) {
    case 'StartConversation':
      return start(command, state);
    case 'RenameConversation':
      return rename(command, state);
    case 'DeleteConversation':
      return remove(command, state);
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${JSON.stringify(never)}`);
    }
  }
}

export const conversationDecider: Decider<ConversationCommand, ConversationEvent, Conversation> = { decide, evolve, initialState };
