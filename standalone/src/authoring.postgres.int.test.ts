import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { authoringSuite } from './authoring.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`authoring on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  authoringSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'authoring');
    return { databaseUrl: schema.connectionString };
  }),
);
