import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../sql/pglite';
import type { Database } from '../sql/types';
import { eventStoreContract } from './event-store.contract';
import { createSqlEventStore, openPgliteEventStore, type EventStore } from './index';
import { newEvent as ev } from './test-helpers';

describe('PGlite event store', () => {
  // Starting PGlite takes seconds, so tests share one and start from a dropped table instead.
  let db: Database | undefined;
  afterAll(async () => {
    await db?.close();
  });

  eventStoreContract(async () => {
    db ??= await openPgliteDatabase();
    await db.query('DROP TABLE IF EXISTS events');
    const store = await createSqlEventStore(db);
    const peers: EventStore[] = [];
    return {
      store,
      async openPeer(options) {
        const peer = await createSqlEventStore(db!, options);
        peers.push(peer);
        return peer;
      },
      async cleanup() {
        for (const peer of peers) await peer.close();
        await store.close();
      },
    };
  });

  it('keeps its events in dataDir across reopening', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'evergrade-es-'));
    try {
      const first = await openPgliteEventStore({ dataDir });
      await first.append('kept', [ev('Kept', { n: 1 })], { expectedVersion: 'no_stream' });
      await first.close();
      const second = await openPgliteEventStore({ dataDir });
      expect((await second.readStream('kept')).map((e) => e.data)).toEqual([{ n: 1 }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('leaves a shared database open on close(), and closes its own', async () => {
    const db = await openPgliteDatabase();
    const shared = await createSqlEventStore(db);
    await shared.append('s', [ev('A')], { expectedVersion: 'no_stream' });
    await shared.close();
    expect((await db.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows).toEqual([{ n: '1' }]);
    await db.close();

    const owned = await openPgliteEventStore();
    await owned.close();
    await expect(owned.readAll({ limit: 1 })).rejects.toThrow();
  });
});
