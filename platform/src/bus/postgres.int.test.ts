import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../sql/postgres';
import type { Database } from '../sql/types';
import { noticeBusContract } from './bus.contract';
import { createPostgresBus, NOTICES_CHANNEL } from './postgres';
import type { ProjectionNotice } from './types';

const databaseUrl = process.env.DATABASE_URL;

// Two Database instances: publisher and subscriber share only PostgreSQL, as separate processes do.
async function openPair() {
  const errors: unknown[] = [];
  const publisherDb = openPostgresDatabase({ connectionString: databaseUrl!, max: 2 });
  const subscriberDb = openPostgresDatabase({ connectionString: databaseUrl!, max: 2 });
  const onError = (error: unknown) => errors.push(error);
  return {
    errors,
    subscriberDb,
    publisher: createPostgresBus(publisherDb, { onError }),
    subscriber: createPostgresBus(subscriberDb, { onError }),
    async cleanup() {
      await this.publisher.close();
      await this.subscriber.close();
      await publisherDb.close();
      await subscriberDb.close();
    },
  };
}

describe.skipIf(!databaseUrl)(databaseUrl ? 'PostgreSQL notice bus' : 'PostgreSQL notice bus (skipped: DATABASE_URL not set)', () => {
  noticeBusContract(openPair);

  describe('payloads', () => {
    let pair: Awaited<ReturnType<typeof openPair>>;
    let subscriberDb: Database;
    beforeEach(async () => {
      pair = await openPair();
      subscriberDb = pair.subscriberDb;
    });
    afterEach(async () => {
      await pair.cleanup();
    });

    it('splits a notice too large for one NOTIFY into several that carry every key', async () => {
      const received: ProjectionNotice[] = [];
      const tenant = `big-${Date.now()}`;
      await pair.subscriber.subscribe((n) => {
        if (n.tenant === tenant) received.push(n);
      });
      const keys = Array.from({ length: 1_000 }, (_, i) => `submission-${String(i).padStart(6, '0')}-${'x'.repeat(30)}`);
      await pair.publisher.publish({ projection: 'submissions', tenant, keys, position: 'p-1' });
      await expect.poll(() => received.flatMap((n) => n.keys).length).toBe(keys.length);
      expect(received.length).toBeGreaterThan(1);
      expect(received.flatMap((n) => n.keys)).toEqual(keys);
      for (const n of received) expect(n).toMatchObject({ projection: 'submissions', tenant, position: 'p-1' });
    });

    it('reports a malformed payload and keeps delivering', async () => {
      const received: ProjectionNotice[] = [];
      const tenant = `malformed-${Date.now()}`;
      await pair.subscriber.subscribe((n) => {
        if (n.tenant === tenant) received.push(n);
      });
      await subscriberDb.notify(NOTICES_CHANNEL, 'not json');
      await subscriberDb.notify(NOTICES_CHANNEL, '{"projection":1}');
      await pair.publisher.publish({ projection: 'p', tenant, keys: [], position: '1' });
      await expect.poll(() => received.length).toBe(1);
      expect(pair.errors).toHaveLength(2);
    });
  });
});
