import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { responseCropSuite } from './response-crop.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`handwriting and page crops on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  responseCropSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'crops');
    return { databaseUrl: schema.connectionString };
  }),
);
