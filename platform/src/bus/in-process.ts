import { sequentialDelivery } from './delivery';
import { defaultOnError, type NoticeBus, type NoticeBusOptions } from './types';

/** For one process (standalone mode, tests). Subscribers get copies, as over a real transport. */
export function createInProcessBus(options: NoticeBusOptions = {}): NoticeBus {
  const onError = options.onError ?? defaultOnError;
  const subscribers = new Set<ReturnType<typeof sequentialDelivery>>();
  let closed = false;

  return {
    async publish(notice) {
      if (closed) throw new Error('Notice bus is closed');
      for (const subscriber of subscribers) subscriber.deliver(structuredClone(notice));
    },
    async subscribe(handler) {
      if (closed) throw new Error('Notice bus is closed');
      const subscriber = sequentialDelivery(handler, onError);
      subscribers.add(subscriber);
      return async () => {
        subscriber.stop();
        subscribers.delete(subscriber);
      };
    },
    async close() {
      closed = true;
      for (const subscriber of subscribers) subscriber.stop();
      subscribers.clear();
    },
  };
}
