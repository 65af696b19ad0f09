import type { SqlClient } from '@evergrade/platform/sql';
import type { ConversationChatRow, ConversationRow } from './conversations';

export type { ConversationChatRow, ConversationRow } from './conversations';

const iso = (v: string) => new Date(v).toISOString();

const asConversation = (r: ConversationRow): ConversationRow => ({
  ...r,
  conversation_id: Number(r.conversation_id),
  owner_id: Number(r.owner_id),
  textbook_ids: (r.textbook_ids ?? []).map(Number),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

/** An instructor's live conversations, the most recently active first. */
export async function conversationsOfOwner(db: SqlClient, tenant: string, ownerId: number, limit = 100): Promise<ConversationRow[]> {
  const { rows } = await db.query<{ r: ConversationRow }>(
    `SELECT to_jsonb(c.*) AS r FROM conversations c WHERE c.tenant = $1 AND c.owner_id = $2 AND NOT c.deleted
     ORDER BY c.updated_at DESC, c.conversation_id DESC LIMIT $3`,
    [tenant, ownerId, limit],
  );
  return rows.map(({ r }) => asConversation(r));
}

/** One live conversation of the school (null when there is none or it was deleted): callers check its owner. */
export async function liveConversation(db: SqlClient, tenant: string, conversationId: number): Promise<ConversationRow | null> {
  const { rows } = await db.query<{ r: ConversationRow }>(
    `SELECT to_jsonb(c.*) AS r FROM conversations c WHERE c.tenant = $1 AND c.conversation_id = $2 AND NOT c.deleted`,
    [tenant, conversationId],
  );
  return rows[0] ? asConversation(rows[0].r) : null;
}

/** A conversation's questions and answers, oldest first. */
export async function chatsOfConversation(db: SqlClient, tenant: string, conversationId: number): Promise<ConversationChatRow[]> {
  const { rows } = await db.query<{ r: ConversationChatRow }>(
    `SELECT to_jsonb(c.*) AS r FROM conversation_chats c WHERE c.tenant = $1 AND c.conversation_id = $2 ORDER BY c.seq`,
    [tenant, conversationId],
  );
  return rows.map(({ r }) => ({ ...r, conversation_id: Number(r.conversation_id), seq: Number(r.seq), created_at: iso(r.created_at) }));
}
