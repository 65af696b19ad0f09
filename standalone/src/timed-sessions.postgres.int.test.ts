import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { timedSessionsSuite } from './timed-sessions.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`autosave and timed sessions on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  timedSessionsSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'timed');
    return { databaseUrl: schema.connectionString };
  }),
);
