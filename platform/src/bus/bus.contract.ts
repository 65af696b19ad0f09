import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NoticeBus, NoticeHandler, ProjectionNotice } from './types';

export type BusHarness = {
  /** May be the same bus as `subscriber` (in process) or another process's (PostgreSQL, Kafka). */
  publisher: NoticeBus;
  subscriber: NoticeBus;
  /** What the buses reported to their onError. */
  errors: unknown[];
  cleanup(): Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function eventually(check: () => void, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(10);
    }
  }
}

export function noticeBusContract(factory: () => Promise<BusHarness>): void {
  let h: BusHarness;
  // A tenant of our own, so notices from anything else sharing the transport are ignored.
  let tenant: string;
  beforeEach(async () => {
    h = await factory();
    tenant = `tenant-${randomUUID()}`;
  });
  afterEach(async () => {
    await h.cleanup();
  });

  const notice = (n: number, keys = [`key-${n}`]): ProjectionNotice => ({ projection: 'gradebook', tenant, keys, position: `pos-${n}` });
  const collect = async (onNotice: NoticeHandler = () => {}) => {
    const received: ProjectionNotice[] = [];
    const unsubscribe = await h.subscriber.subscribe(async (n) => {
      if (n.tenant !== tenant) return;
      received.push(n);
      await onNotice(n);
    });
    return { received, unsubscribe };
  };

  describe('notice bus', () => {
    it('delivers every notice to every subscriber, in publish order', async () => {
      const a = await collect();
      const b = await collect();
      const sent = Array.from({ length: 20 }, (_, i) => notice(i));
      for (const n of sent) await h.publisher.publish(n);
      await eventually(() => {
        expect(a.received).toEqual(sent);
        expect(b.received).toEqual(sent);
      });
    });

    it('hands a subscriber one notice at a time', async () => {
      let inHandler = 0;
      let most = 0;
      const slow = await collect(async () => {
        most = Math.max(most, ++inHandler);
        await sleep(5);
        inHandler--;
      });
      for (let i = 0; i < 10; i++) await h.publisher.publish(notice(i));
      await eventually(() => expect(slow.received).toHaveLength(10));
      expect(most).toBe(1);
    });

    it('reports a failing handler without disturbing the publisher, later notices or other subscribers', async () => {
      const failing = await collect((n) => {
        if (n.position === 'pos-0') throw new Error('socket gone');
      });
      const healthy = await collect();
      await h.publisher.publish(notice(0));
      await h.publisher.publish(notice(1));
      await eventually(() => {
        expect(failing.received.map((n) => n.position)).toEqual(['pos-0', 'pos-1']);
        expect(healthy.received.map((n) => n.position)).toEqual(['pos-0', 'pos-1']);
      });
      expect(h.errors).toEqual([expect.objectContaining({ message: 'socket gone' })]);
    });

    it('stops delivering after unsubscribe and after close', async () => {
      const leaving = await collect();
      const staying = await collect();
      await leaving.unsubscribe();
      await h.publisher.publish(notice(1));
      await eventually(() => expect(staying.received).toHaveLength(1));
      await h.subscriber.close();
      if (h.publisher !== h.subscriber) await h.publisher.publish(notice(2));
      await sleep(200);
      expect(leaving.received).toEqual([]);
      expect(staying.received).toHaveLength(1);
      await expect(h.subscriber.publish(notice(3))).rejects.toThrow(/closed/);
    });
  });
}
