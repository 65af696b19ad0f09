import net from 'node:net';
import type { ISocketFactory } from 'kafkajs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqlEventStore } from '../event-store/sql-event-store';
import type { EventStore, RecordedEvent } from '../event-store/types';
import { seededRandom } from '../event-store/test-helpers';
import { openPgliteDatabase } from '../sql/pglite';
import { openPostgresDatabase } from '../sql/postgres';
import { createIsolatedSchema } from '../sql/isolated-schema';
import type { Database } from '../sql/types';
import { readRelayCheckpoint } from './checkpoint';
import { HEADERS } from './message';
import { kcatAvailable, readTopic, startMockCluster, type MockCluster, type TopicMessage } from './mock-cluster';
import { createKafkaRelay, type KafkaRelay, type RelayOptions } from './relay';
import { relayStatus } from './status';

const TOPIC = 'evergrade.events';
/** Nothing listens here (this suite's port range): a broker that is down. */
const DEAD_PORT = 41399;

type Opened = { db: Database; store: EventStore; dispose(): Promise<void> };
const backends: [string, () => Promise<Opened>][] = [
  [
    'PGlite',
    async () => {
      const db = await openPgliteDatabase({});
      const store = await createSqlEventStore(db);
      return { db, store, dispose: () => db.close() };
    },
  ],
];
if (process.env.DATABASE_URL)
  backends.push([
    'PostgreSQL',
    async () => {
      const schema = await createIsolatedSchema(process.env.DATABASE_URL!, 'kafka_relay');
      const db = openPostgresDatabase({ connectionString: schema.connectionString });
      const store = await createSqlEventStore(db);
      return {
        db,
        store,
        dispose: async () => {
          await db.close();
          await schema.drop();
        },
      };
    },
  ]);

/** Appends `count` events, one at a time, each on one of `streams` streams picked at random (interleaved in the log). */
async function appendEvents(store: EventStore, count: number, streams: number, seed: number) {
  const random = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const s = Math.floor(random() * streams);
    const tenant = `t${s % 3}`;
    await store.append(`demo:${tenant}:${s}`, [{ type: 'ThingHappened', data: { i, s }, metadata: { tenant } }], {
      expectedVersion: 'any',
    });
  }
}

async function wholeLog(store: EventStore): Promise<RecordedEvent[]> {
  return store.readAll({ limit: 1_000_000 });
}

/**
 * The topic as a consumer sees it after dropping duplicates by event id: every event of the log exactly once, each
 * stream on one partition with its events in version order. Returns how many messages were duplicates.
 */
function expectEveryEventOnceInStreamOrder(messages: readonly TopicMessage[], log: readonly RecordedEvent[]): number {
  const sorted = [...messages].sort((a, b) => a.partition - b.partition || a.offset - b.offset);
  const seen = new Set<string>();
  const versions = new Map<string, number[]>();
  const partitionOf = new Map<string, number>();
  for (const m of sorted) {
    const value = JSON.parse(m.value!) as { eventId: string; streamId: string; streamVersion: number };
    expect(m.key).toBe(value.streamId);
    expect(m.headers[HEADERS.id]).toBe(value.eventId);
    expect(partitionOf.get(m.key!) ?? m.partition).toBe(m.partition);
    partitionOf.set(m.key!, m.partition);
    if (seen.has(value.eventId)) continue;
    seen.add(value.eventId);
    versions.set(value.streamId, [...(versions.get(value.streamId) ?? []), value.streamVersion]);
  }
  expect([...seen].sort()).toEqual(log.map((e) => e.eventId).sort());
  const expected = new Map<string, number[]>();
  for (const e of log) expected.set(e.streamId, [...(expected.get(e.streamId) ?? []), e.streamVersion]);
  expect(Object.fromEntries(versions)).toEqual(Object.fromEntries(expected));
  return messages.length - seen.size;
}

/** Sockets to wherever the broker is now: the mock cluster advertises its own (new) port, so the relay is pointed here. */
function movableBroker(port: number) {
  const broker = { port };
  const socketFactory: ISocketFactory = ({ onConnect }) => {
    const socket = net.connect({ host: '127.0.0.1', port: broker.port }, onConnect);
    socket.setKeepAlive(true, 30_000);
    return socket;
  };
  return { broker, socketFactory };
}

/** A database that stops answering, as the relay's process would see it die: nothing after this is checkpointed. */
function killable(db: Database): { db: Database; kill(): void } {
  let dead = false;
  const check = () => {
    if (dead) throw new Error('the relay process was killed');
  };
  return {
    kill: () => (dead = true),
    db: {
      kind: db.kind,
      query: async (text, params) => (check(), db.query(text, params)),
      copyIn: async (table, columns, data) => (check(), db.copyIn(table, columns, data)),
      transaction: async (fn) => (check(), db.transaction(fn)),
      listen: (channel, on) => db.listen(channel, on),
      notify: (channel, payload) => db.notify(channel, payload),
      close: () => db.close(),
    },
  };
}

const available = kcatAvailable();

describe.skipIf(!available).each(backends)(
  available ? 'Kafka outbox relay on the mock cluster (%s)' : 'Kafka outbox relay (%s) (skipped: kcat is not installed)',
  (_name, open) => {
    let opened: Opened;
    let cluster: MockCluster | null = null;
    const relays: KafkaRelay[] = [];
    const relay = (options: Partial<RelayOptions> & Pick<RelayOptions, 'brokers'>, db = opened.db) => {
      const r = createKafkaRelay({
        store: opened.store,
        db,
        topic: TOPIC,
        clientId: 'relay-test',
        // librdkafka's mock cluster cannot hand out producer ids to kafkajs (see RelayOptions.idempotent).
        idempotent: false,
        batchSize: 25,
        backoffMs: 50,
        maxBackoffMs: 300,
        lagEveryMs: 100,
        log: process.env.KAFKA_TEST_LOG ? (m, e) => console.error(m, e ?? '') : () => {},
        ...options,
      });
      relays.push(r);
      return r;
    };

    beforeEach(async () => {
      opened = await open();
    });
    afterEach(async () => {
      for (const r of relays.splice(0)) await r.stop();
      await cluster?.stop();
      cluster = null;
      await opened.dispose();
    });

    it('publishes every event in log order, keyed by stream, with its type, tenant, position and id', async () => {
      cluster = await startMockCluster();
      await appendEvents(opened.store, 120, 9, 1);
      const r = relay({ brokers: [cluster.bootstrap] });
      await r.start();
      await appendEvents(opened.store, 80, 9, 2);
      const log = await wholeLog(opened.store);
      await r.reached(log[log.length - 1]!.globalPosition);

      const messages = readTopic(cluster.bootstrap, TOPIC);
      expect(expectEveryEventOnceInStreamOrder(messages, log)).toBe(0);
      const first = messages.find((m) => JSON.parse(m.value!).eventId === log[0]!.eventId)!;
      expect(first.headers).toEqual({
        [HEADERS.type]: 'ThingHappened',
        [HEADERS.id]: log[0]!.eventId,
        [HEADERS.tenant]: log[0]!.metadata.tenant,
        [HEADERS.position]: log[0]!.globalPosition,
        [HEADERS.schemaVersion]: '1',
      });
      expect(JSON.parse(first.value!)).toEqual({
        eventId: log[0]!.eventId,
        type: 'ThingHappened',
        schemaVersion: 1,
        streamId: log[0]!.streamId,
        streamVersion: 1,
        globalPosition: log[0]!.globalPosition,
        recordedAt: log[0]!.recordedAt.toISOString(),
        data: log[0]!.data,
        metadata: log[0]!.metadata,
      });
      // The checkpoint holds the last event; the lag is nil, and /metrics reads the same through relayStatus().
      expect(await readRelayCheckpoint(opened.db, TOPIC)).toBe(log[log.length - 1]!.globalPosition);
      await expect.poll(() => relayStatus()?.behindEvents).toBe(0);
      expect(relayStatus()).toMatchObject({ topic: TOPIC, running: true, connected: true, publishedSinceStart: 200, behindMs: 0 });
    });

    it('a relay killed mid-run and started again loses nothing; only the batch it had not checkpointed comes twice', async () => {
      cluster = await startMockCluster();
      const dying = killable(opened.db);
      const first = relay({ brokers: [cluster.bootstrap], batchSize: 7 }, dying.db);
      await first.start();
      const writing = appendEvents(opened.store, 300, 12, 3);
      await expect.poll(() => first.status().publishedSinceStart, { timeout: 20_000 }).toBeGreaterThan(60);
      dying.kill();
      await first.stop();
      const checkpointAtDeath = await readRelayCheckpoint(opened.db, TOPIC);
      expect(checkpointAtDeath).not.toBeNull();
      await writing;

      const second = relay({ brokers: [cluster.bootstrap], batchSize: 7 });
      await second.start();
      const log = await wholeLog(opened.store);
      await second.reached(log[log.length - 1]!.globalPosition);

      const messages = readTopic(cluster.bootstrap, TOPIC);
      const duplicates = expectEveryEventOnceInStreamOrder(messages, log);
      // Every duplicate is of an event after the checkpoint at the kill: at most the one batch in flight then.
      const counts = new Map<string, number>();
      for (const m of messages) counts.set(JSON.parse(m.value!).eventId, (counts.get(JSON.parse(m.value!).eventId) ?? 0) + 1);
      const twice = log.filter((e) => (counts.get(e.eventId) ?? 0) > 1);
      expect(twice.length).toBe(duplicates);
      expect(duplicates).toBeLessThanOrEqual(7);
      for (const e of twice) expect(opened.store.comparePositions(e.globalPosition, checkpointAtDeath as never)).toBeGreaterThan(0);
    });

    it('keeps retrying while the broker is down, never moving past what it did not deliver, and delivers once one is back', async () => {
      cluster = await startMockCluster();
      const { broker, socketFactory } = movableBroker(cluster.port);
      const r = relay({ brokers: ['kafka.test:9092'], socketFactory });
      await r.start();
      await appendEvents(opened.store, 60, 6, 4);
      const before = await wholeLog(opened.store);
      await r.reached(before[before.length - 1]!.globalPosition);
      const delivered = readTopic(cluster.bootstrap, TOPIC);
      expect(expectEveryEventOnceInStreamOrder(delivered, before)).toBe(0);

      // The broker goes away; more events are committed meanwhile.
      await cluster.stop();
      broker.port = DEAD_PORT;
      await appendEvents(opened.store, 90, 6, 5);
      await expect.poll(() => r.status().consecutiveFailures, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
      expect(r.status()).toMatchObject({ connected: false, behindEvents: 90 });
      expect(r.status().behindMs).toBeGreaterThan(0);
      expect(await readRelayCheckpoint(opened.db, TOPIC)).toBe(before[before.length - 1]!.globalPosition);

      // A broker is back (a new mock cluster: empty, on a new port): what was not acknowledged is delivered, in order.
      cluster = await startMockCluster();
      broker.port = cluster.port;
      const log = await wholeLog(opened.store);
      await r.reached(log[log.length - 1]!.globalPosition);
      const after = readTopic(cluster.bootstrap, TOPIC);
      // Read as one topic: the new cluster's messages after the old one's (same partitioner, same partition per key).
      expectEveryEventOnceInStreamOrder([...delivered, ...after.map((m) => ({ ...m, offset: m.offset + 1_000_000 }))], log);
      expect(new Set(after.map((m) => JSON.parse(m.value!).eventId))).toEqual(new Set(log.slice(before.length).map((e) => e.eventId)));
      expect(r.status()).toMatchObject({ connected: true, consecutiveFailures: 0, lastError: null });
    });
  },
);
