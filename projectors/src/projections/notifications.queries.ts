import type { SqlClient } from '@evergrade/platform/sql';
import type { NotificationRow } from './notifications';

export type { NotificationRow } from './notifications';

/** A user's notifications, newest first (at most `limit`), and how many of all theirs are unread. */
export async function notificationsOf(
  db: SqlClient,
  tenant: string,
  userId: number,
  limit = 50,
): Promise<{ unread: number; rows: NotificationRow[] }> {
  const { rows } = await db.query<NotificationRow & { unread: number | string }>(
    `SELECT n.*, count(*) FILTER (WHERE NOT n.read) OVER () AS unread FROM notifications n
     WHERE n.tenant = $1 AND n.user_id = $2 ORDER BY n.created_at DESC, n.id DESC LIMIT $3`,
    [tenant, userId, limit],
  );
  return {
    unread: rows[0] ? Number(rows[0].unread) : 0,
    rows: rows.map(({ unread: _, ...r }) => ({ ...r, user_id: Number(r.user_id), created_at: new Date(r.created_at).toISOString() })),
  };
}
