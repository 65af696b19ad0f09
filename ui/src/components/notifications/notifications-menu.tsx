import { Link } from 'react-router';
import type { Notification } from '@evergrade/contracts';
import { useMarkNotificationsRead, useNotifications } from '../../api/regrade-requests';
import { formatDateTime } from '../../lib/format';
import { BellIcon } from '../icons';
import { Menu } from '../menu';
import './notifications.css';

/** The header's notification menu (spec document 1): the user's notifications, newest first, with an unread count. */
export function NotificationsMenu() {
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = query.data?.unread ?? 0;
  return (
    <Menu
      label={unread ? `Notifications (${unread} unread)` : 'Notifications'}
      className="menu-right notifications-menu"
      trigger={
        <span className="bell">
          <BellIcon />
          {unread > 0 && (
            <span className="bell-count" data-testid="notifications-unread" aria-hidden="true">
              {unread > 9 ? '9+' : unread}
            </span>
          )}
        </span>
      }
    >
      {(close) => (
        <div className="menu-panel notifications-panel" data-testid="notifications-panel">
          <div className="notifications-head">
            <p className="menu-heading">Notifications</p>
            {unread > 0 && (
              <button
                type="button"
                className="button button-ghost button-sm"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate(undefined)}
              >
                Mark all read
              </button>
            )}
          </div>
          <NotificationList
            loading={query.isPending}
            failed={query.isError}
            items={query.data?.notifications ?? []}
            onOpen={(n) => {
              if (!n.read) markRead.mutate([n.id]);
              close();
            }}
            onRetry={() => void query.refetch()}
          />
        </div>
      )}
    </Menu>
  );
}

export function NotificationList({
  loading,
  failed,
  items,
  onOpen,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  items: Notification[];
  onOpen: (n: Notification) => void;
  onRetry: () => void;
}) {
  if (loading) return <p className="menu-empty">Loading notifications…</p>;
  if (failed)
    return (
      <div className="menu-empty" role="alert">
        <p>Notifications could not be loaded.</p>
        <button type="button" className="button button-ghost button-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  if (items.length === 0) return <p className="menu-empty">No new notifications</p>;
  return (
    <ul className="notifications-list">
      {items.map((n) => (
        <li key={n.id}>
          <Link
            to={n.link}
            className={`notification${n.read ? '' : ' is-unread'}`}
            onClick={() => onOpen(n)}
            data-testid={`notification-${n.id}`}
          >
            <span className="notification-title">
              {!n.read && <span className="notification-dot" aria-label="Unread" />}
              {n.title}
            </span>
            <span className="notification-body">{n.body}</span>
            <time className="notification-time" dateTime={n.created_at}>
              {formatDateTime(n.created_at)}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
