import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { markingPolicySuite } from './marking-policy.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`marking policy on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  markingPolicySuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'marking_policy');
    return { databaseUrl: schema.connectionString };
  }),
);
