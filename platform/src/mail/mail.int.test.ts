import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDatabase } from '../sql/pglite';
import type { Database } from '../sql/types';
import { createDevOutbox, devOutboxEnabled, devOutboxWarning, isLoopbackAddress, migrateDevOutbox, setUpMail } from './index';

describe('mail', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPgliteDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('keeps the dev outbox off in production, on in standalone and in development without SMTP', () => {
    expect(devOutboxEnabled({ nodeEnv: 'production', standalone: true })).toBe(false);
    expect(devOutboxEnabled({ nodeEnv: 'test', standalone: true })).toBe(true);
    expect(devOutboxEnabled({ nodeEnv: 'development' })).toBe(true);
    expect(devOutboxEnabled({ nodeEnv: 'development', smtpUrl: 'smtp://mail' })).toBe(false);
    expect(devOutboxEnabled({ nodeEnv: 'test' })).toBe(false);
  });

  it('keeps the outbox off on a non-loopback interface unless DEV_OUTBOX=true, and never in production', () => {
    expect(devOutboxEnabled({ nodeEnv: 'development', standalone: true, host: '127.0.0.1' })).toBe(true);
    expect(devOutboxEnabled({ nodeEnv: 'development', standalone: true, host: '::1' })).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      expect(devOutboxEnabled({ nodeEnv: 'development', standalone: true, host })).toBe(false);
      expect(devOutboxEnabled({ nodeEnv: 'development', standalone: true, host, devOutbox: true })).toBe(true);
      expect(devOutboxWarning({ nodeEnv: 'development', standalone: true, host, devOutbox: true })).toMatch(/^WARNING: DEV_OUTBOX=true/);
    }
    expect(devOutboxWarning({ nodeEnv: 'development', standalone: true, host: '127.0.0.1', devOutbox: true })).toBeNull();
    expect(devOutboxEnabled({ nodeEnv: 'production', standalone: true, host: '127.0.0.1', devOutbox: true })).toBe(false);
    expect(devOutboxWarning({ nodeEnv: 'production', host: '0.0.0.0', devOutbox: true })).toBeNull();
    expect(devOutboxEnabled({ nodeEnv: 'development', standalone: true, host: '127.0.0.1', devOutbox: false })).toBe(false);
  });

  it('tells loopback addresses from the others', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', 'localhost', '[::1]']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ['0.0.0.0', '::', '10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '127.0.0.1.evil.com', '', undefined])
      expect(isLoopbackAddress(a)).toBe(false);
  });

  it('prints codes in the log, without an outbox, in development on a non-loopback interface', async () => {
    const printed: string[] = [];
    const { mailer, outbox } = await setUpMail(db, {
      nodeEnv: 'development',
      standalone: true,
      host: '0.0.0.0',
      from: 'x@y.z',
      print: (l) => printed.push(l),
    });
    expect(outbox).toBeNull();
    await mailer.send({ to: 'a@b.c', subject: 'Your code', text: '123456' });
    expect(printed).toEqual(['[dev mail] to a@b.c: Your code\n123456']);
  });

  it('logs a warning at start when DEV_OUTBOX=true opens the outbox on another interface', async () => {
    const warned: string[] = [];
    const { outbox } = await setUpMail(db, {
      nodeEnv: 'development',
      standalone: true,
      host: '0.0.0.0',
      devOutbox: true,
      from: 'x@y.z',
      print: () => {},
      warn: (l) => warned.push(l),
    });
    expect(outbox).not.toBeNull();
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('listening on 0.0.0.0');
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
    const { mailer, outbox } = await setUpMail(db, { nodeEnv: 'production', from: 'x@y.z', standalone: true, devOutbox: true });
    expect(outbox).toBeNull();
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toMatchObject({ statusCode: 503 });
  });
});
