import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { regradeRequestsSuite } from './regrade-requests.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`regrade requests on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  regradeRequestsSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'regrade_requests');
    return { databaseUrl: schema.connectionString };
  }),
);
