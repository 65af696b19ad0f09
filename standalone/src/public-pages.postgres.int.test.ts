import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { publicPagesSuite } from './public-pages.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`public pages and speech on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  publicPagesSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'public_pages');
    return { databaseUrl: schema.connectionString };
  }),
);
