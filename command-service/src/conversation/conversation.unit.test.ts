import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, ConflictError, NotFoundError } from '@evergrade/contracts';
import { specFor } from '../testing';
import { conversationDecider, type ConversationEvent, type StartConversation } from './conversation';
import { slotsDecider, type SlotEvent } from './slots';
import { cleanModelTitle, generateTitle, offlineTitle } from './title';

const now = '2026-03-01T10:00:00.000Z';
const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: { conversationId: 4, ownerId: 7, title: 'New Chat', subject: 'Biology', textbookIds: [1], at: now },
};
const deleted: ConversationEvent = { type: 'ConversationDeleted', data: { conversationId: 4, at: now } };

describe('a conversation', () => {
  const spec = specFor(conversationDecider);
  const rename = (actorId: number, title: string, generated?: boolean) =>
    ({ type: 'RenameConversation', conversationId: 4, actorId, title, now, ...(generated ? { generated } : {}) }) as const;

  it('starts once', () => {
    const start: StartConversation = {
      type: 'StartConversation',
      conversationId: 4,
      ownerId: 7,
      title: 'New Chat',
      subject: 'Biology',
      textbookIds: [1],
      now,
    };
    spec([]).when(start).then([started]);
    spec([started]).when(start).thenThrows(ConflictError);
  });

  it('is renamed by its owner with a changed title; a generated title says so', () => {
    spec([started])
      .when(rename(7, 'Cells'))
      .then([{ type: 'ConversationRenamed', data: { conversationId: 4, title: 'Cells', at: now } }]);
    spec([started])
      .when(rename(7, 'Cells', true))
      .then([{ type: 'ConversationRenamed', data: { conversationId: 4, title: 'Cells', generated: true, at: now } }]);
    spec([started]).when(rename(7, 'New Chat')).then([]);
  });

  it('is not found by anyone else, nor once deleted', () => {
    spec([started]).when(rename(8, 'Mine now')).thenThrows(NotFoundError, CHAT_MESSAGES.conversationNotFound);
    spec([started]).when({ type: 'DeleteConversation', conversationId: 4, actorId: 8, now }).thenThrows(NotFoundError);
    spec([started]).when({ type: 'DeleteConversation', conversationId: 4, actorId: 7, now }).then([deleted]);
    spec([started, deleted]).when({ type: 'DeleteConversation', conversationId: 4, actorId: 7, now }).thenThrows(NotFoundError);
    spec([started, deleted]).when(rename(7, 'Back')).thenThrows(NotFoundError);
    spec([]).when(rename(7, 'Nothing')).thenThrows(NotFoundError);
  });
});

describe("an instructor's conversation slots", () => {
  const spec = specFor(slotsDecider);
  const taken = (conversationId: number): SlotEvent => ({ type: 'ConversationSlotTaken', data: { conversationId, at: now } });
  const ten = Array.from({ length: 10 }, (_, i) => taken(i + 1));

  it('takes at most ten; a released slot can be taken again', () => {
    spec(ten.slice(0, 9))
      .when({ type: 'TakeSlot', conversationId: 10, now })
      .then([taken(10)]);
    spec(ten).when({ type: 'TakeSlot', conversationId: 11, now }).thenThrows(ConflictError, CHAT_MESSAGES.tooManyConversations);
    const released: SlotEvent = { type: 'ConversationSlotReleased', data: { conversationId: 3, at: now } };
    spec([...ten, released])
      .when({ type: 'TakeSlot', conversationId: 11, now })
      .then([taken(11)]);
    spec(ten).when({ type: 'ReleaseSlot', conversationId: 3, now }).then([released]);
    spec([...ten, released])
      .when({ type: 'ReleaseSlot', conversationId: 3, now })
      .then([]);
  });

  it('releases orphans (slots whose conversation is gone) before counting', () => {
    spec(ten)
      .when({ type: 'TakeSlot', conversationId: 11, now, orphans: [2, 99] })
      .then([{ type: 'ConversationSlotReleased', data: { conversationId: 2, at: now } }, taken(11)]);
  });
});

describe('titles', () => {
  it("offline: the question's key words, title case, at most 50 characters", () => {
    expect(offlineTitle('What is the difference between mitosis and meiosis in plant cells?')).toBe(
      'Difference Mitosis Meiosis Plant Cells',
    );
    expect(offlineTitle('how does photosynthesis work')).toBe('Photosynthesis Work');
    expect(offlineTitle("Explain Newton's second law of motion with an example")).toBe("Newton's Second Law Motion Example");
    const long = offlineTitle('electroencephalography magnetohydrodynamics spectrophotometry thermoluminescence');
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.startsWith('Electroencephalography Magnetohydrodynamics')).toBe(true);
    expect(offlineTitle('What is it?')).toBe('What Is It');
    expect(offlineTitle('???')).toBe('New Chat');
  });

  it("cleans a model's title", () => {
    expect(cleanModelTitle('"Cell Division: Mitosis vs Meiosis."\n')).toBe('Cell Division: Mitosis vs Meiosis');
    expect(cleanModelTitle('Title: Forces and Motion')).toBe('Forces and Motion');
    expect(cleanModelTitle('x'.repeat(80)).length).toBe(50);
  });

  it('asks the AI provider when one is configured, and falls back offline when it fails or says nothing', async () => {
    const model = (reply: () => Promise<string>) => ({ name: 'test-model', offline: false, complete: reply });
    const asks: string[] = [];
    const good = model(async () => '"Cell Division: Mitosis vs Meiosis."');
    expect(await generateTitle(good, 'How do mitosis and meiosis differ?')).toEqual({
      title: 'Cell Division: Mitosis vs Meiosis',
      provider: 'test-model',
    });
    const failing = model(async () => {
      asks.push('asked');
      throw new Error('The AI provider answered 500');
    });
    expect(await generateTitle(failing, 'How do mitosis and meiosis differ?')).toEqual({
      title: 'Mitosis Meiosis Differ',
      provider: 'offline',
    });
    expect(asks).toEqual(['asked']);
    expect(
      (
        await generateTitle(
          model(async () => '  \n'),
          'Osmosis in plant roots',
        )
      ).title,
    ).toBe('Osmosis Plant Roots');
  });
});
