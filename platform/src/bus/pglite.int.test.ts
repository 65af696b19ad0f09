import { afterAll, describe } from 'vitest';
import { openPgliteDatabase } from '../sql/pglite';
import type { Database } from '../sql/types';
import { noticeBusContract } from './bus.contract';
import { createPostgresBus } from './postgres';

// Standalone mode may run the LISTEN/NOTIFY bus over its one PGlite.
describe('LISTEN/NOTIFY notice bus over PGlite', () => {
  let db: Database | undefined;
  afterAll(async () => {
    await db?.close();
  });

  noticeBusContract(async () => {
    db ??= await openPgliteDatabase();
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    const publisher = createPostgresBus(db, { onError });
    const subscriber = createPostgresBus(db, { onError });
    return {
      publisher,
      subscriber,
      errors,
      async cleanup() {
        await publisher.close();
        await subscriber.close();
      },
    };
  });
});
