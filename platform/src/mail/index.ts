import { DomainError } from '@evergrade/contracts';
import { createDevOutbox, migrateDevOutbox, type DevOutbox } from './dev-outbox';
import { createSmtpMailer } from './smtp';
import type { Mailer } from './types';
import type { SqlClient } from '../sql/types';

export * from './types';
export { createDevOutbox, migrateDevOutbox, type DevOutbox } from './dev-outbox';
export { createSmtpMailer } from './smtp';

export type MailSettings = {
  nodeEnv: 'development' | 'test' | 'production';
  smtpUrl?: string | undefined;
  from: string;
  /** Standalone mode keeps the outbox (and `GET /dev/mail`) on unless it runs in production. */
  standalone?: boolean;
  /** Where the outbox prints each message; the console by default. */
  print?: (line: string) => void;
};

/**
 * The dev outbox exposes every code on a public route, so it is never on in production; elsewhere it is
 * on in standalone mode, and in development when there is no SMTP relay to send through.
 */
export function devOutboxEnabled(s: Pick<MailSettings, 'nodeEnv' | 'smtpUrl' | 'standalone'>): boolean {
  if (s.nodeEnv === 'production') return false;
  return s.standalone === true || (s.nodeEnv === 'development' && !s.smtpUrl);
}

/** Without SMTP or outbox (production missing SMTP_URL) sending fails with a 503 rather than losing mail silently. */
const unconfigured: Mailer = {
  async send() {
    throw new DomainError(503, 'E-mail delivery is not configured on this server. Please contact your school administrator.');
  },
};

export type MailSetup = { mailer: Mailer; outbox: DevOutbox | null; close(): void };

/** Picks the adapters for the settings; with both SMTP and the outbox on, mail goes to both. */
export async function setUpMail(db: SqlClient, s: MailSettings): Promise<MailSetup> {
  const outbox = devOutboxEnabled(s) ? createDevOutbox(db, s.print) : null;
  if (outbox) await migrateDevOutbox(db);
  const smtp = s.smtpUrl ? createSmtpMailer({ url: s.smtpUrl, from: s.from }) : null;
  const targets: Mailer[] = [smtp, outbox].filter((m): m is NonNullable<typeof m> => m !== null);
  const mailer: Mailer = targets.length === 0 ? unconfigured : { send: async (m) => { for (const t of targets) await t.send(m); } };
  return { mailer, outbox, close: () => smtp?.close() };
}
