import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../sql/pglite';
import type { Database } from '../sql/types';
import { createDevOutbox, devOutboxEnabled, migrateDevOutbox, setUpMail } from './index';

describe('mail', () => {
  let db: Database;
  beforeAll(async () => { db = await openPgliteDatabase(); });
  afterAll(async () => { await db.close(); });

  it('keeps the dev outbox off in production, on in standalone and in development without SMTP', () => {
    const from = 'x@y.z';
    expect(devOutboxEnabled({ nodeEnv: 'production', standalone: true })).toBe(false);
    expect(devOutboxEnabled({ nodeEnv: 'test', standalone: true })).toBe(true);
    expect(devOutboxEnabled({ nodeEnv: 'development' })).toBe(true);
    expect(devOutboxEnabled({ nodeEnv: 'development', smtpUrl: 'smtp://mail' })).toBe(false);
    expect(devOutboxEnabled({ nodeEnv: 'test' })).toBe(false);
  });

  it('records and prints dev mail, newest first', async () => {
    await migrateDevOutbox(db);
    const printed: string[] = [];
    const outbox = createDevOutbox(db, (line) => printed.push(line));
    await outbox.send({ to: 'a@b.c', subject: 'First', text: 'one' });
    await outbox.send({ to: 'a@b.c', subject: 'Second', text: 'two' });
    const list = await outbox.list();
    expect(list.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(list[0]).toMatchObject({ to: 'a@b.c', text: 'two' });
    expect(Number.isNaN(Date.parse(list[0]!.sentAt))).toBe(false);
    expect(printed[1]).toContain('two');
  });

  it('refuses to send with 503 when production has no SMTP relay', async () => {
    const { mailer, outbox } = await setUpMail(db, { nodeEnv: 'production', from: 'x@y.z' });
    expect(outbox).toBeNull();
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toMatchObject({ statusCode: 503 });
  });
});
