import type { EventStore } from '@evergrade/platform/event-store';
import type { SessionStore } from '@evergrade/platform/auth';

export type CommandServiceDeps = {
  store: EventStore;
  sessions: SessionStore;
  /** The clock lives at the edge so deciders stay pure. */
  now: () => Date;
  cookieSecure: boolean;
};
