import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newEvent as ev, range, seededRandom, sleep, waitFor } from './test-helpers';
import { WrongExpectedVersionError, type AppendResult, type EventStore, type RecordedEvent } from './types';
import { subscriptionContract } from './subscription.contract';

export type EventStoreHarness = {
  store: EventStore;
  /** Another store over the same data, as a second process (PostgreSQL) or component (PGlite) opens it. */
  openPeer(options?: { pollIntervalMs?: number }): Promise<EventStore>;
  cleanup(): Promise<void>;
};

/** Opens a store over fresh, empty state. */
export type EventStoreFactory = () => Promise<EventStoreHarness>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function eventStoreContract(factory: EventStoreFactory): void {
  let h: EventStoreHarness;
  let store: EventStore;
  beforeEach(async () => {
    h = await factory();
    store = h.store;
  });
  afterEach(async () => {
    await h.cleanup();
  });

  const versions = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.streamVersion);

  describe('append and readStream', () => {
    it('round-trips every recorded field', async () => {
      const before = Date.now();
      const metadata = { tenant: 't1', actorId: 'u1', actorRole: 'teacher', commandId: 'cmd-1', correlationId: 'c1', causationId: 'c0' };
      const result = await store.append(
        'course-1',
        [
          ev('CourseCreated', { title: 'Algebra' }, metadata),
          { type: 'CourseRenamed', data: { title: 'Algebra II', tags: ['a', 1, null], nested: { ok: true } }, schemaVersion: 2 },
        ],
        { expectedVersion: 'no_stream' },
      );
      const events = await store.readStream('course-1');

      expect(events).toEqual([
        {
          eventId: expect.stringMatching(UUID),
          type: 'CourseCreated',
          schemaVersion: 1,
          data: { title: 'Algebra' },
          metadata,
          streamId: 'course-1',
          streamVersion: 1,
          globalPosition: expect.any(String),
          recordedAt: expect.any(Date),
        },
        {
          eventId: expect.stringMatching(UUID),
          type: 'CourseRenamed',
          schemaVersion: 2,
          data: { title: 'Algebra II', tags: ['a', 1, null], nested: { ok: true } },
          metadata: {},
          streamId: 'course-1',
          streamVersion: 2,
          globalPosition: expect.any(String),
          recordedAt: expect.any(Date),
        },
      ]);
      const [first, second] = events as [RecordedEvent, RecordedEvent];
      expect(first.eventId).not.toBe(second.eventId);
      expect(store.comparePositions(first.globalPosition, second.globalPosition)).toBeLessThan(0);
      expect(Math.abs(first.recordedAt.getTime() - before)).toBeLessThan(60_000);
      expect(result).toEqual({ nextExpectedVersion: 2, lastPosition: second.globalPosition, appended: true });
      expect(await store.readStream('course-1', { fromVersion: 2 })).toEqual([second]);
      expect(await store.readStream('no-such-stream')).toEqual([]);
      // Visible to readAll once no older transaction in the cluster is in flight.
      await expect.poll(() => store.readAll({ limit: 10 }), { timeout: 10_000 }).toEqual(events);
    });

    it('enforces expectedVersion: a number, no_stream (= 0) and any', async () => {
      const stale = (expected: number | 'no_stream', actual: number) =>
        expect.objectContaining({ name: 'WrongExpectedVersionError', streamId: 's', expected, actual });

      await expect(store.append('s', [ev('A')], { expectedVersion: 1 })).rejects.toEqual(stale(1, 0));
      expect((await store.append('s', [ev('A')], { expectedVersion: 'no_stream' })).nextExpectedVersion).toBe(1);
      await expect(store.append('s', [ev('B')], { expectedVersion: 'no_stream' })).rejects.toEqual(stale('no_stream', 1));
      await expect(store.append('s', [ev('B')], { expectedVersion: 0 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.append('s', [ev('B'), ev('C')], { expectedVersion: 1 })).nextExpectedVersion).toBe(3);
      await expect(store.append('s', [ev('D')], { expectedVersion: 1 })).rejects.toEqual(stale(1, 3));
      await expect(store.append('s', [ev('D')], { expectedVersion: 7 })).rejects.toEqual(stale(7, 3));
      expect((await store.append('s', [ev('D')], { expectedVersion: 'any' })).nextExpectedVersion).toBe(4);
      expect((await store.append('other', [ev('A')], { expectedVersion: 'any' })).nextExpectedVersion).toBe(1);
      expect((await store.append('third', [ev('A')], { expectedVersion: 0 })).nextExpectedVersion).toBe(1);
      expect((await store.readStream('s')).map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('reads a window of a stream: from a version, at most a limit of events', async () => {
      await store.append(
        'w',
        ['A', 'B', 'C', 'D', 'E'].map((t) => ev(t)),
        { expectedVersion: 'no_stream' },
      );
      await store.append('w-other', [ev('X')], { expectedVersion: 'no_stream' });
      const window = async (options: { fromVersion?: number; limit?: number }) =>
        (await store.readStream('w', options)).map((e) => `${e.streamVersion}${e.type}`);

      expect(await window({ fromVersion: 3, limit: 1 })).toEqual(['3C']);
      expect(await window({ fromVersion: 2, limit: 2 })).toEqual(['2B', '3C']);
      expect(await window({ limit: 2 })).toEqual(['1A', '2B']);
      expect(await window({ fromVersion: 4, limit: 10 })).toEqual(['4D', '5E']);
      expect(await window({ fromVersion: 6, limit: 1 })).toEqual([]);
      expect(await window({ fromVersion: 2 })).toEqual(['2B', '3C', '4D', '5E']);
      expect(await store.readStream('no-such-stream', { fromVersion: 1, limit: 1 })).toEqual([]);
      await expect(store.readStream('w', { limit: 0 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.readStream('w', { limit: 1.5 })).rejects.toBeInstanceOf(RangeError);
    });

    it('lets exactly one of two writers racing with the same expected version win, every round', async () => {
      const peer = await h.openPeer();
      const rounds = 40;
      for (const round of range(rounds)) {
        const outcomes = await Promise.allSettled(
          [store, peer].map((writer, i) => writer.append('race', [ev('Raced', { round, writer: i })], { expectedVersion: round })),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const loser = outcomes.find((o) => o.status === 'rejected');
        expect(loser?.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(loser?.reason).toMatchObject({ expected: round, actual: round + 1 });
      }
      const events = await store.readStream('race');
      expect(events.map((e) => e.streamVersion)).toEqual(range(rounds).map((i) => i + 1));
      expect(events.map((e) => e.data.round)).toEqual(range(rounds));
    });

    it("serialises concurrent 'any' appends into consecutive versions", async () => {
      const peer = await h.openPeer();
      const results = await Promise.all(
        range(12).map((i) => (i % 2 ? peer : store).append('busy', [ev('A', { i }), ev('B', { i })], { expectedVersion: 'any' })),
      );
      expect(results.map((r) => r.nextExpectedVersion).sort((a, b) => a - b)).toEqual(range(12).map((i) => 2 * (i + 1)));
      expect(await versions('busy')).toEqual(range(24).map((i) => i + 1));
    });

    it('reads several streams at once, each from its own version (readStreams, where the store has it)', async () => {
      await store.append('multi-a', [ev('A1'), ev('A2'), ev('A3')], { expectedVersion: 'no_stream' });
      await store.append('multi-b', [ev('B1')], { expectedVersion: 'no_stream' });
      const requests = [
        { streamId: 'multi-a', fromVersion: 2 },
        { streamId: 'multi-none', fromVersion: 1 },
        { streamId: 'multi-b', fromVersion: 2 },
        { streamId: 'multi-a', fromVersion: 1 },
      ];
      const expected = await Promise.all(requests.map((r) => store.readStream(r.streamId, { fromVersion: r.fromVersion })));
      expect(expected.map((events) => events.map((e) => e.type))).toEqual([['A2', 'A3'], [], [], ['A1', 'A2', 'A3']]);
      if (store.readStreams) expect(await store.readStreams(requests)).toEqual(expected);
    });

    it('rejects an empty append', async () => {
      await expect(store.append('s', [], { expectedVersion: 'any' })).rejects.toThrow(/at least one event/);
    });
  });

  describe('idempotent command ids', () => {
    const cmd = (commandId: string) => [ev('Saved', { commandId }, { commandId }), ev('Graded', {}, { commandId })];

    it('appends a retried command once and returns the first result', async () => {
      const first = await store.append('sub-1', cmd('c1'), { expectedVersion: 'no_stream' });
      expect(first).toMatchObject({ nextExpectedVersion: 2, appended: true });
      const retried = await store.append('sub-1', cmd('c1'), { expectedVersion: 'no_stream' });
      expect(retried).toEqual({ ...first, appended: false });

      await store.append('sub-1', [ev('Other', {}, { commandId: 'c2' })], { expectedVersion: 2 });
      await store.append('sub-1', [ev('NoCommand')], { expectedVersion: 3 });
      expect(await store.append('sub-1', cmd('c1'), { expectedVersion: 'any' })).toEqual({ ...first, appended: false });
      expect(await store.append('sub-1', cmd('c1'), { expectedVersion: 4 })).toEqual({ ...first, appended: false });
      expect(await versions('sub-1')).toEqual([1, 2, 3, 4]);

      const elsewhere = await store.append('sub-2', cmd('c1'), { expectedVersion: 'no_stream' });
      expect(elsewhere.appended).toBe(true);
    });

    it('appends concurrent duplicates once; every duplicate gets the first result, none an error', async () => {
      const peer = await h.openPeer();
      for (const round of range(20)) {
        const expectedVersion = round % 2 ? 2 * round : 'any';
        const results = await Promise.all(
          range(4).map((i) => (i % 2 ? peer : store).append('dup', cmd(`dup-${round}`), { expectedVersion })),
        );
        expect(results.filter((r) => r.appended)).toHaveLength(1);
        const winner = results.find((r) => r.appended) as AppendResult;
        for (const r of results) expect(r).toEqual({ ...winner, appended: r.appended });
        expect(winner.nextExpectedVersion).toBe(2 * round + 2);
      }
      expect(await versions('dup')).toEqual(range(40).map((i) => i + 1));
    });
  });

  describe('many appends at once (a store may group them into one statement)', () => {
    it('gives each append its own outcome: appended, found by its command id, or a version conflict', async () => {
      await store.append('g-behind', [ev('A'), ev('B')], { expectedVersion: 'no_stream' });
      const first = await store.append('g-dup', [ev('Saved', {}, { commandId: 'g-cmd' })], { expectedVersion: 'no_stream' });
      const settled = await Promise.allSettled([
        ...range(6).map((i) => store.append(`g-new-${i}`, [ev('New', { i }), ev('Next', { i })], { expectedVersion: 'no_stream' })),
        store.append('g-behind', [ev('Late')], { expectedVersion: 1 }),
        store.append('g-dup', [ev('Saved', {}, { commandId: 'g-cmd' })], { expectedVersion: 'no_stream' }),
        ...range(4).map((i) => store.append('g-same', [ev('Same', { i })], { expectedVersion: 'any' })),
        store.append('g-behind', [ev('C', {}, { commandId: 'g-c' })], { expectedVersion: 2 }),
        ...range(6).map((i) => store.append(`g-more-${i}`, [ev('More', { i })], { expectedVersion: 'no_stream' })),
      ]);
      const value = (i: number) => {
        const o = settled[i]!;
        if (o.status === 'rejected') throw o.reason;
        return o.value;
      };
      for (const i of range(6)) expect(value(i)).toMatchObject({ nextExpectedVersion: 2, appended: true });
      const conflict = settled[6]!;
      expect(conflict.status).toBe('rejected');
      expect(conflict.status === 'rejected' && conflict.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(value(7)).toEqual({ ...first, appended: false });
      expect(
        range(4)
          .map((i) => value(8 + i).nextExpectedVersion)
          .sort(),
      ).toEqual([1, 2, 3, 4]);
      expect(value(12)).toMatchObject({ nextExpectedVersion: 3, appended: true });
      for (const i of range(6)) expect(value(13 + i)).toMatchObject({ nextExpectedVersion: 1, appended: true });

      for (const i of range(6)) {
        const events = await store.readStream(`g-new-${i}`);
        expect(events.map((e) => [e.type, e.data.i, e.streamVersion])).toEqual([
          ['New', i, 1],
          ['Next', i, 2],
        ]);
        expect(events[1]!.globalPosition).toBe(value(i).lastPosition);
      }
      expect((await store.readStream('g-behind')).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      expect(await versions('g-dup')).toEqual([1]);
      expect(await versions('g-same')).toEqual([1, 2, 3, 4]);
      // Every append's events are next to each other in the global log, in version order.
      const all = await store.readAll({ limit: 1000 });
      for (const i of range(6)) {
        const at = all.findIndex((e) => e.streamId === `g-new-${i}`);
        expect(all.slice(at, at + 2).map((e) => [e.streamId, e.streamVersion])).toEqual([
          [`g-new-${i}`, 1],
          [`g-new-${i}`, 2],
        ]);
      }
    });

    it('lets exactly one of two stores appending to the same streams at once win each stream, every round', async () => {
      const peer = await h.openPeer();
      const streams = 8;
      for (const round of range(10)) {
        const outcomes = await Promise.all(
          range(streams).map(async (s) => {
            const results = await Promise.allSettled(
              [store, peer].map((writer, w) =>
                writer.append(`gr-${s}`, [ev('Raced', { round, w })], { expectedVersion: round === 0 ? 'no_stream' : round }),
              ),
            );
            return results;
          }),
        );
        for (const results of outcomes) {
          expect(results.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
          const loser = results.find((o) => o.status === 'rejected');
          expect(loser?.reason).toBeInstanceOf(WrongExpectedVersionError);
        }
      }
      for (const s of range(streams)) expect(await versions(`gr-${s}`)).toEqual(range(10).map((i) => i + 1));
    });
  });

  describe('readAll', () => {
    it('pages through the global log with after and limit', async () => {
      for (const i of range(10)) await store.append(`p-${i % 3}`, [ev('A', { i }), ev('B', { i })], { expectedVersion: 'any' });
      await expect.poll(async () => (await store.readAll({ limit: 1000 })).length, { timeout: 10_000 }).toBe(20);
      const all = await store.readAll({ limit: 1000 });
      for (const [a, b] of all.slice(1).map((e, i) => [all[i]!, e] as const)) {
        expect(store.comparePositions(a.globalPosition, b.globalPosition)).toBeLessThan(0);
      }

      const paged: RecordedEvent[] = [];
      for (let page = await store.readAll({ limit: 3 }); page.length > 0;) {
        expect(page.length).toBeLessThanOrEqual(3);
        paged.push(...page);
        page = await store.readAll({ after: page.at(-1)!.globalPosition, limit: 3 });
      }
      expect(paged).toEqual(all);
      expect(await store.readAll({ after: all[4]!.globalPosition, limit: 2 })).toEqual(all.slice(5, 7));
      expect(await store.readAll({ after: all.at(-1)!.globalPosition, limit: 10 })).toEqual([]);

      // Only some types: the same order, pages of at most `limit` events of those types, empty at the end.
      const onlyB: RecordedEvent[] = [];
      for (let page = await store.readAll({ limit: 3, types: ['B'] }); page.length > 0;) {
        expect(page.length).toBeLessThanOrEqual(3);
        onlyB.push(...page);
        page = await store.readAll({ after: page.at(-1)!.globalPosition, limit: 3, types: ['B'] });
      }
      expect(onlyB).toEqual(all.filter((e) => e.type === 'B'));
      expect(await store.readAll({ limit: 10, types: ['C'] })).toEqual([]);
      expect(await store.readAll({ limit: 100, types: ['A', 'B'] })).toEqual(all);
    });

    it('names the head: the newest committed event, which readAll reaches', async () => {
      expect(await store.headPosition()).toBeUndefined();
      await store.append('h-1', [ev('A')], { expectedVersion: 'any' });
      const peer = await h.openPeer();
      const last = await peer.append('h-2', [ev('B'), ev('C')], { expectedVersion: 'any' });
      const head = await store.headPosition();
      expect(head).toBe(last.lastPosition);
      await expect.poll(async () => (await store.readAll({ limit: 10 })).at(-1)?.globalPosition, { timeout: 10_000 }).toBe(head);
    });
  });

  describe('concurrent writers and a live subscriber', () => {
    it('delivers 16 writers × 500 events exactly once, each stream in version order', async () => {
      const writers = 16;
      const perStream = 500;
      const peer = await h.openPeer();
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe({ batchSize: 200 }, (e) => {
        received.push(e);
      });

      await Promise.all(
        range(writers).map(async (w) => {
          const random = seededRandom(w + 1);
          const writer = w % 2 ? peer : store;
          for (let version = 0; version < perStream;) {
            const n = Math.min(perStream - version, 1 + Math.floor(random() * 5));
            const events = range(n).map((i) => ev('Loaded', { writer: w, n: version + i + 1 }));
            version = (await writer.append(`load-${w}`, events, { expectedVersion: version })).nextExpectedVersion;
          }
        }),
      );
      await waitFor(() => received.length >= writers * perStream, 30_000, 'all events');
      await sleep(300);
      await subscription.stop();

      expect(received).toHaveLength(writers * perStream);
      expect(new Set(received.map((e) => e.eventId)).size).toBe(writers * perStream);
      for (const i of range(received.length - 1)) {
        expect(store.comparePositions(received[i]!.globalPosition, received[i + 1]!.globalPosition)).toBeLessThan(0);
      }
      for (const w of range(writers)) {
        const stream = received.filter((e) => e.streamId === `load-${w}`);
        expect(stream.map((e) => e.streamVersion)).toEqual(range(perStream).map((i) => i + 1));
        expect(stream.map((e) => e.data.n)).toEqual(range(perStream).map((i) => i + 1));
      }
      expect(received.map((e) => e.eventId)).toEqual((await store.readAll({ limit: 10_000 })).map((e) => e.eventId));
    });
  });

  subscriptionContract(() => h);
}
