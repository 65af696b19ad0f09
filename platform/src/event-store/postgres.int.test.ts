import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '../sql/isolated-schema';
import { eventStoreContract } from './event-store.contract';
import { openPostgresEventStore, WrongExpectedVersionError, type EventStore, type RecordedEvent } from './index';
import { newEvent as ev, sleep, waitFor } from './test-helpers';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)(databaseUrl ? 'PostgreSQL event store' : 'PostgreSQL event store (skipped: DATABASE_URL not set)', () => {
  eventStoreContract(async () => {
    const schema = await createIsolatedSchema(databaseUrl!, 'es_test');
    const store = await openPostgresEventStore({ connectionString: schema.connectionString });
    const peers: EventStore[] = [];
    return {
      store,
      async openPeer(options) {
        const peer = await openPostgresEventStore({ connectionString: schema.connectionString, ...options });
        peers.push(peer);
        return peer;
      },
      async cleanup() {
        for (const peer of peers) await peer.close();
        await store.close();
        await schema.drop();
      },
    };
  });

  describe('transactions in flight', () => {
    let schema: IsolatedSchema;
    let store: EventStore;
    let slow: pg.Client;

    beforeEach(async () => {
      schema = await createIsolatedSchema(databaseUrl!, 'es_test');
      store = await openPostgresEventStore({ connectionString: schema.connectionString });
      slow = new pg.Client({ connectionString: schema.connectionString });
      await slow.connect();
    });
    afterEach(async () => {
      await slow.end();
      await store.close();
      await schema.drop();
    });

    // A writer whose append transaction has inserted but not yet committed.
    const beginSlowAppend = async (streamId: string, commandId: string | null = null) => {
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO events (stream_id, stream_version, event_id, type, data, command_id)
           VALUES ($1, 1, gen_random_uuid(), 'Slow', '{}', $2)`,
        [streamId, commandId],
      );
    };
    const blockedOnLock = () =>
      waitFor(
        async () => {
          const { rows } = await slow.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          );
          return Number(rows[0]?.n) > 0;
        },
        5_000,
        'the append to block on the slow transaction',
      );

    it('holds back later commits past an in-flight transaction until it commits', async () => {
      await store.append('before', [ev('Before')], { expectedVersion: 'no_stream' });
      const received: RecordedEvent[] = [];
      const subscription = store.subscribe({}, (e) => {
        received.push(e);
      });
      await waitFor(() => received.length === 1, 5_000, "the first event (another session's long transaction?)");
      await beginSlowAppend('slow');
      await store.append('later-1', [ev('Later'), ev('Later')], { expectedVersion: 'no_stream' });
      await store.append('later-2', [ev('Later')], { expectedVersion: 'no_stream' });

      expect((await store.readAll({ limit: 100 })).map((e) => e.streamId)).toEqual(['before']);
      await sleep(600);
      expect(received.map((e) => e.streamId)).toEqual(['before']);

      await slow.query('COMMIT');
      const order = ['before', 'slow', 'later-1', 'later-1', 'later-2'];
      await expect.poll(async () => (await store.readAll({ limit: 100 })).map((e) => e.streamId), { timeout: 10_000 }).toEqual(order);
      // The slow writer sent no notification: the poll timer picks its commit up.
      await waitFor(() => received.length === order.length, 5_000, 'held-back events');
      expect(received.map((e) => e.streamId)).toEqual(order);
      await subscription.stop();
    });

    it('turns a version lost at commit time into WrongExpectedVersionError', async () => {
      await beginSlowAppend('s');
      const append = store.append('s', [ev('Mine')], { expectedVersion: 'no_stream' });
      append.catch(() => {}); // settled before the assertions attach; they still see the outcome
      await blockedOnLock();
      await slow.query('COMMIT');
      await expect(append).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(append).rejects.toMatchObject({ expected: 'no_stream', actual: 1 });
    });

    it("retries an 'any' append that lost its version at commit time", async () => {
      await beginSlowAppend('s');
      const append = store.append('s', [ev('Mine')], { expectedVersion: 'any' });
      append.catch(() => {}); // settled before the assertions attach; they still see the outcome
      await blockedOnLock();
      await slow.query('COMMIT');
      await expect(append).resolves.toMatchObject({ nextExpectedVersion: 2, appended: true });
    });

    it('returns the first result to a duplicate command that lost at commit time', async () => {
      await beginSlowAppend('s', 'cmd-1');
      const append = store.append('s', [ev('Mine', {}, { commandId: 'cmd-1' })], { expectedVersion: 'no_stream' });
      append.catch(() => {}); // settled before the assertions attach; they still see the outcome
      await blockedOnLock();
      await slow.query('COMMIT');
      const [first] = await store.readStream('s');
      await expect(append).resolves.toEqual({ nextExpectedVersion: 1, lastPosition: first!.globalPosition, appended: false });
      expect(await store.readStream('s')).toHaveLength(1);
    });
  });

  it('migrates safely when several processes open the store at once', async () => {
    const schema = await createIsolatedSchema(databaseUrl!, 'es_test');
    try {
      const stores = await Promise.all(
        Array.from({ length: 4 }, () => openPostgresEventStore({ connectionString: schema.connectionString })),
      );
      await stores[0]!.append('s', [ev('A')], { expectedVersion: 'no_stream' });
      expect(await stores[3]!.readStream('s')).toHaveLength(1);
      for (const s of stores) await s.close();
    } finally {
      await schema.drop();
    }
  });
});
