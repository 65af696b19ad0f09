import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { safeInputSuite } from './safe-input.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`safe input on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  safeInputSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'safeinput');
    return { databaseUrl: schema.connectionString };
  }),
);
