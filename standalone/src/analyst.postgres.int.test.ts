import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { analystSuite } from './analyst.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`analyst reports on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  analystSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'analyst');
    return { databaseUrl: schema.connectionString };
  }),
);
