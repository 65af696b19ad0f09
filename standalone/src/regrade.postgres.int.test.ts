import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { regradeSuite } from './regrade.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`regrade instructions and jobs on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  regradeSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'regrade');
    return { databaseUrl: schema.connectionString };
  }),
);
