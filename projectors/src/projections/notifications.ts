import { noticeKeys, NOTIFICATIONS_PROJECTION, notificationIdOfRequest, type EventOf } from '@evergrade/contracts';
import type { RecordedEvent } from '@evergrade/platform/event-store';
import { defineProjection, ofTypes, tenantOf, type Touched } from '../projection';
import { RowSet, type TableSpec } from '../row-set';

/** One notification of one user (the header's notification menu). `position`: the last event that changed it. */
export type NotificationRow = {
  tenant: string;
  user_id: number;
  id: string;
  kind: 'regrade-requested' | 'regrade-request-resolved';
  title: string;
  body: string;
  link: string;
  created_at: string;
  read: boolean;
  position: string;
};

const notificationsTable: TableSpec<NotificationRow> = {
  table: 'notifications',
  key: ['tenant', 'user_id', 'id'],
  columns: ['tenant', 'user_id', 'id', 'kind', 'title', 'body', 'link', 'created_at', 'read', 'position'],
};

type State = { notifications: RowSet<NotificationRow> };

const OUTCOME_WORDS = { accepted: 'accepted', rejected: 'not accepted', answered: 'answered' } as const;
const points = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));

/** Pure: the words a student reads when their regrade request is resolved. */
export function regradeNotice(d: EventOf<'RegradeRequestResolved'>['data']): Pick<NotificationRow, 'title' | 'body' | 'link'> {
  const title = `Regrade request ${OUTCOME_WORDS[d.outcome]}: Question ${d.questionNumber} of ${d.assignmentTitle}`;
  const mark =
    d.points === null ? '' : ` Your mark changed from ${points(d.previousPoints)} to ${points(d.points)} of ${points(d.pointsPossible)}.`;
  return { title, body: `${d.reply}${mark}`, link: `/student/assignments/${d.assignmentId}#question-${d.questionId}` };
}

/**
 * Pure: the course's instructors hear of each request, the student of its outcome (and the instructor who resolved it
 * has read theirs); a user's reads mark theirs read.
 */
export function evolveNotifications(state: State, recorded: RecordedEvent): Touched | null {
  const tenant = tenantOf(recorded);
  const position = recorded.globalPosition;
  if (recorded.type === 'RegradeRequested') {
    const d = recorded.data as EventOf<'RegradeRequested'>['data'];
    const keys: string[] = [];
    for (const instructorId of d.instructorIds ?? []) {
      const key = { tenant, user_id: instructorId, id: notificationIdOfRequest(d.requestId) };
      if (state.notifications.has(key)) continue;
      state.notifications.put({
        ...key,
        kind: 'regrade-requested',
        title: `Regrade request: Question ${d.questionNumber} of ${d.assignmentTitle}`,
        body: d.reason,
        link: `/instructor/assignments/${d.assignmentId}#regrade-requests`,
        created_at: d.requestedAt,
        read: false,
        position,
      });
      keys.push(noticeKeys.user(instructorId));
    }
    return keys.length ? { tenant, keys } : null;
  }
  if (recorded.type === 'RegradeRequestResolved') {
    const d = recorded.data as EventOf<'RegradeRequestResolved'>['data'];
    const key = { tenant, user_id: d.studentId, id: notificationIdOfRequest(d.requestId) };
    if (state.notifications.has(key)) return null;
    const own = state.notifications.get({ tenant, user_id: d.by, id: key.id });
    if (own && !own.read) state.notifications.put({ ...own, read: true, position });
    state.notifications.put({
      ...key,
      kind: 'regrade-request-resolved',
      ...regradeNotice(d),
      created_at: d.resolvedAt,
      read: false,
      position,
    });
    return { tenant, keys: own ? [noticeKeys.user(d.studentId), noticeKeys.user(d.by)] : [noticeKeys.user(d.studentId)] };
  }
  if (recorded.type === 'NotificationsRead') {
    const d = recorded.data as EventOf<'NotificationsRead'>['data'];
    const ids = d.ids ? new Set(d.ids) : null;
    const rows = state.notifications.filter((r) => r.tenant === tenant && Number(r.user_id) === d.userId && (!ids || ids.has(r.id)));
    for (const r of rows) if (!r.read && r.position < position) state.notifications.put({ ...r, read: true, position });
    return { tenant, keys: [noticeKeys.user(d.userId)] };
  }
  return null;
}

/** Each user's notifications: students' regrade requests (to their instructors) and their outcomes (to the student). */
export const notificationsProjection = defineProjection<State>({
  name: NOTIFICATIONS_PROJECTION,
  version: 1,
  tables: ['notifications'],
  handles: ['RegradeRequested', 'RegradeRequestResolved', 'NotificationsRead'],
  async migrate(db) {
    await db.query(`CREATE TABLE IF NOT EXISTS notifications (
      tenant text NOT NULL, user_id integer NOT NULL, id text NOT NULL, kind text NOT NULL, title text NOT NULL,
      body text NOT NULL, link text NOT NULL, created_at timestamptz NOT NULL, read boolean NOT NULL, position text NOT NULL,
      PRIMARY KEY (tenant, user_id, id))`);
  },
  init: () => ({ notifications: new RowSet(notificationsTable) }),
  async load(tx, state, events) {
    // Every notification of each user the batch names (a read touches all of theirs): one query, and a user has few.
    const users = ofTypes(events, 'RegradeRequested', 'RegradeRequestResolved', 'NotificationsRead').flatMap((e) => {
      const tenant = tenantOf(e);
      const ids =
        e.type === 'NotificationsRead'
          ? [e.data.userId]
          : e.type === 'RegradeRequested'
            ? ((e.data.instructorIds as number[] | undefined) ?? [])
            : [e.data.studentId, e.data.by];
      return ids.map((id) => ({ tenant, user_id: Number(id) }));
    });
    await state.notifications.loadIn(tx, ['tenant', 'user_id'], users);
  },
  evolve: evolveNotifications,
  carry: ['notifications'],
});
