import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../event-store/index';
import type { EventStore } from '../event-store/types';
import { createIsolatedSchema, type IsolatedSchema } from '../sql/isolated-schema';
import { openPostgresDatabase } from '../sql/postgres';
import type { Database } from '../sql/types';
import { kcatAvailable, readTopic, startMockCluster, type MockCluster } from './mock-cluster';

const databaseUrl = process.env.DATABASE_URL;
const available = kcatAvailable();
const root = fileURLToPath(new URL('../../..', import.meta.url));
const TOPIC = 'evergrade.events';

const skipped = !available ? 'kcat is not installed' : !databaseUrl ? 'DATABASE_URL not set' : null;

describe.skipIf(skipped !== null)(
  skipped ? `npm run start:relay killed with SIGKILL (skipped: ${skipped})` : 'npm run start:relay killed with SIGKILL',
  () => {
    let schema: IsolatedSchema;
    let cluster: MockCluster;
    let store: EventStore;
    let db: Database;
    const children: ChildProcess[] = [];

    afterEach(async () => {
      for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      await cluster?.stop();
      await store?.close();
      await db?.close();
      await schema?.drop();
    });

    const startRelay = () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'platform/src/kafka/relay-main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: schema.connectionString,
          KAFKA_BROKERS: cluster.bootstrap,
          KAFKA_IDEMPOTENT: 'false',
          // /metrics of the relay process: not looked at here, so any free port.
          PORT: '0',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr!.on('data', () => {});
      children.push(child);
      return child;
    };
    const published = async () =>
      Number(
        (
          await db
            .query<{ n: string }>('SELECT coalesce(sum(published), 0)::text AS n FROM kafka_relay_checkpoints')
            .catch(() => ({ rows: [{ n: '0' }] }))
        ).rows[0]!.n,
      );
    const checkpoint = async () =>
      (await db.query<{ position: string | null }>('SELECT position FROM kafka_relay_checkpoints WHERE name = $1', [TOPIC])).rows[0]
        ?.position ?? null;

    it('loses nothing and re-sends only what it had not checkpointed', async () => {
      schema = await createIsolatedSchema(databaseUrl!, 'kafka_relay_proc');
      cluster = await startMockCluster();
      store = await openPostgresEventStore({ connectionString: schema.connectionString });
      db = openPostgresDatabase({ connectionString: schema.connectionString, max: 2 });

      const first = startRelay();
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing || i < 200; i++) {
          const s = i % 11;
          await store.append(`demo:t:${s}`, [{ type: 'ThingHappened', data: { i }, metadata: { tenant: 't' } }], {
            expectedVersion: 'any',
          });
        }
      })();
      await expect.poll(published, { timeout: 60_000, interval: 50 }).toBeGreaterThan(100);
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const atDeath = await checkpoint();
      writing = false;
      await writer;
      // And more while no relay runs.
      for (let i = 0; i < 30; i++)
        await store.append(`demo:t:${i % 7}`, [{ type: 'ThingHappened', data: { i }, metadata: { tenant: 't' } }], {
          expectedVersion: 'any',
        });

      startRelay();
      const log = await store.readAll({ limit: 1_000_000 });
      const head = log[log.length - 1]!.globalPosition;
      expect(log.filter((e) => store.comparePositions(e.globalPosition, atDeath as never) > 0).length).toBeGreaterThanOrEqual(30);
      await expect.poll(checkpoint, { timeout: 60_000, interval: 100 }).toBe(head);

      const messages = readTopic(cluster.bootstrap, TOPIC).sort((a, b) => a.partition - b.partition || a.offset - b.offset);
      const counts = new Map<string, number>();
      const versions = new Map<string, number[]>();
      for (const m of messages) {
        const v = JSON.parse(m.value!) as { eventId: string; streamId: string; streamVersion: number };
        counts.set(v.eventId, (counts.get(v.eventId) ?? 0) + 1);
        if (counts.get(v.eventId) === 1) versions.set(v.streamId, [...(versions.get(v.streamId) ?? []), v.streamVersion]);
      }
      // Every event once after dropping duplicates, each stream in version order.
      expect([...counts.keys()].sort()).toEqual(log.map((e) => e.eventId).sort());
      for (const [, vs] of versions) expect(vs).toEqual(vs.map((_, i) => i + 1));
      // The duplicates are of events after the checkpoint the killed relay had written.
      for (const e of log.filter((e) => counts.get(e.eventId)! > 1))
        expect(store.comparePositions(e.globalPosition, atDeath as never)).toBeGreaterThan(0);
    }, 180_000);
  },
);
