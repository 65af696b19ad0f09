import type { Database } from '../sql/types';
import { isProjectionNotice, sequentialDelivery } from './delivery';
import { defaultOnError, type NoticeBus, type NoticeBusOptions, type ProjectionNotice } from './types';

export const NOTICES_CHANNEL = 'evergrade_notices';

// PostgreSQL rejects NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD_BYTES = 7_900;

/** Splits a notice whose keys do not fit one payload into several with the same projection and position. */
export function toPayloads(notice: ProjectionNotice): string[] {
  const whole = JSON.stringify(notice);
  if (Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) return [whole];
  const base = Buffer.byteLength(JSON.stringify({ ...notice, keys: [] }));
  const payloads: string[] = [];
  let keys: string[] = [];
  let size = base;
  for (const key of notice.keys) {
    const keySize = Buffer.byteLength(JSON.stringify(key)) + 1;
    if (base + keySize > MAX_PAYLOAD_BYTES) throw new RangeError(`A key of ${notice.projection} is too long to notify`);
    if (size + keySize > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ ...notice, keys }));
      keys = [];
      size = base;
    }
    keys.push(key);
    size += keySize;
  }
  payloads.push(JSON.stringify({ ...notice, keys }));
  return payloads;
}

/**
 * LISTEN/NOTIFY, for distributed mode where projectors and query services share only the
 * database. Works over PGlite too. The database stays open on close(): the bus does not own it.
 */
export function createPostgresBus(db: Database, options: NoticeBusOptions = {}): NoticeBus {
  const onError = options.onError ?? defaultOnError;
  const subscriptions = new Set<() => Promise<void>>();
  let closed = false;

  return {
    async publish(notice) {
      if (closed) throw new Error('Notice bus is closed');
      for (const payload of toPayloads(notice)) await db.notify(NOTICES_CHANNEL, payload);
    },
    async subscribe(handler) {
      if (closed) throw new Error('Notice bus is closed');
      const delivery = sequentialDelivery(handler, onError);
      const unlisten = await db.listen(NOTICES_CHANNEL, (payload) => {
        let notice: unknown;
        try {
          notice = JSON.parse(payload);
        } catch (error) {
          return onError(error);
        }
        if (isProjectionNotice(notice)) delivery.deliver(notice);
        else onError(new TypeError(`Not a projection notice: ${payload.slice(0, 200)}`));
      });
      const unsubscribe = async () => {
        if (!subscriptions.delete(unsubscribe)) return;
        delivery.stop();
        await unlisten();
      };
      subscriptions.add(unsubscribe);
      return unsubscribe;
    },
    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((unsubscribe) => unsubscribe()));
    },
  };
}
