import type { ReactNode } from 'react';
import { InboxIcon } from './icons';

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <div className="empty-state-icon">{icon ?? <InboxIcon width={28} height={28} />}</div>
      <p className="empty-state-title">{title}</p>
      {children && <div className="empty-state-body">{children}</div>}
    </div>
  );
}
