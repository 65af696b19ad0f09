import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { regradeRestartSuite } from './regrade-restart.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`a regrade job across a restart on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  regradeRestartSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'regrade_restart');
    return { databaseUrl: schema.connectionString };
  }),
);
