import { createServer } from 'node:net';
import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import { describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../sql/pglite';
import { eventStoreContract } from './event-store.contract';
import { createEventStore } from './index';
import { createKurrentDbEventStore } from './kurrentdb-event-store';
import { newEvent as ev } from './test-helpers';
import type { EventStore } from './types';

/*
 * The shared contract suite against a real KurrentDB, one fresh in-memory node per test (`$all` cannot be emptied).
 * Runs wherever testcontainers reaches a Docker engine; skips, saying why, where none answers.
 * KURRENTDB_IMAGE picks another image, e.g. eventstore/eventstore:24.10.
 */
const IMAGE = process.env.KURRENTDB_IMAGE ?? 'docker.kurrent.io/kurrent-latest/kurrentdb:latest';
const PORT = 2113;

async function missingEngine(): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the container runtime did not answer within 5 s')), 5_000);
  });
  try {
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message.split('\n')[0] : String(err);
  } finally {
    clearTimeout(timer);
  }
}

async function startNode(): Promise<StartedTestContainer> {
  // KurrentDB 25+ reads KURRENTDB_* settings; EventStoreDB up to 24.10 reads EVENTSTORE_*.
  const prefix = IMAGE.includes('eventstore/') ? 'EVENTSTORE' : 'KURRENTDB';
  const settings = { INSECURE: 'true', MEM_DB: 'true', RUN_PROJECTIONS: 'None', TELEMETRY_OPTOUT: 'true' };
  return new GenericContainer(IMAGE)
    .withEnvironment(Object.fromEntries(Object.entries(settings).map(([k, v]) => [`${prefix}_${k}`, v])))
    .withExposedPorts(PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', PORT).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
}

const missing = await missingEngine();
const title = missing
  ? `KurrentDB event store (skipped: no Docker engine answers here, so the adapter was not run against KurrentDB: ${missing})`
  : `KurrentDB event store (${IMAGE} through testcontainers)`;

describe.skipIf(missing !== undefined)(title, () => {
  const connect = (node: StartedTestContainer, pollIntervalMs?: number) =>
    createKurrentDbEventStore({
      connectionString: `kurrentdb://${node.getHost()}:${node.getMappedPort(PORT)}?tls=false`,
      ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }),
    });

  eventStoreContract(async () => {
    const node = await startNode();
    const store = connect(node);
    const peers: EventStore[] = [];
    return {
      store,
      // Another process's client on the same node.
      async openPeer(options) {
        const peer = connect(node, options?.pollIntervalMs);
        peers.push(peer);
        return peer;
      },
      async cleanup() {
        for (const peer of peers) await peer.close();
        await store.close();
        await node.stop();
      },
    };
  });

  it("keeps KurrentDB's own events out of the log, and the tenant in each event's metadata", async () => {
    const node = await startNode();
    const store = connect(node);
    try {
      // A stream's metadata is a $metadata event in $$s: in $all, but not ours.
      const client = (await import('@kurrent/kurrentdb-client')).KurrentDBClient.connectionString(
        `kurrentdb://${node.getHost()}:${node.getMappedPort(PORT)}?tls=false`,
      );
      await client.setStreamMetadata('s', { maxAge: 3600 });
      await store.append('s', [ev('A', { n: 1 }, { tenant: 'school-1', commandId: 'c1' })], { expectedVersion: 'no_stream' });
      await client.setStreamMetadata('s', { maxAge: 7200 });
      const all = await store.readAll({ limit: 100 });
      expect(all.map((e) => [e.type, e.metadata])).toEqual([['A', { tenant: 'school-1', commandId: 'c1' }]]);
      expect(await store.headPosition()).toBe(all[0]!.globalPosition);
      await client.dispose();
    } finally {
      await store.close();
      await node.stop();
    }
  });
});

describe('choosing the KurrentDB store, and one whose server does not answer', () => {
  it('takes KurrentDB when EVENTSTORE_URL names it, else the events table in the database', async () => {
    const db = await openPgliteDatabase();
    try {
      const sql = await createEventStore(db, { eventStoreUrl: undefined });
      expect(sql.eventsInDatabase).toBe(true);
      await sql.append('s', [ev('A')], { expectedVersion: 'no_stream' });
      expect(await sql.readStream('s')).toHaveLength(1);
      await sql.close();
      // No connection is made until the store is used.
      const kurrent = await createEventStore(db, { eventStoreUrl: 'esdb://127.0.0.1:41402?tls=false' });
      expect(kurrent.eventsInDatabase).toBe(false);
      await kurrent.close();
    } finally {
      await db.close();
    }
  });

  it('fails each call at once when nothing listens at the address, and a subscription ends with the error', async () => {
    // A port of this suite's range (41400-41499), held and closed again, so that nothing listens on it.
    const port = 41_401;
    await new Promise<void>((resolve, reject) => {
      const server = createServer().once('error', reject);
      server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
    });
    const store = createKurrentDbEventStore({ connectionString: `kurrentdb://127.0.0.1:${port}?tls=false` });
    const started = Date.now();
    await expect(store.append('s', [ev('A')], { expectedVersion: 'any' })).rejects.toThrow();
    await expect(store.readStream('s')).rejects.toThrow();
    await expect(store.readAll({ limit: 1 })).rejects.toThrow();
    await expect(store.headPosition()).rejects.toThrow();
    const subscription = store.subscribe({}, () => {});
    await expect(subscription.done).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(30_000);
    await store.close();
    expect(() => store.subscribe({}, () => {})).toThrow(/closed/);
  });
});
