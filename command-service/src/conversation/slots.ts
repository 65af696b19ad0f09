import { CHAT_LIMITS, CHAT_MESSAGES, ConflictError, type EventOf } from '@evergrade/contracts';
import type { Decider } from '../decider';

/**
 * An instructor's index of live conversations, on `conversations-of:{tenant}:{instructorId}`: the cap of
 * CHAT_LIMITS.maxConversations is decided here, on one stream appended with the version read, so two racing
 * new-conversation calls cannot both take the last slot. The write side never reads the conversations read model.
 */
export type SlotEvent = EventOf<'ConversationSlotTaken' | 'ConversationSlotReleased'>;

/** Live conversation ids, with when each slot was taken. */
export type Slots = { live: Map<number, string> };

export type TakeSlot = {
  type: 'TakeSlot';
  conversationId: number;
  now: string;
  /**
   * Slots whose conversation the route found deleted (or never started, long after the slot was taken): left behind
   * by a process that stopped between the two appends. Released here before the cap is checked.
   */
  orphans?: number[];
  max?: number;
};
export type ReleaseSlot = { type: 'ReleaseSlot'; conversationId: number; now: string };
export type SlotCommand = TakeSlot | ReleaseSlot;

export const initialState = (): Slots => ({ live: new Map() });

export function evolve(state: Slots, event: SlotEvent): Slots {
  const live = new Map(state.live);
  if (event.type === 'ConversationSlotTaken') live.set(event.data.conversationId, event.data.at);
  else live.delete(event.data.conversationId);
  return { live };
}

function take(c: TakeSlot, state: Slots): SlotEvent[] {
  if (state.live.has(c.conversationId)) return [];
  const orphans = (c.orphans ?? []).filter((id) => state.live.has(id));
  const released: SlotEvent[] = orphans.map((conversationId) => ({
    type: 'ConversationSlotReleased',
    data: { conversationId, at: c.now },
  }));
  if (state.live.size - orphans.length >= (c.max ?? CHAT_LIMITS.maxConversations)) {
    throw new ConflictError(CHAT_MESSAGES.tooManyConversations);
  }
  return [...released, { type: 'ConversationSlotTaken', data: { conversationId: c.conversationId, at: c.now } }];
}

function release(c: ReleaseSlot, state: Slots): SlotEvent[] {
  if (!state.live.has(c.conversationId)) return [];
  return [{ type: 'ConversationSlotReleased', data: { conversationId: c.conversationId, at: c.now } }];
}

export function decide(command: SlotCommand, state: Slots): SlotEvent[] {
  switch (command.type) {
    case 'TakeSlot':
      return take(command, state);
    case 'ReleaseSlot':
      return release(command, state);
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${JSON.stringify(never)}`);
    }
  }
}

export const slotsDecider: Decider<SlotCommand, SlotEvent, Slots> = { decide, evolve, initialState };
