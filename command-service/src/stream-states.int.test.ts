import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@evergrade/contracts';
import type { EventStore, RecordedEvent } from '@evergrade/platform/event-store';
import { loadFolded, loadFoldedMany, StreamStates, streamStatesOf, TAIL_READS_IN_FLIGHT } from './stream-states';
import { openTestDatabase, type TestDatabase } from './testing-db';

/** Counts a stream's events: the state at version v is v. */
const counter = { initialState: () => 0, evolve: (n: number, _e: DomainEvent) => n + 1 };

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

let run = 0;
const ids = () => {
  run += 1;
  return { shared: `Course-${run}`, own: (i: number) => `Submission-${run}-${i}` };
};
const put = async (store: EventStore, streamId: string, n: number) => {
  const before = (await store.readStream(streamId)).length;
  await store.append(
    streamId,
    Array.from({ length: n }, (_, i) => ({ type: 'Noted', data: { i } })),
    { expectedVersion: before === 0 ? 'no_stream' : before },
  );
};

/** The store with its `readStreams` counted, and each one's answer held back (after it was read) until released. */
function watched(store: EventStore) {
  let gate: Promise<void> | null = null;
  let open = () => {};
  const calls: number[] = [];
  /** Reads that have their answer (their snapshot taken), held back or not. */
  let read = 0;
  const wrapped: EventStore = {
    ...store,
    async readStreams(requests) {
      calls.push(requests.length);
      const tails: RecordedEvent[][] = await store.readStreams!(requests);
      read += 1;
      if (gate) await gate;
      return tails;
    },
  };
  return {
    store: wrapped,
    calls,
    read: () => read,
    hold() {
      gate = new Promise((r) => (open = r));
    },
    release() {
      gate = null;
      open();
    },
  };
}

describe('tail reads grouped across commands (stream-states.ts)', () => {
  it('many commands reading at once go out in a few statements, each answered as its own read would be', async () => {
    const { shared, own } = ids();
    await put(t.store, shared, 3);
    for (let i = 0; i < 20; i++) await put(t.store, own(i), i + 1);
    const w = watched(t.store);
    const loads = Array.from({ length: 20 }, (_, i) =>
      loadFoldedMany(w.store, [
        { streamId: shared, decider: counter as never },
        { streamId: own(i), decider: counter as never },
      ]),
    );
    const results = await Promise.all(loads);
    results.forEach(([course, mine], i) => {
      expect(course).toMatchObject({ state: 3, version: 3 });
      expect(mine).toMatchObject({ state: i + 1, version: i + 1 });
    });
    // Asked for in one turn of the event loop: one statement for all of them.
    expect(w.calls.length).toBe(1);
    // Every load asked for its own stream; the shared one, asked for from the same version, once per statement.
    expect(w.calls.reduce((a, b) => a + b, 0)).toBe(20 + w.calls.length);
    // Cached now: the next read of each asks only for what came after, and gets the event appended since.
    await put(t.store, shared, 1);
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => loadFolded(w.store, own(i % 2 ? i : 0), counter)));
    expect(again.map((f) => f.version)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? i : 0) + 1));
    expect((await loadFolded(w.store, shared, counter)).version).toBe(4);
  });

  it('a read asked for while others are in flight waits for the next statement: it sees every event committed before it', async () => {
    const { shared } = ids();
    await put(t.store, shared, 2);
    const w = watched(t.store);
    w.hold();
    // Both slots taken by reads whose snapshot is older than the append below (asked for in turns of their own: reads
    // of one turn go out together).
    const early: Promise<{ version: number }>[] = [];
    for (let i = 0; i < TAIL_READS_IN_FLIGHT; i++) {
      early.push(loadFolded(w.store, shared, counter));
      await new Promise((r) => setImmediate(r));
    }
    await expect.poll(() => w.read()).toBe(TAIL_READS_IN_FLIGHT);
    await put(t.store, shared, 1);
    const late = loadFolded(w.store, shared, counter);
    w.release();
    expect((await Promise.all(early)).map((f) => f.version)).toEqual(early.map(() => 2));
    expect((await late).version).toBe(3);
    expect(w.calls.length).toBe(TAIL_READS_IN_FLIGHT + 1);
  });

  it('a tail read that returns after a command cached a newer state leaves the newer one', async () => {
    const { shared } = ids();
    await put(t.store, shared, 3);
    const w = watched(t.store);
    expect((await loadFolded(w.store, shared, counter)).version).toBe(3);
    // Two more: the read below brings the cached state from 3 to 5.
    await put(t.store, shared, 2);
    w.hold();
    const reading = loadFolded(w.store, shared, counter);
    await expect.poll(() => w.read()).toBe(2);
    // A command of this process appends and caches the state it left (as handleCommand does).
    await put(t.store, shared, 1);
    streamStatesOf(w.store).set(shared, counter, { state: 6, version: 6, position: null });
    w.release();
    // The newer state stays cached, and the read answers with it: it holds everything the read saw and more.
    expect(await reading).toMatchObject({ state: 6, version: 6 });
    expect(streamStatesOf(w.store).get(shared, counter)).toMatchObject({ state: 6, version: 6 });
  });

  it('commands that miss together on a cold cache read a long stream once per statement and fold it once', async () => {
    const { shared } = ids();
    await put(t.store, shared, 500);
    const w = watched(t.store);
    let evolved = 0;
    const counting = { initialState: () => 0, evolve: (n: number) => (evolved++, n + 1) };
    const loads = await Promise.all(Array.from({ length: 50 }, () => loadFolded(w.store, shared, counting)));
    expect(loads.every((f) => f.state === 500 && f.version === 500)).toBe(true);
    // Each statement asked for the stream once, whatever the number of commands waiting on it.
    expect(w.calls.every((n) => n === 1)).toBe(true);
    // Folded once per statement at most (the statements that went out before the first fold was cached), not 50 times.
    expect(evolved).toBeLessThanOrEqual(500 * w.calls.length);
    expect(w.calls.length).toBe(1);
  });

  it('reads asked for in different turns of the event loop, with a slot free, each go out without waiting for the other', async () => {
    const { shared, own } = ids();
    await put(t.store, shared, 1);
    await put(t.store, own(0), 1);
    const w = watched(t.store);
    w.hold();
    const first = loadFolded(w.store, shared, counter);
    await expect.poll(() => w.read()).toBe(1);
    // The first is still held: the second goes out on the other slot.
    const second = loadFolded(w.store, own(0), counter);
    await expect.poll(() => w.read()).toBe(2);
    w.release();
    expect((await first).version).toBe(1);
    expect((await second).version).toBe(1);
    expect(w.calls).toEqual([1, 1]);
  });
});

describe('the cache of folded states (StreamStates)', () => {
  it('keeps at most its cap, dropping states not used lately first; a look-up does not reorder it', () => {
    const states = new StreamStates(3);
    const at = (v: number) => ({ state: v, version: v, position: null });
    states.set('a', counter, at(1));
    states.set('b', counter, at(1));
    states.set('c', counter, at(1));
    // Each entry is marked used when set; one pass unmarks them all and drops the first: a.
    states.set('d', counter, at(1));
    expect(states.size).toBe(3);
    expect(states.get('a', counter)).toBeUndefined();
    // b is used again: the next one over the cap to go is c, not b.
    expect(states.get('b', counter)).toMatchObject({ version: 1 });
    states.set('e', counter, at(1));
    expect(states.get('c', counter)).toBeUndefined();
    expect(states.get('b', counter)).toMatchObject({ version: 1 });
    // Replacing a state keeps the cap, and a different folder of the same stream finds nothing.
    states.set('b', counter, at(2));
    expect(states.size).toBe(3);
    expect(states.get('b', counter)).toMatchObject({ version: 2 });
    expect(states.get('b', {})).toBeUndefined();
    expect(states.versionOf('e')).toBe(1);
  });
});
