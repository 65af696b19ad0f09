import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { streamIds, type DomainEvent } from '@evergrade/contracts';
import { createSqlEventStore, type EventStore } from '@evergrade/platform/event-store';
import { createKafkaRelay, type KafkaRelay } from '@evergrade/platform/kafka';
import { kcatAvailable, readTopic, startMockCluster, type MockCluster } from '@evergrade/platform/kafka/testing';
import { captured, edited, graded, reset, uploaded } from './grading-fixtures';
import { createKafkaProjector, type KafkaProjector } from './kafka-projector';
import { auditProjection, insightsProjection } from './projections/index';
import { dumpTables, openMigrated, testBackends, type OpenDatabase } from './testing';

const TOPIC = 'evergrade.events';
const TENANT = 'demo';

/** Each (assignment, student)'s grading stream: responses, grades, hand edits, a reset; streams interleaved in the log. */
async function appendGrading(store: EventStore, round: number) {
  const streams: [number, number][] = [];
  for (let a = 1; a <= 3; a++) for (let s = 1; s <= 4; s++) streams.push([a, s]);
  const steps = (a: number, s: number): DomainEvent[] =>
    round === 0
      ? [s % 2 ? captured(a, s, [10 * a + 1, 10 * a + 2]) : uploaded(a, s, [10 * a + 1, 10 * a + 2]), graded(a, s, 10 * a + 1, s)]
      : [edited(a, s, 10 * a + 1, s + 1), graded(a, s, 10 * a + 2, 2), ...(s === 4 ? [reset(a, s, [10 * a + 2])] : [])];
  const queues = streams.map(([a, s]) => ({ id: streamIds.grading(TENANT, a, s), events: steps(a, s) }));
  for (let i = 0; queues.some((q) => q.events.length > 0); i++) {
    const q = queues[(i * 7) % queues.length]!;
    const e = q.events.shift();
    if (e) await store.append(q.id, [{ type: e.type, data: e.data, metadata: { tenant: TENANT } }], { expectedVersion: 'any' });
  }
}

const available = kcatAvailable();

describe.skipIf(!available).each(testBackends('kafka_projector'))(
  available
    ? 'A read model fed from Kafka by a consumer group (%s)'
    : 'Kafka consumer-group projector (%s) (skipped: kcat is not installed)',
  (_name, backend) => {
    let opened: OpenDatabase;
    let reference: OpenDatabase;
    let store: EventStore;
    let cluster: MockCluster;
    const running: (KafkaRelay | KafkaProjector)[] = [];

    beforeEach(async () => {
      opened = await backend.open();
      reference = await openMigrated(backend, [auditProjection]);
      store = await createSqlEventStore(opened.db);
      cluster = await startMockCluster();
    });
    afterEach(async () => {
      for (const r of running.splice(0)) await r.stop();
      await cluster.stop();
      await opened.dispose();
      await reference.dispose();
    });

    const relayOnce = async () => {
      const relay = createKafkaRelay({
        store,
        db: opened.db,
        brokers: [cluster.bootstrap],
        topic: TOPIC,
        clientId: 'projector-test',
        idempotent: false,
        log: () => {},
      });
      await relay.start();
      const log = await store.readAll({ limit: 100_000 });
      await relay.reached(log[log.length - 1]!.globalPosition);
      await relay.stop();
      return log;
    };
    /** What the log-fed projection holds after every event of the log, applied once in log order. */
    const expected = async () => {
      await reference.db.query(`DELETE FROM ${auditProjection.tables[0]}`);
      const log = await store.readAll({ limit: 100_000 });
      await reference.db.transaction((tx) => auditProjection.applyBatch(tx, log));
      return dumpTables(reference.db, auditProjection);
    };
    const projector = () => {
      const p = createKafkaProjector({
        db: opened.db,
        brokers: [cluster.bootstrap],
        topic: TOPIC,
        clientId: 'projector-test',
        groupId: 'audit-readers',
        projections: [auditProjection],
        // The mock cluster waits out a member that left before the next joins: the shortest session it accepts.
        sessionTimeoutMs: 6_000,
        log: () => {},
      });
      running.push(p);
      return p;
    };

    it('builds the same audit rows as the log does, with every event on the topic twice, and resumes after a restart', async () => {
      await appendGrading(store, 0);
      await relayOnce();
      // The relay's checkpoint lost (at-least-once): the whole log is published again.
      await opened.db.query('UPDATE kafka_relay_checkpoints SET position = NULL');
      const log = await relayOnce();
      expect(readTopic(cluster.bootstrap, TOPIC)).toHaveLength(log.length * 2);

      const first = projector();
      await first.start();
      await expect.poll(() => first.applied().audit, { timeout: 30_000 }).toBe(log.length);
      await expect.poll(() => dumpTables(opened.db, auditProjection), { timeout: 10_000 }).toEqual(await expected());
      await first.stop();

      // More grading while no consumer runs; the group goes on from its committed offsets.
      await appendGrading(store, 1);
      const more = (await relayOnce()).length - log.length;
      const second = projector();
      await second.start();
      await expect.poll(() => second.applied().audit, { timeout: 30_000 }).toBe(more);
      expect(await dumpTables(opened.db, auditProjection)).toEqual(await expected());
    }, 120_000);
  },
);

describe('Kafka consumer-group projector', () => {
  it('refuses a read model that needs the log order across streams', () => {
    expect(() =>
      createKafkaProjector({ db: {} as never, brokers: ['x:1'], topic: TOPIC, clientId: 'c', projections: [insightsProjection] }),
    ).toThrow(/insights: not fed from Kafka/);
  });
});
