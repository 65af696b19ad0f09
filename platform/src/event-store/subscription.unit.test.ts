import { describe, expect, it } from 'vitest';
import { startSubscription, WakeSignal } from './subscription';
import type { ReadAllOptions, RecordedEvent } from './types';

const event = (n: number): RecordedEvent => ({
  eventId: `e${n}`,
  type: 'E',
  schemaVersion: 1,
  data: { n },
  metadata: {},
  streamId: 's',
  streamVersion: n,
  globalPosition: String(n).padStart(8, '0') as never,
  recordedAt: new Date(0),
});

/** A log in memory: `append` adds an event and wakes the subscription as a store's append does. */
function log() {
  const events: RecordedEvent[] = [];
  const reads: number[] = [];
  const signal = new WakeSignal();
  return {
    signal,
    reads,
    append() {
      events.push(event(events.length + 1));
      signal.wake();
    },
    async readAll({ after, limit }: ReadAllOptions) {
      reads.push(Date.now());
      return events.filter((e) => after === undefined || e.globalPosition > after).slice(0, limit);
    },
  };
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setTimeout(r, 2));
};

describe('subscription', () => {
  it('once caught up, reads the appends of a busy log together: one read per interval, not one per append', async () => {
    const l = log();
    const received: number[] = [];
    const subscription = startSubscription(
      { readAll: l.readAll, signal: l.signal, pollIntervalMs: 60_000 },
      { readIntervalMs: 200 },
      (e) => {
        received.push(e.data.n as number);
      },
    );
    await until(() => l.reads.length === 1);
    const start = Date.now();
    for (let i = 0; i < 20; i++) {
      l.append();
      await new Promise((r) => setTimeout(r, 5));
    }
    await until(() => received.length === 20);
    // Twenty wakes: the first read after the initial one waits out the interval, and takes what came meanwhile.
    expect(l.reads.length).toBeLessThanOrEqual(3);
    expect(l.reads[1]! - l.reads[0]!).toBeGreaterThanOrEqual(195);
    expect(Date.now() - start).toBeLessThan(2_000);
    await subscription.stop();
    expect(received).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('reads on every wake with an interval of 0', async () => {
    const l = log();
    const received: number[] = [];
    const subscription = startSubscription({ readAll: l.readAll, signal: l.signal, pollIntervalMs: 60_000 }, { readIntervalMs: 0 }, (e) => {
      received.push(e.data.n as number);
    });
    await until(() => l.reads.length === 1);
    for (let i = 0; i < 5; i++) {
      l.append();
      await until(() => received.length === i + 1);
    }
    expect(l.reads.length).toBe(6);
    await subscription.stop();
  });

  it('stops at once while waiting out the interval', async () => {
    const l = log();
    const subscription = startSubscription(
      { readAll: l.readAll, signal: l.signal, pollIntervalMs: 60_000 },
      { readIntervalMs: 60_000 },
      () => {},
    );
    await until(() => l.reads.length === 1);
    l.append();
    const t = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    await subscription.stop();
    expect(Date.now() - t).toBeLessThan(1_000);
  });
});
