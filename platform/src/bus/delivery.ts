import type { NoticeErrorHandler, NoticeHandler, ProjectionNotice } from './types';

/**
 * Hands notices to one handler one at a time, in arrival order, off the publisher's call stack;
 * a failing handler is reported and skipped, so it neither blocks the queue nor the publisher.
 */
export function sequentialDelivery(handler: NoticeHandler, onError: NoticeErrorHandler) {
  let queue: Promise<void> = Promise.resolve();
  let active = true;
  return {
    deliver(notice: ProjectionNotice): void {
      queue = queue.then(async () => {
        if (!active) return;
        try {
          await handler(notice);
        } catch (error) {
          onError(error, notice);
        }
      });
    },
    /** Stops delivery; notices already queued are dropped. */
    stop(): void {
      active = false;
    },
  };
}

export function isProjectionNotice(value: unknown): value is ProjectionNotice {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.projection === 'string' &&
    typeof v.tenant === 'string' &&
    typeof v.position === 'string' &&
    Array.isArray(v.keys) &&
    v.keys.every((k) => typeof k === 'string')
  );
}
