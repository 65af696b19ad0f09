import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { practiceSuite } from './practice.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`practice assignments on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  practiceSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'practice');
    return { databaseUrl: schema.connectionString };
  }),
);
