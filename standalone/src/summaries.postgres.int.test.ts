import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { summariesSuite } from './summaries.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`written summaries on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  summariesSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'summaries');
    return { databaseUrl: schema.connectionString };
  }),
);
