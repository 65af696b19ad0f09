import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { concurrentSavesSuite } from './concurrent-saves.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`concurrent saves on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  concurrentSavesSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'saves');
    return { databaseUrl: schema.connectionString };
  }),
);
