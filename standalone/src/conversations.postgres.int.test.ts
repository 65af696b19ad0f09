import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { conversationsSuite } from './conversations.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`AURA conversations on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  conversationsSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'conversations');
    return { databaseUrl: schema.connectionString };
  }),
);
