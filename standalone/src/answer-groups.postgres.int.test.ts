import { afterAll, describe } from 'vitest';
import { createIsolatedSchema, type IsolatedSchema } from '@evergrade/platform/sql';
import { answerGroupsSuite } from './answer-groups.suite';

const databaseUrl = process.env.DATABASE_URL;
let schema: IsolatedSchema | undefined;
afterAll(async () => {
  await schema?.drop();
});

describe.skipIf(!databaseUrl)(`answer groups on PostgreSQL${databaseUrl ? '' : ' (skipped: DATABASE_URL not set)'}`, () =>
  answerGroupsSuite(async () => {
    schema = await createIsolatedSchema(databaseUrl!, 'answer_groups');
    return { databaseUrl: schema.connectionString };
  }),
);
