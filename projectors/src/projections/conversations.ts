import { PROJECTIONS, noticeKeys, type Citation, type DomainEvent } from '@evergrade/contracts';
import type { SqlClient } from '@evergrade/platform/sql';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, iso, type TableSpec } from '../row-set';

/**
 * An instructor's saved assistant conversation (AURA). A deleted one stays as a tombstone (`deleted`), so a
 * redelivered event older than its `position` changes nothing; its chats are removed.
 */
export type ConversationRow = {
  tenant: string;
  conversation_id: number;
  owner_id: number;
  title: string;
  subject: string;
  textbook_ids: number[];
  created_at: string;
  /** The last answer's time, or the creation's. */
  updated_at: string;
  deleted: boolean;
  position: string;
};

/** One question and its answer in a conversation; `seq` is the answer's version in the conversation's stream. */
export type ConversationChatRow = {
  tenant: string;
  conversation_id: number;
  seq: number;
  query: string;
  response: string;
  sources: Citation[];
  provider: string;
  created_at: string;
};

const conversationsTable: TableSpec<ConversationRow> = {
  table: 'conversations',
  key: ['tenant', 'conversation_id'],
  columns: ['tenant', 'conversation_id', 'owner_id', 'title', 'subject', 'textbook_ids', 'created_at', 'updated_at', 'deleted', 'position'],
};

const chatsTable: TableSpec<ConversationChatRow> = {
  table: 'conversation_chats',
  key: ['tenant', 'conversation_id', 'seq'],
  columns: ['tenant', 'conversation_id', 'seq', 'query', 'response', 'sources', 'provider', 'created_at'],
};

type State = { conversations: RowSet<ConversationRow>; chats: RowSet<ConversationChatRow> };

const HANDLED = ['ConversationStarted', 'ConversationRenamed', 'ConversationDeleted', 'AssistantAnswered'] as const;

/** The conversation an event is about; null for an answer outside a conversation (students, guests). */
const conversationOf = (e: RecordedEvent): number | null => {
  const id = (e.data as { conversationId?: number | null }).conversationId;
  return typeof id === 'number' ? id : null;
};

/** Pure: folds one event into the batch's rows; the notice goes to the conversation's owner. */
export function evolveConversations(state: State, recorded: RecordedEvent): Touched | null {
  const event = { type: recorded.type, data: recorded.data } as DomainEvent;
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  if (event.type === 'ConversationStarted') {
    const d = event.data;
    const key = { tenant, conversation_id: d.conversationId };
    if (state.conversations.has(key)) return null;
    state.conversations.put({
      ...key,
      owner_id: d.ownerId,
      title: d.title,
      subject: d.subject,
      textbook_ids: d.textbookIds,
      created_at: iso(d.at),
      updated_at: iso(d.at),
      deleted: false,
      position,
    });
    return { tenant, keys: [noticeKeys.user(d.ownerId)] };
  }
  if (event.type !== 'ConversationRenamed' && event.type !== 'ConversationDeleted' && event.type !== 'AssistantAnswered') return null;
  const id = conversationOf(recorded);
  if (id === null) return null;
  const row = state.conversations.get({ tenant, conversation_id: id });
  // Unknown, deleted, or already past this event (a redelivery): nothing changes.
  if (!row || row.deleted || row.position >= position) return null;
  const touched = { tenant, keys: [noticeKeys.user(row.owner_id)] };
  switch (event.type) {
    case 'ConversationRenamed':
      state.conversations.put({ ...row, title: event.data.title, position });
      return touched;
    case 'ConversationDeleted':
      state.conversations.put({ ...row, deleted: true, position });
      for (const chat of state.chats.filter((c) => c.tenant === tenant && c.conversation_id === id)) state.chats.delete(chat);
      return touched;
    case 'AssistantAnswered': {
      const d = event.data;
      state.chats.put({
        tenant,
        conversation_id: id,
        seq: recorded.streamVersion,
        query: d.query,
        response: d.response,
        sources: d.sources,
        provider: d.provider,
        created_at: iso(d.at),
      });
      state.conversations.put({ ...row, updated_at: iso(d.at), position });
      return touched;
    }
  }
}

/** Instructors' assistant conversations and their chats: get-conversations and get-conversation-chats. */
export const conversationsProjection = defineProjection<State>({
  name: PROJECTIONS.conversations,
  version: 1,
  tables: ['conversations', 'conversation_chats'],
  handles: [...HANDLED],
  async migrate(db: SqlClient) {
    await db.query(`CREATE TABLE IF NOT EXISTS conversations (
      tenant text NOT NULL, conversation_id integer NOT NULL, owner_id integer NOT NULL, title text NOT NULL,
      subject text NOT NULL, textbook_ids jsonb NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
      deleted boolean NOT NULL, position text NOT NULL,
      PRIMARY KEY (tenant, conversation_id))`);
    await db.query(`CREATE INDEX IF NOT EXISTS conversations_owner ON conversations (tenant, owner_id, updated_at DESC)`);
    await db.query(`CREATE TABLE IF NOT EXISTS conversation_chats (
      tenant text NOT NULL, conversation_id integer NOT NULL, seq integer NOT NULL, query text NOT NULL, response text NOT NULL,
      sources jsonb NOT NULL, provider text NOT NULL, created_at timestamptz NOT NULL,
      PRIMARY KEY (tenant, conversation_id, seq))`);
  },
  init: () => ({ conversations: new RowSet(conversationsTable), chats: new RowSet(chatsTable) }),
  async load(tx, state, events) {
    const keys = events.flatMap((e) => {
      const id = conversationOf(e);
      return id === null ? [] : [{ tenant: tenantOf(e), conversation_id: id }];
    });
    await state.conversations.load(tx, keys);
    // Only a deletion touches chats already written: those of the deleted conversations.
    const deleted = ofTypes(events, 'ConversationDeleted').map((e) => ({ tenant: tenantOf(e), conversation_id: conversationOf(e)! }));
    await state.chats.loadIn(tx, ['tenant', 'conversation_id'], deleted);
  },
  evolve: evolveConversations,
  carry: ['conversations', 'chats'],
});
