import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { gradingSuite } from './grading.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`grading on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  gradingSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'grading');
    return { databaseUrl: schema.connectionString };
  }),
);
