import type { SqlClient } from '../sql/types';
import type { Mailer, MailMessage } from './types';

/**
 * Development and standalone mode: mail lands in a table (read back by `GET /dev/mail`, which the
 * e2e tests use to find codes) and is printed, so nobody needs an SMTP server to sign up locally.
 * A table rather than memory, so the command and query processes of the distributed mode share it.
 */
export type DevOutbox = Mailer & { list(limit?: number): Promise<(MailMessage & { sentAt: string })[]> };

export async function migrateDevOutbox(db: SqlClient): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS dev_outbox (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    "to" text NOT NULL,
    subject text NOT NULL,
    text text NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now()
  )`);
}

export function createDevOutbox(db: SqlClient, print: (line: string) => void = console.log): DevOutbox {
  return {
    async send(m) {
      await db.query('INSERT INTO dev_outbox ("to", subject, text) VALUES ($1, $2, $3)', [m.to, m.subject, m.text]);
      print(`[dev mail] to ${m.to}: ${m.subject}\n${m.text}`);
    },
    async list(limit = 100) {
      const { rows } = await db.query<{ to: string; subject: string; text: string; sent_at: Date | string }>(
        'SELECT "to", subject, text, sent_at FROM dev_outbox ORDER BY id DESC LIMIT $1',
        [limit],
      );
      return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, sentAt: new Date(r.sent_at).toISOString() }));
    },
  };
}
