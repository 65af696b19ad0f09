import { describe, expect, it } from 'vitest';
import type { EventStoreHarness } from './event-store.contract';
import { newEvent as ev, range, sleep, waitFor } from './test-helpers';
import type { RecordedEvent } from './types';

/** Part of `eventStoreContract`; `harness()` is the fresh store of the current test. */
export function subscriptionContract(harness: () => EventStoreHarness): void {
  const types = (events: RecordedEvent[]) => events.map((e) => e.type);

  describe('subscribe', () => {
    it('delivers existing events, then new ones, until stopped', async () => {
      const { store } = harness();
      await store.append('s', [ev('E1'), ev('E2'), ev('E3')], { expectedVersion: 'no_stream' });
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe({ batchSize: 2 }, (e) => {
        received.push(e);
      });
      await waitFor(() => received.length === 3);
      await store.append('t', [ev('E4')], { expectedVersion: 'no_stream' });
      await store.append('s', [ev('E5')], { expectedVersion: 3 });
      await waitFor(() => received.length === 5);
      await subscription.stop();
      await store.append('s', [ev('E6')], { expectedVersion: 4 });
      await sleep(400);

      expect(types(received)).toEqual(['E1', 'E2', 'E3', 'E4', 'E5']);
      await expect(subscription.done).resolves.toBeUndefined();
    });

    it('starts strictly after the given position', async () => {
      const { store } = harness();
      await store.append(
        's',
        range(5).map((i) => ev(`E${i}`)),
        { expectedVersion: 'no_stream' },
      );
      await expect.poll(async () => (await store.readAll({ limit: 10 })).length, { timeout: 10_000 }).toBe(5);
      const all = await store.readAll({ limit: 10 });
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe({ after: all[1]!.globalPosition }, (e) => {
        received.push(e);
      });
      await waitFor(() => received.length === 3);
      await subscription.stop();
      expect(received).toEqual(all.slice(2));
    });

    it('stops after the event in hand when stop() is called mid-handler', async () => {
      const { store } = harness();
      await store.append(
        's',
        range(5).map((i) => ev(`E${i}`)),
        { expectedVersion: 'no_stream' },
      );
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const received: string[] = [];
      const subscription = store.subscribe({ batchSize: 2 }, async (e) => {
        received.push(e.type);
        await gate;
      });
      await waitFor(() => received.length === 1);
      const stopped = subscription.stop();
      release();
      await stopped;
      expect(received).toEqual(['E0']);
    });

    it('rejects done and stops when the handler throws', async () => {
      const { store } = harness();
      await store.append(
        's',
        range(4).map((i) => ev(`E${i}`)),
        { expectedVersion: 'no_stream' },
      );
      const received: string[] = [];
      const subscription = store.subscribe({}, (e) => {
        received.push(e.type);
        if (e.type === 'E1') throw new Error('projection failed');
      });
      await expect(subscription.done).rejects.toThrow('projection failed');
      await store.append('s', [ev('E4')], { expectedVersion: 4 });
      await sleep(300);
      expect(received).toEqual(['E0', 'E1']);
      await subscription.stop();
    });

    it('wakes on an append through the same store, without waiting for the poll', async () => {
      const store = await harness().openPeer({ pollIntervalMs: 60_000 });
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe({}, (e) => {
        received.push(e);
      });
      await sleep(200);
      await store.append('s', [ev('Woken')], { expectedVersion: 'no_stream' });
      await waitFor(() => received.length === 1, 3_000, 'a local wake');
      await subscription.stop();
    });

    it('wakes on an append by another store over the same database', async () => {
      const { store, openPeer } = harness();
      const listener = await openPeer({ pollIntervalMs: 60_000 });
      const received: RecordedEvent[] = [];
      const subscription = listener.subscribe({}, (e) => {
        received.push(e);
      });
      await sleep(200);
      await store.append('s', [ev('Notified')], { expectedVersion: 'no_stream' });
      await waitFor(() => received.length === 1, 5_000, 'a notification');
      await subscription.stop();
    });

    it('close() stops its subscriptions', async () => {
      const peer = await harness().openPeer();
      const subscription = peer.subscribe({}, () => {});
      await peer.close();
      await expect(subscription.done).resolves.toBeUndefined();
      expect(() => peer.subscribe({}, () => {})).toThrow(/closed/);
    });
  });
}
