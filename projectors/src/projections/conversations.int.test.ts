import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import {
  applyOneByOne,
  dumpTables,
  expectBatchesOfSizes,
  expectOneReadPerTable,
  positionOf,
  testBackends,
  twoMigratedDatabases,
} from '../testing';
import { conversationsProjection } from './conversations';
import { chatsOfConversation, conversationsOfOwner, liveConversation } from './conversations.queries';

/**
 * The conversations read model (AURA) under the batch contract, and what its queries answer: an instructor's live
 * conversations, most recently active first; a conversation's chats, oldest first, with sources and provider; a
 * deleted conversation leaves both; students' answers (no conversation) and other schools' conversations stay apart.
 */
const backends = testBackends('conversations');
const at = (minute: number) => `2026-03-01T09:${String(minute).padStart(2, '0')}:00.000Z`;

function log(spec: [tenant: string, event: DomainEvent][]): RecordedEvent[] {
  const versions = new Map<string, number>();
  return spec.map(([tenant, event], i) => {
    const d = event.data as Record<string, unknown>;
    const stream =
      typeof d.conversationId === 'number' ? `conversation:${tenant}:${d.conversationId}` : `assistant:${tenant}:${String(d.userId)}`;
    const v = (versions.get(stream) ?? 0) + 1;
    versions.set(stream, v);
    return {
      eventId: `e${i + 1}`,
      type: event.type,
      schemaVersion: 1,
      data: d,
      metadata: { tenant },
      streamId: stream,
      streamVersion: v,
      globalPosition: positionOf(i + 1),
      recordedAt: new Date(at(0)),
    };
  });
}

const started = (conversationId: number, ownerId: number, title: string, minute: number): DomainEvent => ({
  type: 'ConversationStarted',
  data: { conversationId, ownerId, title, subject: 'Biology', textbookIds: [1, 2], at: at(minute) },
});
const renamed = (conversationId: number, title: string, minute: number): DomainEvent => ({
  type: 'ConversationRenamed',
  data: { conversationId, title, generated: true, at: at(minute) },
});
const deleted = (conversationId: number, minute: number): DomainEvent => ({
  type: 'ConversationDeleted',
  data: { conversationId, at: at(minute) },
});
const answered = (conversationId: number | null, userId: number, query: string, minute: number): DomainEvent => ({
  type: 'AssistantAnswered',
  data: {
    userId,
    role: conversationId === null ? 'student' : 'instructor',
    conversationId,
    textbookIds: [1],
    query,
    response: `"Cells are the unit of life." (Biology Basics, p. 3)`,
    sources: [{ textbookId: 1, title: 'Biology Basics', page: 3, passageId: 31 }],
    provider: 'offline',
    at: at(minute),
  },
});

/**
 * Teacher 7 of demo: 1 (answered twice, renamed), 2 (answered, then deleted), 3 (started last, no answer). Teacher 8:
 * conversation 4. A student's answer without a conversation, and another school's conversation 1.
 */
const history = () =>
  log([
    ['demo', started(1, 7, 'New Chat', 1)],
    ['demo', started(2, 7, 'New Chat', 2)],
    ['demo', answered(1, 7, 'What is a cell?', 3)],
    ['demo', renamed(1, 'What Is a Cell', 4)],
    ['demo', answered(2, 7, 'Photosynthesis?', 5)],
    ['demo', answered(null, 12, 'What is a cell?', 6)],
    ['other', started(1, 7, 'Elsewhere', 7)],
    ['demo', started(4, 8, 'Mine', 8)],
    ['demo', answered(1, 7, 'And a tissue?', 9)],
    ['demo', started(3, 7, 'New Chat', 10)],
    ['demo', deleted(2, 11)],
    ['demo', answered(2, 7, 'Too late', 12)],
  ]);

describe.each(backends)('conversations read model on %s', (_name, backend) => {
  const dbs = twoMigratedDatabases(backend, [conversationsProjection]);
  const p = conversationsProjection;

  it('one big batch, batches of 2, 3, 5 and 7 and a rebuild build leave the tables one event per batch leaves', async () => {
    const all = history();
    const batchTouched = await dbs.one.db.transaction((tx) => p.applyBatch(tx, all));
    const eachTouched = await applyOneByOne(dbs.many.db, p, all);
    const expected = await dumpTables(dbs.many.db, p);
    expect(expected.conversations).toHaveLength(5);
    expect(expected.conversation_chats).toHaveLength(2);
    expect(await dumpTables(dbs.one.db, p)).toEqual(expected);
    expect(batchTouched).toEqual(eachTouched);
    expect(new Set(eachTouched.map((t) => `${t.tenant}|${t.keys.join()}`))).toEqual(
      new Set(['demo|user:7', 'other|user:7', 'demo|user:8']),
    );
    await expectBatchesOfSizes(dbs.one.db, p, all, expected, [2, 3, 5, 7]);
    // A redelivery of the whole history: one read and at most two writes per table, nothing changes.
    await expectOneReadPerTable(dbs.many.db, p, all);
    expect(await dumpTables(dbs.many.db, p)).toEqual(expected);
  });

  it("lists an instructor's live conversations, most recently active first, and a conversation's chats oldest first", async () => {
    const db = dbs.one.db;
    await db.transaction((tx) => p.applyBatch(tx, history()));
    const mine = await conversationsOfOwner(db, 'demo', 7);
    expect(mine.map((c) => [c.conversation_id, c.title])).toEqual([
      [3, 'New Chat'],
      [1, 'What Is a Cell'],
    ]);
    expect(mine[1]).toMatchObject({ subject: 'Biology', textbook_ids: [1, 2], created_at: at(1), updated_at: at(9) });
    expect((await conversationsOfOwner(db, 'demo', 8)).map((c) => c.conversation_id)).toEqual([4]);
    expect((await conversationsOfOwner(db, 'other', 7)).map((c) => c.title)).toEqual(['Elsewhere']);

    const chats = await chatsOfConversation(db, 'demo', 1);
    expect(chats.map((c) => c.query)).toEqual(['What is a cell?', 'And a tissue?']);
    expect(chats[0]).toMatchObject({
      provider: 'offline',
      sources: [{ textbookId: 1, title: 'Biology Basics', page: 3, passageId: 31 }],
      created_at: at(3),
    });
    // Deleted: gone from the list, its chats removed, an answer after the deletion ignored.
    expect(await liveConversation(db, 'demo', 2)).toBeNull();
    expect(await chatsOfConversation(db, 'demo', 2)).toEqual([]);
    expect((await liveConversation(db, 'demo', 1))?.owner_id).toBe(7);
  });
});
