/**
 * "Projection X changed these keys of tenant T, up to position P." A hint for live updates: the
 * receiver re-reads what it needs, so a lost or duplicated notice costs freshness, never truth.
 */
export type ProjectionNotice = {
  projection: string;
  tenant: string;
  keys: string[];
  /** The global position the projection had reached, as the event store encodes it. */
  position: string;
};

export type NoticeHandler = (notice: ProjectionNotice) => void | Promise<void>;

/**
 * Broadcast: every subscriber of every process gets every notice, in publish order per publisher.
 * At most once. Adapters: in process, PostgreSQL LISTEN/NOTIFY; shaped for a Kafka topic too
 * (publish = produce, subscribe = a consumer in a group of its own, close = disconnect).
 */
export type NoticeBus = {
  /** Resolves once the transport has taken the notice, not once subscribers have handled it. */
  publish(notice: ProjectionNotice): Promise<void>;
  /** Resolves once the subscription is live; the returned function ends it. */
  subscribe(handler: NoticeHandler): Promise<() => Promise<void>>;
  /** Ends every subscription of this bus; leaves any database it was given open. */
  close(): Promise<void>;
};

/** A handler failure or an unreadable message; never thrown at the publisher. */
export type NoticeErrorHandler = (error: unknown, notice?: ProjectionNotice) => void;

export type NoticeBusOptions = { onError?: NoticeErrorHandler };

export const defaultOnError: NoticeErrorHandler = (error, notice) => {
  console.error('Notice handler failed', notice ? { projection: notice.projection, tenant: notice.tenant } : {}, error);
};
